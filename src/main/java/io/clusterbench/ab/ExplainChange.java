package io.clusterbench.ab;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * What changed in the server's work between A and B at one thread count, from the explain facts of the pairs
 * (docs/explain.md, "A/B: what changed"; every figure in docs/metrics.md): server CPU and voluntary context switches
 * per event and IPC as B/A ratios ({@link PairedRatio}), the on-CPU lock share and the lock wait per event as
 * differences B − A ({@link PairedDifference}), and the categories, functions and wait events whose share moved
 * most. All intervals of the block are simultaneous at 95% (Bonferroni) over two families: the figures named
 * before looking (the headline figures measured and every category seen, the categories being the fixed list of
 * docs/explain.md) share half of the 5%, the names chosen after looking (every function and wait event any step
 * listed) share the other half (all of it to one family when the other is empty); so a server against itself shows a
 * resolved change at no more than 5% of thread counts, and a listed function that resolves was not picked out of
 * noise. A share of profile samples (lock share, category, function) is never judged more precisely than its samples
 * allow: its pairs' binomial variances floor the interval's spread (docs/metrics.md). Immutable.
 *
 * @param threads                  worker threads
 * @param pairs                    finished pairs compared
 * @param figuresJudged            m: the headline figures measured plus every candidate of the lists, the figures
 *                                 the block's 5% is shared among
 * @param cpuMicrosPerEvent        server CPU µs per event; null without resources on both sides
 * @param voluntarySwitchesPerEvent voluntary context switches per event; null as above
 * @param ipc                      instructions per cycle; null without counters on both sides
 * @param ipcAbsentReason          why there is no IPC (e.g. "not supported by this host"); null when there is one or
 *                                 no counters ran
 * @param lockSharePoints          on-CPU lock share, percent points; null without profiles on both sides
 * @param lockWaitMicrosPerEvent   lock wait per event, µs; null without wait profiles on both sides
 * @param categories               on-CPU categories whose share moved most (points), at most {@value #TOP}
 * @param functions                functions whose self share moved most (points), at most {@value #TOP}
 * @param waits                    wait events whose time per event moved most (µs), at most {@value #TOP}
 * @param categoryCandidates       categories seen in any step (counted with the headline figures)
 * @param functionCandidates       functions among any step's 20 largest self shares (counted with the waits)
 * @param waitCandidates           wait events among any step's leading waits
 */
public record ExplainChange(int threads, int pairs, int figuresJudged,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Scaled cpuMicrosPerEvent,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Scaled voluntarySwitchesPerEvent,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Scaled ipc,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String ipcAbsentReason,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Shift lockSharePoints,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Shift lockWaitMicrosPerEvent,
                            List<Shift> categories, List<Shift> functions, List<Shift> waits, int categoryCandidates,
                            int functionCandidates, int waitCandidates) {
    /** Categories, functions and waits listed per thread count. */
    public static final int TOP = 5;
    /**
     * Fewest pairs whose interval is shown: with 2 pairs the interval has 1 degree of freedom, and at the block's
     * simultaneous level (1 − 0.025/m) its t quantile is in the hundreds or thousands (t(1 − 0.00014, 1) ≈ 2300), so a
     * ratio's interval reached 10^42 %; from 3 pairs (2 degrees of freedom) it is tens. Below this the figure shows
     * its medians and "too few pairs for an interval", and is never resolved.
     */
    public static final int MIN_PAIRS = 3;
    /** A share's difference in percent points lies within ±this: intervals beyond it are cut to it. */
    public static final double SHARE_POINTS_BOUND = 100;

    public ExplainChange {
        categories = categories == null ? List.of() : List.copyOf(categories);
        functions = functions == null ? List.of() : List.copyOf(functions);
        waits = waits == null ? List.of() : List.copyOf(waits);
    }

    /**
     * A figure compared as a ratio.
     *
     * @param medianA median over A's steps
     * @param medianB median over B's steps
     * @param confidence the level of {@code change}'s interval (simultaneous over the block, see the class)
     * @param change  B/A with its interval
     */
    public record Scaled(double medianA, double medianB, double confidence, PairedRatio change) {
    }

    /**
     * A figure compared as a difference.
     *
     * @param name   the category, function or wait event; for the lock figures their name
     * @param meanA  mean over A's steps (a wait a step did not list counts 0; a function as {@link
     *               ExplainReading#functionShare} says: 0 under a whole list, half the smallest share under a cut one)
     * @param meanB  mean over B's steps
     * @param change B − A with its interval ({@link PairedDifference#confidence} says at which level)
     */
    public record Shift(String name, double meanA, double meanB, PairedDifference change) {
    }

    /** @return true when any figure here has a resolved change from at least {@link #MIN_PAIRS} pairs */
    public boolean anyResolved() {
        boolean scaled = java.util.stream.Stream.of(cpuMicrosPerEvent, voluntarySwitchesPerEvent, ipc)
                .anyMatch(s -> s != null && resolved(s.change()));
        boolean lock = java.util.stream.Stream.of(lockSharePoints, lockWaitMicrosPerEvent)
                .anyMatch(s -> s != null && resolved(s.change()));
        return scaled || lock || categories.stream().anyMatch(s -> resolved(s.change()))
                || functions.stream().anyMatch(s -> resolved(s.change()))
                || waits.stream().anyMatch(s -> resolved(s.change()));
    }

    /** @return true when {@code r} has an interval to show ({@link #MIN_PAIRS}) and it is resolved */
    public static boolean resolved(PairedRatio r) {
        return r.pairs() >= MIN_PAIRS && r.resolved();
    }

    /** @return true when {@code d} has an interval to show ({@link #MIN_PAIRS}) and it is resolved */
    public static boolean resolved(PairedDifference d) {
        return d.pairs() >= MIN_PAIRS && d.resolved();
    }

    /**
     * @param pairs  complete pairs at one thread count: {A run, B run}
     * @param order  per pair, where A's and B's runs stood in their block (two sides: which ran first)
     * @return the change, or null when no pair has an explain figure on both sides
     */
    static ExplainChange of(int threads, List<AbRun[]> pairs, PairOrder order) {
        List<ExplainReading[]> rs = pairs.stream()
                .map(p -> new ExplainReading[] {ExplainReading.of(p[0].run()), ExplainReading.of(p[1].run())}).toList();
        Map<String, ToDoubleFunction<ExplainReading>> headline = new LinkedHashMap<>();
        headline.put("cpu", ExplainReading::cpuMicros);
        headline.put("switches", ExplainReading::voluntarySwitches);
        headline.put("ipc", ExplainReading::ipc);
        headline.put("lock share", ExplainReading::lockSharePercent);
        headline.put("lock wait", ExplainReading::lockWaitMicros);
        long present = headline.values().stream().filter(f -> measured(rs, f)).count();
        Candidates cats = candidates(rs, ExplainReading::categories, ExplainReading::profiled,
                (x, name) -> x.categories().getOrDefault(name, 0.0),
                (x, name) -> x.shareVariance(x.categories().getOrDefault(name, 0.0)), SHARE_POINTS_BOUND);
        Candidates funcs = candidates(rs, ExplainReading::functions, ExplainReading::profiled,
                ExplainReading::functionShare, ExplainReading::functionShareVariance, SHARE_POINTS_BOUND);
        Candidates waits = candidates(rs, ExplainReading::waits, ExplainReading::waited,
                (x, name) -> x.waits().getOrDefault(name, 0.0), null, Double.NaN);
        if (present == 0) {
            return null;
        }
        // Bonferroni over the block: half of the 5% to the figures named before looking, half to those chosen after
        long named = present + cats.names().size();
        int chosen = funcs.names().size() + waits.names().size();
        double alpha = 1 - PairedRatio.CONFIDENCE;
        double headlineLevel = 1 - (chosen == 0 ? alpha : alpha / 2) / named;
        double chosenLevel = chosen == 0 ? PairedRatio.CONFIDENCE : 1 - alpha / 2 / chosen;
        Scaled cpu = scaled(rs, order, headline.get("cpu"), headlineLevel);
        Scaled vcs = scaled(rs, order, headline.get("switches"), headlineLevel);
        Scaled ipc = scaled(rs, order, headline.get("ipc"), headlineLevel);
        String ipcAbsent = ipc != null ? null : rs.stream().flatMap(x -> java.util.stream.Stream.of(x))
                .map(ExplainReading::ipcAbsentReason).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        Shift lockShare = shift("lock share", rs, order, headline.get("lock share"),
                x -> x.shareVariance(x.lockSharePercent()), headlineLevel, SHARE_POINTS_BOUND);
        Shift lockWait = shift("lock wait", rs, order, headline.get("lock wait"), null, headlineLevel, Double.NaN);
        return new ExplainChange(threads, pairs.size(), (int) named + chosen, cpu, vcs, ipc, ipcAbsent, lockShare,
                lockWait, moved(rs, order, cats, headlineLevel), moved(rs, order, funcs, chosenLevel),
                moved(rs, order, waits, chosenLevel), cats.names().size(), funcs.names().size(), waits.names().size());
    }

    /**
     * Every name a list's figure has in any step, with how to read it from a step.
     *
     * @param measured a step has the figure (else its value is NaN and the pair is left out)
     * @param value    the name's value in a step that has the figure
     * @param variance the value's variance from counting (for a share of samples), or null for none
     * @param bound    the largest possible |B − A| (intervals are cut to it), NaN for none
     */
    private record Candidates(Set<String> names, Predicate<ExplainReading> measured,
                              BiFunction<ExplainReading, String, Double> value,
                              BiFunction<ExplainReading, String, Double> variance, double bound) {
    }

    private static boolean measured(List<ExplainReading[]> rs, ToDoubleFunction<ExplainReading> f) {
        return rs.stream().anyMatch(x -> Double.isFinite(f.applyAsDouble(x[0])) && Double.isFinite(f.applyAsDouble(x[1])));
    }

    private static Candidates candidates(List<ExplainReading[]> rs, Function<ExplainReading, Map<String, Double>> values,
                                         Predicate<ExplainReading> measured,
                                         BiFunction<ExplainReading, String, Double> value,
                                         BiFunction<ExplainReading, String, Double> variance,
                                         double bound) {
        Set<String> names = new LinkedHashSet<>();
        for (ExplainReading[] x : rs) {
            for (ExplainReading r : x) {
                values.apply(r).forEach((name, v) -> {
                    if (v != 0) {
                        names.add(name);
                    }
                });
            }
        }
        return new Candidates(names, measured, value, variance, bound);
    }

    private static Scaled scaled(List<ExplainReading[]> rs, PairOrder order, ToDoubleFunction<ExplainReading> f,
                                 double confidence) {
        List<Double> a = rs.stream().map(x -> f.applyAsDouble(x[0])).toList();
        List<Double> b = rs.stream().map(x -> f.applyAsDouble(x[1])).toList();
        PairedRatio r = PairedRatio.ofBlocks(a, b, order, confidence);
        return r.pairs() == 0 ? null : new Scaled(median(a), median(b), confidence, r);
    }

    /**
     * @param variance a step's value's variance from counting (a share of samples), or null for none: the pairs'
     *                 sums floor the interval's spread ({@link PairedDifference#ofBlocks(List, List, PairOrder,
     *                 double, List)})
     * @param bound    the largest possible |B − A| (intervals are cut to it), NaN for none
     */
    private static Shift shift(String name, List<ExplainReading[]> rs, PairOrder order,
                               ToDoubleFunction<ExplainReading> f, ToDoubleFunction<ExplainReading> variance,
                               double confidence, double bound) {
        List<Double> a = rs.stream().map(x -> f.applyAsDouble(x[0])).toList();
        List<Double> b = rs.stream().map(x -> f.applyAsDouble(x[1])).toList();
        List<Double> floor = variance == null ? null
                : rs.stream().map(x -> variance.applyAsDouble(x[0]) + variance.applyAsDouble(x[1])).toList();
        PairedDifference d = PairedDifference.ofBlocks(a, b, order, confidence, floor);
        d = Double.isNaN(bound) ? d : d.clampedTo(bound);
        return d.pairs() == 0 ? null : new Shift(name, mean(a), mean(b), d);
    }

    /** The names whose |B − A| is largest (names that are 0 in every step left out). */
    private static List<Shift> moved(List<ExplainReading[]> rs, PairOrder order, Candidates c, double confidence) {
        List<Shift> all = new ArrayList<>();
        for (String name : c.names()) {
            ToDoubleFunction<ExplainReading> f = x -> c.measured().test(x) ? c.value().apply(x, name) : Double.NaN;
            ToDoubleFunction<ExplainReading> v = c.variance() == null ? null
                    : x -> c.measured().test(x) ? c.variance().apply(x, name) : 0;
            Shift s = shift(name, rs, order, f, v, confidence, c.bound());
            if (s != null && (s.meanA() != 0 || s.meanB() != 0)) {
                all.add(s);
            }
        }
        all.sort(Comparator.comparingDouble((Shift s) -> -Math.abs(s.change().difference())).thenComparing(Shift::name));
        return List.copyOf(all.subList(0, Math.min(TOP, all.size())));
    }

    private static double median(List<Double> v) {
        double[] s = v.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).sorted().toArray();
        return s.length == 0 ? Double.NaN : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double mean(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).average().orElse(Double.NaN);
    }
}
