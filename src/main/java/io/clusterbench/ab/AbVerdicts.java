package io.clusterbench.ab;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Validity;
import io.clusterbench.result.ValidityFlag;
import io.clusterbench.result.ValidityRules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Turns the runs of an {@code ab} comparison into one {@link ThreadVerdict} per thread count and side against the
 * baseline, one {@link SideRanking} per thread count, and a summary line. Runs are grouped into blocks by thread
 * count and repeat; a side and the baseline form a pair in a block when both of their runs completed. Each pair's
 * positions in its block (from the steps' schedule indexes) go to {@link PairedRatio}, which removes position
 * effects when the positions allow it; the ratios of a thread count are simultaneous over its comparisons
 * ({@link PairedRatio#simultaneous}).
 *
 * <p>Thread-safe (stateless).
 */
public final class AbVerdicts {
    /** Finished pairs a verdict needs: 2 (the paired ratio's confidence interval needs two; docs/ab.md). */
    static final int MIN_PAIRS = 2;

    private AbVerdicts() {
    }

    /**
     * The two-sided verdicts, B against A.
     *
     * @see #of(List, List, Side)
     */
    public static List<ThreadVerdict> of(List<AbRun> runs) {
        return of(runs, List.of(Side.A, Side.B), Side.A);
    }

    /**
     * @param runs     every run of the comparison, in any order
     * @param sides    the sides in the order given (2 or more)
     * @param baseline the side every other is compared with, one of {@code sides}
     * @return per thread count that has at least one run (ascending), one verdict per side other than the baseline,
     *         in the order of {@code sides}
     */
    public static List<ThreadVerdict> of(List<AbRun> runs, List<Side> sides, Side baseline) {
        List<ThreadVerdict> out = new ArrayList<>();
        Blocks blocks = Blocks.of(runs);
        int comparisons = sides.size() - 1;
        blocks.byThreads().forEach((threads, byRepeat) -> {
            for (Side side : sides) {
                if (side.equals(baseline)) {
                    continue;
                }
                List<AbRun[]> complete = new ArrayList<>();
                for (Map<Side, AbRun> block : byRepeat.values()) {
                    AbRun a = block.get(baseline);
                    AbRun b = block.get(side);
                    if (a != null && b != null && a.completed() && b.completed()) {
                        complete.add(new AbRun[] {a, b});
                    }
                }
                out.add(verdict(threads, complete, blocks.order(complete, sides.size()), comparisons, side, baseline));
            }
        });
        return out;
    }

    private static ThreadVerdict verdict(int threads, List<AbRun[]> complete, PairOrder order, int comparisons,
                                         Side side, Side baseline) {
        PairedRatio tps = ratio(complete, order, comparisons, AbRun::tps);
        boolean local = !complete.isEmpty() && complete.stream()
                .allMatch(p -> p[0].serverCpuSeconds() != null && p[1].serverCpuSeconds() != null);
        String outcome = !tps.resolved() ? "tie" : tps.low() > 1 ? "win" : "loss";
        return new ThreadVerdict(threads, tps, ratio(complete, order, comparisons, AbRun::p95Micros),
                ratio(complete, order, comparisons, AbRun::p99Micros),
                local ? ratio(complete, order, comparisons, AbRun::serverCpuMicrosPerEvent) : null,
                median(complete, 0, AbRun::tps), median(complete, 1, AbRun::tps),
                median(complete, 0, AbRun::p95Micros), median(complete, 1, AbRun::p95Micros), outcome,
                complete.isEmpty() ? null : ExplainChange.of(threads, complete, order),
                validity(threads, complete, tps), side.name(), baseline.name(), PairedRatio.bonferroni(comparisons));
    }

    /**
     * @param verdicts {@link #of(List, List, Side)} of the runs
     * @param runs     the same runs (for the position effects)
     * @return one ranking per thread count with a verdict, ascending
     */
    public static List<SideRanking> rankings(List<ThreadVerdict> verdicts, List<AbRun> runs, List<Side> sides,
                                             Side baseline) {
        Blocks blocks = Blocks.of(runs);
        Map<Integer, List<ThreadVerdict>> byThreads = new TreeMap<>();
        verdicts.forEach(v -> byThreads.computeIfAbsent(v.threads(), k -> new ArrayList<>()).add(v));
        List<SideRanking> out = new ArrayList<>();
        byThreads.forEach((threads, vs) -> {
            List<SideRanking.Entry> entries = new ArrayList<>();
            for (Side s : sides) {
                if (s.equals(baseline)) {
                    entries.add(new SideRanking.Entry(s.name(), null, 1, 1, 1));
                    continue;
                }
                vs.stream().filter(v -> v.sideName().equals(s.name())).findFirst().ifPresent(v -> entries.add(
                        new SideRanking.Entry(s.name(), null, v.tps().ratio(), v.tps().pairs() >= MIN_PAIRS
                                ? v.tps().low() : Double.NaN, v.tps().pairs() >= MIN_PAIRS ? v.tps().high() : Double.NaN)));
            }
            boolean any = entries.stream().anyMatch(e -> !e.side().equals(baseline.name()) && Double.isFinite(e.low()));
            TreeMap<Integer, Map<Side, AbRun>> block = blocks.byThreads().getOrDefault(threads, new TreeMap<>());
            out.add(new SideRanking(threads, PairedRatio.CONFIDENCE, any ? SideRanking.rank(entries) : entries,
                    PositionEffects.of(block, blocks::position, sides)));
        });
        return out;
    }

    /**
     * @return the one-line verdict over the thread range, by tps ({@link SummaryLine#of}): two sides e.g. "tps: B
     * wins at 1, 4 threads; loses at 512; no difference resolved at 16, 64"; more sides e.g. "tps vs o3: pgo1 wins at
     * 1 thread (+5.1%), no difference resolved at 4 threads; pgo2 loses at 1, 4 threads (-3.0% to -2.1%)"; "" without
     * any verdict
     */
    public static String summaryLine(List<ThreadVerdict> verdicts) {
        return SummaryLine.of(verdicts);
    }

    /**
     * The runs grouped by thread count and repeat (a block: one run per side), with each run's position in its
     * block: its schedule index minus the block's first index (a block's steps run back to back, and a comparison
     * stops at its first failed step, so the runs of a block are always its first ones).
     */
    private record Blocks(TreeMap<Integer, TreeMap<Integer, Map<Side, AbRun>>> byThreads, Map<String, Integer> first) {
        static Blocks of(List<AbRun> runs) {
            TreeMap<Integer, TreeMap<Integer, Map<Side, AbRun>>> byThreads = new TreeMap<>();
            Map<String, Integer> first = new HashMap<>();
            for (AbRun r : runs) {
                byThreads.computeIfAbsent(r.step().threads(), k -> new TreeMap<>())
                        .computeIfAbsent(r.step().repeat(), k -> new LinkedHashMap<>()).put(r.step().side(), r);
                first.merge(key(r.step()), r.step().index(), Math::min);
            }
            return new Blocks(byThreads, first);
        }

        private static String key(AbStep s) {
            return s.threads() + "/" + s.repeat();
        }

        int position(AbRun r) {
            return r.step().index() - first.get(key(r.step()));
        }

        PairOrder order(List<AbRun[]> pairs, int sides) {
            return new PairOrder(sides, pairs.stream().map(p -> position(p[0])).toList(),
                    pairs.stream().map(p -> position(p[1])).toList());
        }
    }

    /**
     * The pair's validity at one thread count: fewer finished pairs than {@link #MIN_PAIRS}, a tps
     * difference smaller than the measured noise (the minimum detectable difference of the pairs), and every flag of
     * a side's runs, its evidence prefixed with the side and repeat.
     */
    static Validity validity(int threads, List<AbRun[]> complete, PairedRatio tps) {
        List<ValidityFlag> flags = new ArrayList<>();
        ValidityFlag few = ValidityRules.tooFewRepeats(complete.size(), MIN_PAIRS, "pairs at " + threads
                + (threads == 1 ? " thread" : " threads"));
        if (few != null) {
            flags.add(few);
        }
        if (tps.pairs() >= 2 && Double.isFinite(tps.mddPercent())) {
            ValidityFlag noise = ValidityRules.withinNoise(tps.percent(), tps.mddPercent());
            if (noise != null) {
                flags.add(noise);
            }
        }
        for (AbRun[] pair : complete) {
            for (AbRun side : pair) {
                Validity v = side.run().observerFacts().get(FactKeys.VALIDITY);
                if (v != null) {
                    for (ValidityFlag f : v.flags()) {
                        flags.add(new ValidityFlag(f.flag(), side.step().side() + " run " + side.step().repeat() + ": "
                                + f.evidence(), f.figures()));
                    }
                }
            }
        }
        return new Validity(flags, null, null, false);
    }

    private static PairedRatio ratio(List<AbRun[]> pairs, PairOrder order, int comparisons, ToDoubleFunction<AbRun> f) {
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        for (AbRun[] p : pairs) {
            a.add(f.applyAsDouble(p[0]));
            b.add(f.applyAsDouble(p[1]));
        }
        return PairedRatio.simultaneous(a, b, order, comparisons);
    }

    private static double median(List<AbRun[]> pairs, int side, ToDoubleFunction<AbRun> f) {
        double[] v = pairs.stream().mapToDouble(p -> f.applyAsDouble(p[side])).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
