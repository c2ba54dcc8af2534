package io.clusterbench.ab;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Validity;
import io.clusterbench.result.ValidityFlag;
import io.clusterbench.result.ValidityRules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Turns the runs of an A/B comparison into one {@link ThreadVerdict} per thread count and a summary line.
 * Pairs are matched by thread count and repeat; a pair counts only when both of its runs completed. Each
 * pair's order (which side ran first, from the steps' schedule indexes) goes to {@link PairedRatio}, which
 * removes an order effect when both orders occur.
 *
 * <p>Thread-safe (stateless).
 */
public final class AbVerdicts {
    /** Finished pairs a verdict needs: 2 (the paired ratio's confidence interval needs two; docs/ab.md). */
    static final int MIN_PAIRS = 2;

    private AbVerdicts() {
    }

    /**
     * @param runs every run of the comparison, in any order
     * @return one verdict per thread count that has at least one run, thread counts ascending
     */
    public static List<ThreadVerdict> of(List<AbRun> runs) {
        TreeMap<Integer, TreeMap<Integer, AbRun[]>> byThreads = new TreeMap<>();
        for (AbRun r : runs) {
            AbRun[] pair = byThreads.computeIfAbsent(r.step().threads(), k -> new TreeMap<>())
                    .computeIfAbsent(r.step().repeat(), k -> new AbRun[2]);
            pair[r.step().side().ordinal()] = r;
        }
        List<ThreadVerdict> out = new ArrayList<>();
        byThreads.forEach((threads, pairs) -> {
            List<AbRun[]> complete = pairs.values().stream()
                    .filter(p -> p[0] != null && p[1] != null && p[0].completed() && p[1].completed()).toList();
            PairedRatio tps = ratio(complete, AbRun::tps);
            boolean local = !complete.isEmpty() && complete.stream()
                    .allMatch(p -> p[0].serverCpuSeconds() != null && p[1].serverCpuSeconds() != null);
            String outcome = !tps.resolved() ? "tie" : tps.low() > 1 ? "win" : "loss";
            out.add(new ThreadVerdict(threads, tps, ratio(complete, AbRun::p95Micros), ratio(complete, AbRun::p99Micros),
                    local ? ratio(complete, AbRun::serverCpuMicrosPerEvent) : null,
                    median(complete, 0, AbRun::tps), median(complete, 1, AbRun::tps),
                    median(complete, 0, AbRun::p95Micros), median(complete, 1, AbRun::p95Micros), outcome,
                    complete.isEmpty() ? null : ExplainChange.of(threads, complete, bFirst(complete)),
                    validity(threads, complete, tps)));
        });
        return out;
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

    /**
     * @return e.g. "tps: B wins at 1, 4 threads; loses at 512; no difference resolved at 16, 64; too few pairs to
     * judge at 1024" — each group left out when empty; "tps: no difference resolved at any thread count" when
     * all tie; "tps: too few pairs to judge (fewer than 2 finished)" when no thread count has 2 finished pairs
     * (an interrupted comparison); "" without any verdict
     */
    public static String summaryLine(List<ThreadVerdict> verdicts) {
        if (verdicts.isEmpty()) {
            return "";
        }
        List<ThreadVerdict> judged = verdicts.stream().filter(v -> v.tps().pairs() >= 2).toList();
        List<ThreadVerdict> unjudged = verdicts.stream().filter(v -> v.tps().pairs() < 2).toList();
        if (judged.isEmpty()) {
            return "tps: too few pairs to judge (fewer than 2 finished)";
        }
        List<String> parts = new ArrayList<>();
        addGroup(parts, judged, "win", "B wins at ");
        addGroup(parts, judged, "loss", "B loses at ");
        if (parts.isEmpty() && unjudged.isEmpty()) {
            return "tps: no difference resolved at any thread count" + flagged(verdicts);
        }
        addGroup(parts, judged, "tie", "no difference resolved at ");
        addGroup(parts, unjudged, "tie", "too few pairs to judge at ");
        return "tps: " + String.join("; ", parts) + flagged(verdicts);
    }

    /**
     * @return "; flagged: 64 threads (A host-cpu-saturated, B host-cpu-saturated)" naming each side whose runs carry a
     *         validity flag, or "" when none does (too few pairs and a difference within noise are in the line's own
     *         words already)
     */
    static String flagged(List<ThreadVerdict> verdicts) {
        List<String> parts = new ArrayList<>();
        for (ThreadVerdict v : verdicts) {
            if (v.validity() == null) {
                continue;
            }
            java.util.Set<String> names = new java.util.LinkedHashSet<>();
            for (ValidityFlag f : v.validity().flags()) {
                if (f.evidence().matches("^[AB] run \\d+: .*")) {
                    names.add(f.evidence().charAt(0) + " " + f.flag());
                }
            }
            if (!names.isEmpty()) {
                parts.add(v.threads() + (v.threads() == 1 ? " thread" : " threads") + " (" + String.join(", ", names)
                        + ")");
            }
        }
        return parts.isEmpty() ? "" : "; flagged: " + String.join(", ", parts);
    }

    private static void addGroup(List<String> parts, List<ThreadVerdict> verdicts, String outcome, String prefix) {
        List<ThreadVerdict> group = verdicts.stream().filter(v -> v.outcome().equals(outcome)).toList();
        if (group.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder(prefix);
        for (int i = 0; i < group.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(group.get(i).threads());
        }
        b.append(group.size() == 1 && group.get(0).threads() == 1 ? " thread" : " threads");
        if (!outcome.equals("tie")) {
            double lo = group.stream().mapToDouble(v -> v.tps().percent()).min().orElse(0);
            double hi = group.stream().mapToDouble(v -> v.tps().percent()).max().orElse(0);
            b.append(group.size() == 1 ? String.format(Locale.ROOT, " (%+.1f%%)", lo)
                    : String.format(Locale.ROOT, " (%+.1f%% to %+.1f%%)", lo, hi));
        }
        parts.add(b.toString());
    }

    private static PairedRatio ratio(List<AbRun[]> pairs, ToDoubleFunction<AbRun> f) {
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        for (AbRun[] p : pairs) {
            a.add(f.applyAsDouble(p[0]));
            b.add(f.applyAsDouble(p[1]));
        }
        return PairedRatio.of(a, b, bFirst(pairs));
    }

    /** @return per pair, whether B ran first (its step came earlier in the schedule) */
    private static List<Boolean> bFirst(List<AbRun[]> pairs) {
        return pairs.stream().map(p -> p[1].step().index() < p[0].step().index()).toList();
    }

    private static double median(List<AbRun[]> pairs, int side, ToDoubleFunction<AbRun> f) {
        double[] v = pairs.stream().mapToDouble(p -> f.applyAsDouble(p[side])).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
