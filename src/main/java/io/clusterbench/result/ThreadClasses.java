package io.clusterbench.result;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Statement classes of all repeats at one thread count, merged: counts and hits summed, latency from the
 * merged histograms (merged exactly, never averaged; docs/metrics.md "Latency"). Immutable.
 *
 * @param threads worker threads
 * @param runs    runs merged
 * @param classes one record per class, in the order the first run lists them; {@code histogram} holds the
 *                merged histogram
 */
public record ThreadClasses(int threads, int runs, List<ClassRecord> classes) {

    /**
     * @param runs runs of one result; those without a summary or events are skipped (as {@link SweepSummary})
     * @return one entry per thread count, ascending
     * @throws IllegalArgumentException when a stored histogram cannot be decoded
     */
    public static List<ThreadClasses> of(List<RunRecord> runs) {
        Map<Integer, List<RunRecord>> byThreads = new TreeMap<>();
        for (RunRecord r : runs) {
            if (r.summary() != null && r.summary().events() > 0) {
                byThreads.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r);
            }
        }
        List<ThreadClasses> out = new ArrayList<>();
        byThreads.forEach((threads, list) -> out.add(new ThreadClasses(threads, list.size(), merge(list))));
        return out;
    }

    private static List<ClassRecord> merge(List<RunRecord> runs) {
        List<List<ClassRecord>> perRun = new ArrayList<>();
        for (RunRecord r : runs) {
            perRun.add(r.statementClasses() == null ? List.of() : r.statementClasses());
        }
        return mergeClasses(perRun);
    }

    /**
     * @param perRun the statement classes of several runs (repeats, or the shards of one run)
     * @return one record per class name, in first-seen order: counts summed, latency from the histograms added
     */
    static List<ClassRecord> mergeClasses(List<List<ClassRecord>> perRun) {
        Map<String, List<ClassRecord>> byName = new LinkedHashMap<>();
        for (List<ClassRecord> classes : perRun) {
            for (ClassRecord c : classes) {
                byName.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(c);
            }
        }
        List<ClassRecord> out = new ArrayList<>();
        byName.forEach((name, list) -> {
            long statements = 0;
            long hits = 0;
            long misses = 0;
            long rows = 0;
            Histogram merged = null;
            for (ClassRecord c : list) {
                statements += c.statements();
                hits += c.hits();
                misses += c.misses();
                rows += c.rows();
                if (c.histogram() != null) {
                    Histogram h = RunAccumulator.decode(c.histogram());
                    if (merged == null) {
                        merged = h;
                    } else {
                        merged.add(h);
                    }
                }
            }
            boolean targeted = list.stream().anyMatch(c -> c.hitRatePercent() != null);
            Double hitRate = targeted && hits + misses > 0 ? 100.0 * hits / (hits + misses) : null;
            LatencySummary latency = merged == null ? list.get(0).latency() : LatencySummary.of(merged);
            out.add(new ClassRecord(name, statements, hits, misses, hitRate, latency,
                    merged == null ? null : RunAccumulator.encode(merged), rows));
        });
        return out;
    }
}
