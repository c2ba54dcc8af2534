package io.clusterbench.ab;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What changed in the server's work between A and B at one thread count, from the explain facts of the pairs
 * (docs/explain.md, "A/B"; every figure in docs/metrics.md): server CPU and voluntary context switches per event and
 * IPC as B/A ratios ({@link PairedRatio}, 95%), the on-CPU lock share and the lock wait per event as differences
 * B − A ({@link PairedDifference}, 95%), and the categories, functions and wait events whose share moved most. Those
 * are chosen after the fact from many candidates, so their intervals are simultaneous over the candidates
 * (Bonferroni: confidence 1 − 0.05/k for k candidates): an A/A comparison resolves a listed one in at most 5% of
 * thread counts. Immutable.
 *
 * @param threads                  worker threads
 * @param pairs                    finished pairs compared
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
 * @param categoryCandidates       categories seen in any step (the Bonferroni k of {@code categories})
 * @param functionCandidates       functions among any step's 20 largest self shares (the k of {@code functions})
 * @param waitCandidates           wait events among any step's leading waits (the k of {@code waits})
 */
public record ExplainChange(int threads, int pairs,
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
     * @param change  B/A with its 95% interval
     */
    public record Scaled(double medianA, double medianB, PairedRatio change) {
    }

    /**
     * A figure compared as a difference.
     *
     * @param name   the category, function or wait event; for the lock figures their name
     * @param meanA  mean over A's steps (a step where a function or wait was not listed counts 0)
     * @param meanB  mean over B's steps
     * @param change B − A with its interval ({@link PairedDifference#confidence} says at which level)
     */
    public record Shift(String name, double meanA, double meanB, PairedDifference change) {
    }

    /** @return true when any figure here has a resolved change */
    public boolean anyResolved() {
        boolean scaled = java.util.stream.Stream.of(cpuMicrosPerEvent, voluntarySwitchesPerEvent, ipc)
                .anyMatch(s -> s != null && s.change().resolved());
        boolean lock = java.util.stream.Stream.of(lockSharePoints, lockWaitMicrosPerEvent)
                .anyMatch(s -> s != null && s.change().resolved());
        return scaled || lock || categories.stream().anyMatch(s -> s.change().resolved())
                || functions.stream().anyMatch(s -> s.change().resolved())
                || waits.stream().anyMatch(s -> s.change().resolved());
    }

    /**
     * @param pairs  complete pairs at one thread count: {A run, B run}
     * @param bFirst per pair, whether B ran first
     * @return the change, or null when no pair has an explain figure on both sides
     */
    static ExplainChange of(int threads, List<AbRun[]> pairs, List<Boolean> bFirst) {
        List<ExplainReading[]> rs = pairs.stream()
                .map(p -> new ExplainReading[] {ExplainReading.of(p[0].run()), ExplainReading.of(p[1].run())}).toList();
        Scaled cpu = scaled(rs, bFirst, ExplainReading::cpuMicros);
        Scaled vcs = scaled(rs, bFirst, ExplainReading::voluntarySwitches);
        Scaled ipc = scaled(rs, bFirst, ExplainReading::ipc);
        String ipcAbsent = ipc != null ? null : rs.stream().flatMap(x -> java.util.stream.Stream.of(x))
                .map(ExplainReading::ipcAbsentReason).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        Shift lockShare = shift("lock share", rs, bFirst, ExplainReading::lockSharePercent, PairedRatio.CONFIDENCE);
        Shift lockWait = shift("lock wait", rs, bFirst, ExplainReading::lockWaitMicros, PairedRatio.CONFIDENCE);
        Moved cats = moved(rs, bFirst, ExplainReading::categories, ExplainReading::profiled);
        Moved funcs = moved(rs, bFirst, ExplainReading::functions, ExplainReading::profiled);
        Moved waits = moved(rs, bFirst, ExplainReading::waits, ExplainReading::waited);
        if (cpu == null && ipc == null && ipcAbsent == null && lockShare == null && lockWait == null) {
            return null;
        }
        return new ExplainChange(threads, pairs.size(), cpu, vcs, ipc, ipcAbsent, lockShare, lockWait, cats.top(),
                funcs.top(), waits.top(), cats.candidates(), funcs.candidates(), waits.candidates());
    }

    private record Moved(List<Shift> top, int candidates) {
    }

    private static Scaled scaled(List<ExplainReading[]> rs, List<Boolean> bFirst, ToDoubleFunction<ExplainReading> f) {
        List<Double> a = rs.stream().map(x -> f.applyAsDouble(x[0])).toList();
        List<Double> b = rs.stream().map(x -> f.applyAsDouble(x[1])).toList();
        PairedRatio r = PairedRatio.of(a, b, bFirst);
        return r.pairs() == 0 ? null : new Scaled(median(a), median(b), r);
    }

    private static Shift shift(String name, List<ExplainReading[]> rs, List<Boolean> bFirst,
                               ToDoubleFunction<ExplainReading> f, double confidence) {
        List<Double> a = rs.stream().map(x -> f.applyAsDouble(x[0])).toList();
        List<Double> b = rs.stream().map(x -> f.applyAsDouble(x[1])).toList();
        PairedDifference d = PairedDifference.of(a, b, bFirst, confidence);
        return d.pairs() == 0 ? null : new Shift(name, mean(a), mean(b), d);
    }

    /** The names whose mean |B − A| is largest, intervals simultaneous over every name seen. */
    private static Moved moved(List<ExplainReading[]> rs, List<Boolean> bFirst,
                               Function<ExplainReading, Map<String, Double>> values,
                               java.util.function.Predicate<ExplainReading> measured) {
        Set<String> names = new LinkedHashSet<>();
        rs.forEach(x -> {
            names.addAll(values.apply(x[0]).keySet());
            names.addAll(values.apply(x[1]).keySet());
        });
        if (names.isEmpty()) {
            return new Moved(List.of(), 0);
        }
        double confidence = 1 - (1 - PairedRatio.CONFIDENCE) / names.size();
        List<Shift> all = new ArrayList<>();
        for (String name : names) {
            ToDoubleFunction<ExplainReading> f = x -> measured.test(x) ? values.apply(x).getOrDefault(name, 0.0) : Double.NaN;
            Shift s = shift(name, rs, bFirst, f, confidence);
            if (s != null) {
                all.add(s);
            }
        }
        all.sort(Comparator.comparingDouble((Shift s) -> -Math.abs(s.change().difference())).thenComparing(Shift::name));
        return new Moved(all.subList(0, Math.min(TOP, all.size())), names.size());
    }

    private static double median(List<Double> v) {
        double[] s = v.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).sorted().toArray();
        return s.length == 0 ? Double.NaN : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double mean(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).average().orElse(Double.NaN);
    }
}
