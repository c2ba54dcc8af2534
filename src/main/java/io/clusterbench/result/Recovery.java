package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Recovery figures per disruptive fault from the run's intervals (docs/metrics.md, "Faults and recovery").
 * Each fault's figures are taken inside its window only, from the fault to the next disruptive fault (or the end
 * of the run): a later fault's dip is that fault's, never the earlier one's. A rejoin (resume, start, heal) is not
 * a fault of its own: it is part of the recovery from the fault it undoes. Resolution is one report interval:
 * detection and recovery are read at interval boundaries.
 *
 * <p>Thread-safe (stateless).
 */
public final class Recovery {
    /** An interval below this share of the baseline counts as the fault being felt. */
    static final double DETECT_SHARE = 0.5;
    /** Throughput is back at this share of the baseline. */
    static final double RECOVERED_SHARE = 0.9;
    /** An interval below this share of the baseline is a stall (nearly nothing committed). */
    public static final double STALL_SHARE = 0.1;
    /** Slack for interval ends that fall on a window's end (seconds are rounded in result.json). */
    private static final double EPSILON = 1e-6;

    private Recovery() {
    }

    /**
     * @param events        faults as they happened, in time order
     * @param intervals     the run's intervals, in order
     * @param runEndSeconds end of the measured time
     * @return one record per disruptive fault, in order
     */
    public static List<RecoveryRecord> compute(List<FaultEvent> events, List<IntervalRecord> intervals,
                                               double runEndSeconds) {
        List<RecoveryRecord> out = new ArrayList<>();
        double firstFault = Double.MAX_VALUE;
        for (FaultEvent e : events) {
            if (e.disruptive()) {
                firstFault = Math.min(firstFault, e.atSeconds());
            }
        }
        List<Double> before = new ArrayList<>();
        for (IntervalRecord r : intervals) {
            if (r.endSeconds() <= firstFault) {
                before.add(r.tps());
            }
        }
        double baseline = median(before);
        for (int i = 0; i < events.size(); i++) {
            FaultEvent e = events.get(i);
            if (!e.disruptive()) {
                continue;
            }
            double windowEnd = runEndSeconds;
            for (int j = i + 1; j < events.size(); j++) {
                if (events.get(j).disruptive()) {
                    windowEnd = Math.min(windowEnd, events.get(j).atSeconds());
                    break;
                }
            }
            out.add(one(e, intervals, Math.max(e.atSeconds(), windowEnd), baseline));
        }
        return out;
    }

    private static RecoveryRecord one(FaultEvent e, List<IntervalRecord> intervals, double windowEnd, double baseline) {
        double at = e.atSeconds();
        double detect = -1;
        double stall = 0;
        double recovered = -1;
        boolean dipped = false;
        Map<String, Long> errors = new TreeMap<>();
        for (IntervalRecord r : intervals) {
            if (r.endSeconds() <= at || r.startSeconds() >= windowEnd) {
                continue; // before the fault, or the next fault's
            }
            r.errorsByCode().forEach((k, v) -> errors.merge(k, v, Long::sum));
            if (stalled(r, baseline)) {
                stall += Math.min(r.endSeconds(), windowEnd) - Math.max(r.startSeconds(), at);
            }
            boolean low = baseline > 0 && r.tps() < DETECT_SHARE * baseline;
            if (detect < 0 && (low || !r.errorsByCode().isEmpty())) {
                detect = r.endSeconds() - at;
            }
            if (r.endSeconds() > windowEnd + EPSILON) {
                continue; // straddles the next fault: part of its dip may be that fault's
            }
            if (baseline > 0 && r.tps() < RECOVERED_SHARE * baseline) {
                dipped = true;
                recovered = -1;
            } else if (dipped && recovered < 0) {
                recovered = Math.max(0, r.startSeconds() - at);
            }
        }
        if (!dipped && baseline > 0) {
            recovered = 0;
        }
        return new RecoveryRecord(e.step(), at, baseline, detect, stall, recovered, windowEnd, errors);
    }

    /** @return true when the interval is a stall: below {@link #STALL_SHARE} of the baseline (0 tps without one) */
    static boolean stalled(IntervalRecord r, double baseline) {
        return baseline > 0 ? r.tps() < STALL_SHARE * baseline : r.tps() == 0;
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return -1;
        }
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
