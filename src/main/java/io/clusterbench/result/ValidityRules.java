package io.clusterbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The validity rules (docs/metrics.md, "Validity"), each a threshold on figures the result already holds: the host
 * observer's per-interval CPU, the client's CPU, the fault timeline, Galera's node state changes, the cut-off events
 * and the intervals. Pure functions of the record. Stateless.
 */
public final class ValidityRules {
    /** The host's mean busy share from which it counts as saturated, percent of all processors. */
    public static final double HOST_SATURATED_PERCENT = 90;
    /** The client's share of the host from which it is flagged when the server runs on the same host, percent. */
    public static final double CLIENT_SHARE_PERCENT = 25;
    /** The cut-off share of the events from which a run is flagged, percent of completed + cut-off events. */
    public static final double CUT_OFF_SHARE_PERCENT = 1;
    /** Repeats per side (or per sweep step) needed before a verdict: {@link Verdict#MIN_RUNS}. */
    public static final int MIN_REPEATS = Verdict.MIN_RUNS;

    private ValidityRules() {
    }

    /**
     * @param run a finished run or sweep step (with its summary)
     * @return its verdict: host CPU saturated, client CPU share, unplanned faults, cut-off share, stalled
     */
    public static Validity of(RunRecord run) {
        List<ValidityFlag> flags = new ArrayList<>();
        HostFacts host = run.observerFacts().get(FactKeys.HOST);
        Summary s = run.summary();
        Double hostCpu = meanObserved(run.intervals(), "host", "hostCpuPercent");
        Double serverCpu = meanObserved(run.intervals(), "host", "serverCpuPercent");
        Double client = host == null || s == null || s.measuredSeconds() <= 0 || host.processors() <= 0 ? null
                : round(100 * s.clientCpuSeconds() / (s.measuredSeconds() * host.processors()));
        boolean shared = host != null && host.serverOnThisHost();
        if (hostCpu != null && hostCpu >= HOST_SATURATED_PERCENT) {
            Map<String, Double> fig = new LinkedHashMap<>();
            fig.put("hostCpuPercent", hostCpu);
            fig.put("processors", (double) host.processors());
            if (client != null) {
                fig.put("clientCpuPercentOfHost", client);
            }
            if (serverCpu != null) {
                fig.put("serverCpuPercent", serverCpu);
            }
            flags.add(new ValidityFlag("host-cpu-saturated", f("host CPU %.1f%% busy over the measured intervals "
                    + "(threshold %.0f%%) on %d processors%s%s%s", hostCpu, HOST_SATURATED_PERCENT,
                    host.processors(), shared ? " shared by the client and the server" : "",
                    client == null ? "" : f("; client %.1f%%", client),
                    serverCpu == null ? "" : f(", server %.1f%%", serverCpu)), fig));
        }
        if (shared && client != null && client >= CLIENT_SHARE_PERCENT) {
            flags.add(new ValidityFlag("client-cpu-share", f("the client used %.1f%% of the host's CPU (threshold "
                    + "%.0f%%), taken from the server on the same host", client, CLIENT_SHARE_PERCENT),
                    Map.of("clientCpuPercentOfHost", client)));
        }
        unplanned(run, flags);
        if (s != null) {
            cutOff(s, flags);
        }
        ValidityFlag stalled = stalled(run.intervals(), s);
        if (stalled != null) {
            flags.add(stalled);
        }
        return new Validity(flags, hostCpu, client, shared);
    }

    /** Quorum losses and node state changes the --fault schedule does not account for. */
    private static void unplanned(RunRecord run, List<ValidityFlag> flags) {
        FaultReport faults = run.observerFacts().get(FactKeys.FAULTS);
        Set<String> faulted = new TreeSet<>();
        double firstFault = Double.POSITIVE_INFINITY;
        if (faults != null) {
            for (FaultEvent e : faults.events()) {
                faulted.add(e.node());
                firstFault = Math.min(firstFault, e.atSeconds());
            }
            for (QuorumLoss q : faults.quorumLoss()) {
                if (q.startSeconds() < firstFault) {
                    flags.add(new ValidityFlag("unplanned-fault", f("quorum lost at %.1f s for %.1f s (%s) before any "
                            + "scheduled fault", q.startSeconds(), q.lengthSeconds(), q.nodes()),
                            Map.of("quorumLossStartSeconds", q.startSeconds(), "quorumLossSeconds", q.lengthSeconds())));
                }
            }
        }
        GaleraFacts galera = run.observerFacts().get(FactKeys.GALERA);
        if (galera == null) {
            return;
        }
        galera.totals().forEach((node, t) -> {
            if (t.stateChanges() > 0 && !faulted.contains(node)) {
                flags.add(new ValidityFlag("unplanned-fault", f("%s changed state %d times without a scheduled fault "
                        + "on it (now %s, %s)", node, t.stateChanges(), t.localState(), t.clusterStatus()),
                        Map.of("stateChanges", (double) t.stateChanges())));
            }
        });
    }

    private static void cutOff(Summary s, List<ValidityFlag> flags) {
        long all = s.events() + s.cutOffEvents();
        if (all == 0 || s.cutOffEvents() == 0) {
            return;
        }
        double share = round(100.0 * s.cutOffEvents() / all);
        if (share > CUT_OFF_SHARE_PERCENT) {
            flags.add(new ValidityFlag("cut-off-share", f("%d of %d events (%.2f%%) were cut off by the end of the "
                    + "run (threshold %.0f%%): the run is short for its threads", s.cutOffEvents(), all, share,
                    CUT_OFF_SHARE_PERCENT), Map.of("cutOffEvents", (double) s.cutOffEvents(),
                    "cutOffPercent", share)));
        }
    }

    /**
     * A run stalled when no event completed in more than half of its intervals, for a workload whose events complete
     * within an interval: the run's median event latency is shorter than the median interval (or no event completed
     * at all). A workload of long events (a big transaction, a DDL on a large table) is not held to it.
     *
     * @param intervals the run's intervals
     * @param summary   the run's totals, or null
     * @return the {@code stalled} flag, else null
     */
    public static ValidityFlag stalled(List<IntervalRecord> intervals, Summary summary) {
        if (intervals == null || intervals.isEmpty()) {
            return null;
        }
        long idle = intervals.stream().filter(i -> i.events() == 0).count();
        if (2 * idle <= intervals.size()) {
            return null;
        }
        double[] lengths = intervals.stream().mapToDouble(i -> i.endSeconds() - i.startSeconds()).sorted().toArray();
        double medianInterval = lengths[lengths.length / 2];
        if (summary != null && summary.events() > 0 && summary.latency() != null
                && summary.latency().p50Micros() / 1e6 >= medianInterval) {
            return null;
        }
        return new ValidityFlag("stalled", f("no event completed in %d of %d intervals", idle, intervals.size()),
                Map.of("idleIntervals", (double) idle, "intervals", (double) intervals.size()));
    }

    /**
     * @param repeats the runs (or pairs) behind a verdict
     * @param needed  the least the verdict's rule needs: {@link #MIN_REPEATS} for {@code compare} and a sweep step,
     *                2 pairs for {@code ab}
     * @param whose   what they are, e.g. {@code runs at 16 threads}
     * @return the {@code too-few-repeats} flag when there are fewer than {@code needed}, else null
     */
    public static ValidityFlag tooFewRepeats(int repeats, int needed, String whose) {
        return repeats >= needed ? null : new ValidityFlag("too-few-repeats", f("%d %s: a verdict needs %d (no spread "
                + "to judge a difference by)", repeats, whose, needed),
                Map.of("repeats", (double) repeats, "minRepeats", (double) needed));
    }

    /**
     * @param changePercent the difference of the medians, percent
     * @param noisePercent  the measured noise: the wider side's range (max − min) as a percent of its median
     * @return the {@code within-noise} flag when the difference is smaller than the noise, else null
     */
    public static ValidityFlag withinNoise(double changePercent, double noisePercent) {
        return Math.abs(changePercent) >= noisePercent ? null : new ValidityFlag("within-noise", f("a difference of "
                + "%.1f%% is smaller than the measured noise of %.1f%%", Math.abs(changePercent), noisePercent),
                Map.of("changePercent", round(changePercent), "noisePercent", round(noisePercent)));
    }

    /**
     * @return the duration-weighted mean of {@code observed.<observer>.<key>} over the intervals that hold it,
     *         rounded to 0.01, or null when none does
     */
    static Double meanObserved(List<IntervalRecord> intervals, String observer, String key) {
        double sum = 0;
        double seconds = 0;
        if (intervals != null) {
            for (IntervalRecord i : intervals) {
                java.util.OptionalDouble v = Observations.of(i).number(observer, key);
                if (v.isPresent()) {
                    double len = Math.max(0, i.endSeconds() - i.startSeconds());
                    sum += v.getAsDouble() * len;
                    seconds += len;
                }
            }
        }
        return seconds == 0 ? null : round(sum / seconds);
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
