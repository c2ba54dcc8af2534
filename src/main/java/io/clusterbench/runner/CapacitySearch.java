package io.clusterbench.runner;

import io.clusterbench.result.CapacityRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * The bisection of a capacity search: after the closed-loop step gives the maximum tps {@code M}, each next rate is
 * the middle of the highest rate that met the latency target (0 at first) and the lowest that missed it ({@code M}
 * at first, since open-loop latency at the closed-loop maximum includes queueing); it stops after the planned steps
 * or once the two are within {@link #RESOLUTION} of {@code M}. A step meets the target when its latency percentile
 * is within it and its tps kept up with the rate ({@link CapacityRecord#KEPT_UP_SHARE}).
 *
 * <p>Not thread-safe; confined to the command's thread.
 */
final class CapacitySearch {
    /** The search ends once met and missed rates are this share of the closed-loop maximum apart. */
    static final double RESOLUTION = 0.02;
    private final double percentile;
    private final long targetMicros;
    private final int threads;
    private final int openLoopSteps;
    private final List<CapacityRecord.Step> steps = new ArrayList<>();
    private double closedLoopTps = -1;
    private double met;
    private double missed;

    /**
     * @param percentile    the judged latency percentile, 0-100 (exclusive of 0)
     * @param targetMicros  the latency target, µs, &gt; 0
     * @param threads       worker threads of every step
     * @param openLoopSteps the most open-loop steps after the closed-loop one, &ge; 1
     */
    CapacitySearch(double percentile, long targetMicros, int threads, int openLoopSteps) {
        this.percentile = percentile;
        this.targetMicros = targetMicros;
        this.threads = threads;
        this.openLoopSteps = openLoopSteps;
    }

    /**
     * Records a finished step.
     *
     * @param rate          the rate it ran at (0 for the closed loop, which must come first)
     * @param tps           its measured tps
     * @param latencyMicros its latency at the judged percentile, µs
     * @param errors        its errors
     * @return the recorded step, with its verdict
     */
    CapacityRecord.Step record(double rate, double tps, long latencyMicros, long errors) {
        boolean keptUp = rate == 0 || tps >= CapacityRecord.KEPT_UP_SHARE * rate;
        boolean ok = keptUp && latencyMicros <= targetMicros;
        CapacityRecord.Step step = new CapacityRecord.Step(rate, tps, latencyMicros, keptUp, ok, errors);
        steps.add(step);
        if (rate == 0) {
            closedLoopTps = tps;
            met = ok ? tps : 0;
            missed = tps;
        } else if (ok) {
            met = Math.max(met, rate);
        } else {
            missed = Math.min(missed, rate);
        }
        return step;
    }

    /** @return the next rate to run, events per second, or a negative value when the search is done */
    double nextRate() {
        if (closedLoopTps < 0) {
            return 0;
        }
        boolean closedMet = steps.get(0).met();
        int openRun = steps.size() - 1;
        if (closedMet || closedLoopTps <= 0 || openRun >= openLoopSteps
                || (openRun > 0 && missed - met <= RESOLUTION * closedLoopTps)) {
            return -1;
        }
        return Math.round((met + missed) / 2 * 100) / 100.0;
    }

    /** @return the search's outcome so far */
    CapacityRecord result() {
        boolean closedMet = !steps.isEmpty() && steps.get(0).met();
        boolean anyMissed = steps.stream().anyMatch(s -> s.rate() > 0 && !s.met());
        return new CapacityRecord(percentile, targetMicros, threads, Math.max(0, closedLoopTps), closedMet,
                closedMet ? closedLoopTps : met, anyMissed ? missed : null, steps);
    }
}
