package io.clusterbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The explain figures of a sweep per thread count and node, over its full repeats (docs/metrics.md, "Explain"):
 * medians of the per-step figures, and the functions and waits with the largest mean share. Computed from the runs
 * of a result; immutable.
 *
 * @param points            per thread count (ascending), then node (endpoint order)
 * @param steps             steps counted (full repeats with explain facts), each once whatever its nodes
 * @param profiledSteps     of them, steps with an on-CPU profile of at least one node
 * @param warnedSteps       of them, steps with a profile warning on at least one node ({@link CpuProfile#warning})
 * @param perfCpuPercentMax the largest share of the server's CPU perf's own process used in a profiled step (any
 *                          node); null without one
 */
public record ExplainSummary(List<Point> points, int steps, int profiledSteps, int warnedSteps,
                             Double perfCpuPercentMax) {
    /** Functions and waits named per point. */
    public static final int TOP = 3;

    /**
     * One thread count on one node.
     *
     * @param threads             worker threads
     * @param node                the node's name
     * @param steps               steps counted (full repeats with explain facts)
     * @param profiledSteps       of them, steps with an on-CPU profile
     * @param cpuMicrosPerEvent   median server CPU per event, µs; null without resources
     * @param lockCpuPercent      median share of on-CPU samples in locks, 0-100; null without a profile
     * @param lockWaitMicros      median lock wait per event (the wait profile's lock category, else InnoDB's
     *                            row-lock time), µs; null without a wait profile
     * @param topFunctions        functions with the largest mean self share over the profiled steps, at most {@link #TOP}
     * @param topWaits            waits with the largest mean time per event (the leading waits), at most {@link #TOP}
     * @param perfCpuPercentMax   the largest share of the server's CPU that perf itself used in a profiled step; null
     *                            without one
     */
    public record Point(int threads, String node, int steps, int profiledSteps, Double cpuMicrosPerEvent,
                        Double lockCpuPercent, Double lockWaitMicros, List<Named> topFunctions, List<Named> topWaits,
                        Double perfCpuPercentMax) {
        public Point {
            topFunctions = List.copyOf(topFunctions);
            topWaits = List.copyOf(topWaits);
        }
    }

    /**
     * A function's mean self share (percent) or a wait's mean time per event (µs).
     *
     * @param name  the function or wait event
     * @param value the mean over the steps counted (a step where it did not appear counts 0)
     */
    public record Named(String name, double value) {
    }

    /** @return the explain summary of the full repeats among {@code runs}; no points when none has explain facts */
    public static ExplainSummary of(List<RunRecord> runs) {
        Map<Integer, Map<String, List<RunRecord>>> byThreads = new TreeMap<>();
        int steps = 0;
        int profiled = 0;
        int warned = 0;
        Double perfMax = null;
        for (RunRecord r : runs) {
            if (r.summary() == null || r.summary().events() == 0 || !SweepSummary.isRepeat(r) || !ExplainFacts.any(r)) {
                continue;
            }
            steps++;
            CpuProfile p = r.fact(FactKeys.CPU_PROFILE);
            if (p != null && p.profiled()) {
                profiled++;
                warned += p.nodes().stream().anyMatch(n -> n.absentReason() == null && n.warning() != null) ? 1 : 0;
                for (CpuProfile.Node n : p.nodes()) {
                    if (n.absentReason() == null && n.perfCpuPercentOfServer() != null) {
                        perfMax = perfMax == null ? n.perfCpuPercentOfServer()
                                : Math.max(perfMax, n.perfCpuPercentOfServer());
                    }
                }
            }
            for (String node : nodes(r)) {
                byThreads.computeIfAbsent(r.threads(), t -> new LinkedHashMap<>())
                        .computeIfAbsent(node, n -> new ArrayList<>()).add(r);
            }
        }
        List<Point> points = new ArrayList<>();
        byThreads.forEach((threads, byNode) -> byNode.forEach((node, list) -> points.add(point(threads, node, list))));
        return new ExplainSummary(points, steps, profiled, warned, perfMax);
    }

    private static List<String> nodes(RunRecord r) {
        List<String> names = new ArrayList<>();
        ServerResources res = r.fact(FactKeys.SERVER_RESOURCES);
        WaitProfile w = r.fact(FactKeys.WAIT_PROFILE);
        CpuProfile p = r.fact(FactKeys.CPU_PROFILE);
        if (res != null) {
            res.nodes().forEach(n -> names.add(n.node()));
        } else if (w != null) {
            w.nodes().forEach(n -> names.add(n.node()));
        } else if (p != null) {
            p.nodes().forEach(n -> names.add(n.node()));
        }
        return names;
    }

    private static Point point(int threads, String node, List<RunRecord> runs) {
        List<Double> cpu = new ArrayList<>();
        List<Double> lockCpu = new ArrayList<>();
        List<Double> lockWait = new ArrayList<>();
        Map<String, Double> functions = new LinkedHashMap<>();
        Map<String, Double> waits = new LinkedHashMap<>();
        Double perfMax = null;
        int profiled = 0;
        for (RunRecord r : runs) {
            ServerResources.Node res = find(r.fact(FactKeys.SERVER_RESOURCES), node);
            if (res != null && res.perEvent() != null) {
                cpu.add(res.perEvent().cpuMicros());
            }
            CpuProfile.Node p = findProfile(r.fact(FactKeys.CPU_PROFILE), node);
            if (p != null && p.absentReason() == null) {
                profiled++;
                lockCpu.add(p.lockSharePercent() == null ? 0 : p.lockSharePercent());
                p.topSelf().forEach(s -> functions.merge(s.name(), s.sharePercent(), Double::sum));
                if (p.perfCpuPercentOfServer() != null) {
                    perfMax = perfMax == null ? p.perfCpuPercentOfServer() : Math.max(perfMax, p.perfCpuPercentOfServer());
                }
            }
            WaitProfile.Node w = findWaits(r.fact(FactKeys.WAIT_PROFILE), node);
            if (w != null && w.absentReason() == null && w.events() > 0) {
                WaitProfile.Category lock = w.category(WaitProfile.LOCK);
                Long micros = lock != null ? Long.valueOf(lock.waitMicros()) : w.rowLockWaitMicros();
                if (micros != null) {
                    lockWait.add(micros / (double) w.events());
                }
                w.leadingWaits().forEach(x -> waits.merge(x.event(), x.waitMicros() / (double) w.events(), Double::sum));
            }
        }
        int n = runs.size();
        return new Point(threads, node, n, profiled, median(cpu), median(lockCpu), median(lockWait),
                top(functions, Math.max(1, profiled)), top(waits, n), perfMax);
    }

    private static List<Named> top(Map<String, Double> sums, int steps) {
        return sums.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(TOP).map(e -> new Named(e.getKey(), e.getValue() / steps)).toList();
    }

    private static Double median(List<Double> v) {
        return v.isEmpty() ? null : Spread.of(v).median();
    }

    private static ServerResources.Node find(ServerResources f, String node) {
        return f == null ? null : f.nodes().stream().filter(n -> n.node().equals(node)).findFirst().orElse(null);
    }

    private static CpuProfile.Node findProfile(CpuProfile f, String node) {
        return f == null ? null : f.nodes().stream().filter(n -> n.node().equals(node)).findFirst().orElse(null);
    }

    private static WaitProfile.Node findWaits(WaitProfile f, String node) {
        return f == null ? null : f.nodes().stream().filter(n -> n.node().equals(node)).findFirst().orElse(null);
    }
}
