package io.clusterbench.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Server counters per node of one run ({@code intervals[].observed.serverNodes}), each the time-weighted mean over
 * the run's intervals (weights: interval seconds), as {@link ObservedSummary} summarises {@code observed.server}
 * (docs/metrics.md, "Server counters per node"). Immutable.
 *
 * @param byNode node name → figure key (with its unit, e.g. {@code QuestionsPerSecond}) → mean, in first-seen order
 */
public record NodeCounters(Map<String, Map<String, Double>> byNode) {
    /** The figures the report shows per node, in column order. */
    public static final List<String> SHOWN = List.of("QuestionsPerSecond", "Com_commitPerSecond",
            "Innodb_rows_readPerSecond", "Innodb_rows_updatedPerSecond", "bufferPoolMissPercent", "Threads_running",
            "Threads_connected");

    /** @return the run's per-node means, or null when its intervals hold no {@code serverNodes} figures */
    public static NodeCounters of(RunRecord run) {
        Map<String, Map<String, double[]>> sums = new LinkedHashMap<>(); // {weighted sum, weight}
        for (IntervalRecord i : run.intervals() == null ? List.<IntervalRecord>of() : run.intervals()) {
            double w = Math.max(0, i.endSeconds() - i.startSeconds());
            if (w == 0) {
                continue;
            }
            Observations.of(i).nodeNumbers(Observations.SERVER_NODES).forEach((node, figures) ->
                    figures.forEach((k, v) -> {
                        double[] acc = sums.computeIfAbsent(node, x -> new LinkedHashMap<>())
                                .computeIfAbsent(k, x -> new double[2]);
                        acc[0] += v * w;
                        acc[1] += w;
                    }));
        }
        if (sums.isEmpty()) {
            return null;
        }
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        sums.forEach((node, keys) -> {
            Map<String, Double> means = new LinkedHashMap<>();
            keys.forEach((k, acc) -> means.put(k, acc[0] / acc[1]));
            out.put(node, means);
        });
        return new NodeCounters(out);
    }
}
