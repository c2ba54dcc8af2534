package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;

/**
 * Event latency percentiles per thread count over repeats, each as min / median / max of the runs'
 * values (docs/metrics.md "Spread"). Immutable.
 *
 * @param threads    worker threads
 * @param p50Micros  p50 over repeats, µs
 * @param p95Micros  p95 over repeats, µs
 * @param p99Micros  p99 over repeats, µs
 * @param p999Micros p99.9 over repeats, µs
 */
public record LatencySpread(int threads, Spread p50Micros, Spread p95Micros, Spread p99Micros, Spread p999Micros) {

    /**
     * @param runs runs of one result; those without a summary or events are skipped (as {@link SweepSummary})
     * @return one entry per thread count, ascending
     */
    public static List<LatencySpread> of(List<RunRecord> runs) {
        Map<Integer, List<LatencySummary>> byThreads = new TreeMap<>();
        for (RunRecord r : runs) {
            if (r.summary() != null && r.summary().events() > 0) {
                byThreads.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r.summary().latency());
            }
        }
        List<LatencySpread> out = new ArrayList<>();
        byThreads.forEach((t, l) -> out.add(new LatencySpread(t, spread(l, LatencySummary::p50Micros),
                spread(l, LatencySummary::p95Micros), spread(l, LatencySummary::p99Micros),
                spread(l, LatencySummary::p999Micros))));
        return out;
    }

    private static Spread spread(List<LatencySummary> list, ToLongFunction<LatencySummary> f) {
        return Spread.of(list.stream().map(l -> (double) f.applyAsLong(l)).toList());
    }
}
