package io.clusterbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the observers saw ({@link IntervalRecord#observed()}), per figure and thread count: for each run the
 * time-weighted mean of the figure over the run's intervals (weights: interval seconds; for a per-second
 * figure this is its rate over the whole run), then min / median / max of those means over repeats.
 * Only numeric figures are kept; identity figures ({@link #IDENTITY_KEYS}) are left out. Immutable.
 *
 * @param figures one entry per observer figure, in first-seen order
 */
public record ObservedSummary(List<Figure> figures) {
    /** Observer keys that name a thing rather than measure it, left out of the summary. */
    public static final Set<String> IDENTITY_KEYS = Set.of("serverPid", "processors");

    /**
     * One observer figure.
     *
     * @param observer  the observer's name, e.g. {@code server}, {@code host}
     * @param key       the figure's key with its unit, e.g. {@code serverCpuPercent}, {@code QuestionsPerSecond}
     * @param byThreads thread count → the run means over repeats, ascending by threads
     */
    public record Figure(String observer, String key, Map<Integer, Spread> byThreads) {
    }

    /** @return true when no observer figure was found */
    public boolean isEmpty() {
        return figures.isEmpty();
    }

    /**
     * @param runs runs of one result; those without a summary or events are skipped (as {@link SweepSummary})
     * @return the summary; empty when no interval holds observer figures
     */
    public static ObservedSummary of(List<RunRecord> runs) {
        // observer -> key -> threads -> run means
        Map<String, Map<String, Map<Integer, List<Double>>>> means = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            if (r.summary() == null || r.summary().events() <= 0 || r.intervals() == null) {
                continue;
            }
            Map<String, Map<String, double[]>> sums = new LinkedHashMap<>(); // {weighted sum, weight}
            for (IntervalRecord i : r.intervals()) {
                double w = Math.max(0, i.endSeconds() - i.startSeconds());
                if (w == 0) {
                    continue;
                }
                Observations o = Observations.of(i);
                for (String observer : o.observers()) {
                    o.numbers(observer).forEach((k, v) -> {
                        if (!IDENTITY_KEYS.contains(k)) {
                            double[] acc = sums.computeIfAbsent(observer, x -> new LinkedHashMap<>())
                                    .computeIfAbsent(k, x -> new double[2]);
                            acc[0] += v * w;
                            acc[1] += w;
                        }
                    });
                }
            }
            sums.forEach((observer, keys) -> keys.forEach((key, acc) -> means
                    .computeIfAbsent(observer, o -> new LinkedHashMap<>())
                    .computeIfAbsent(key, k -> new TreeMap<>())
                    .computeIfAbsent(r.threads(), t -> new ArrayList<>()).add(acc[0] / acc[1])));
        }
        List<Figure> figures = new ArrayList<>();
        means.forEach((observer, keys) -> keys.forEach((key, byThreads) -> {
            Map<Integer, Spread> spreads = new TreeMap<>();
            byThreads.forEach((t, list) -> spreads.put(t, Spread.of(list)));
            figures.add(new Figure(observer, key, spreads));
        }));
        return new ObservedSummary(List.copyOf(figures));
    }
}
