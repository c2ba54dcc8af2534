package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.PairedRatio;
import io.clusterbench.ab.SideRecord;
import io.clusterbench.ab.ThreadVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static io.clusterbench.report.Figure.AB_MDD;
import static io.clusterbench.report.Figure.AB_ORDER_EFFECT;
import static io.clusterbench.report.Figure.AB_PAIRS;
import static io.clusterbench.report.Figure.AB_PAIRS_FOR_1PCT;
import static io.clusterbench.report.Figure.AB_RATIO_CPU;
import static io.clusterbench.report.Figure.AB_RATIO_P95;
import static io.clusterbench.report.Figure.AB_RATIO_P99;
import static io.clusterbench.report.Figure.AB_RATIO_TPS;
import static io.clusterbench.report.Figure.AB_SUMMARY;
import static io.clusterbench.report.Figure.AB_TPS_A;
import static io.clusterbench.report.Figure.AB_TPS_B;
import static io.clusterbench.report.Figure.THREADS_COLUMN;

/**
 * Console text of {@code ab}: the header (warnings first, then the plan and every build) and the verdict
 * table with its summary line ({@link AbSidesText} for three or more sides). Figures come from the
 * {@link AbDocument} only.
 *
 * <p>Thread-safe (stateless).
 */
public final class AbText {
    private AbText() {
    }

    /** @return warnings (each "WARNING: …"), the plan line, one line per side, the per-side settings */
    public static List<String> header(AbDocument d) {
        List<String> out = new ArrayList<>(warnings(d));
        if (d.manySides()) {
            out.addAll(AbSidesText.header(d));
            return out;
        }
        AbDocument.Plan p = d.plan();
        out.add(String.format(Locale.ROOT, "A/B: %s, threads %s x %d pair(s), %d s per step, order %s: %s",
                d.workload(), p.threads(), p.repeats(), p.timeSeconds(), orderText(p),
                p.scheduleLetters().length() > 60 ? p.scheduleLetters().substring(0, 60) + " …" : p.scheduleLetters()));
        for (SideRecord s : d.sides()) {
            out.add("  " + s.describe());
        }
        if (!d.intended().isEmpty()) {
            out.add("  set per side (A vs B): " + String.join(", ", d.intended()));
        }
        return out;
    }

    /** @return "shuffle (seed 42)", or "abba" (which uses no seed) */
    static String orderText(AbDocument.Plan p) {
        return "shuffle".equals(p.order()) ? p.order() + " (seed " + p.orderSeed() + ")" : p.order();
    }

    /**
     * @return how the tps intervals were computed, per method, e.g. "AB/BA crossover analysis, order effect
     * removed, at 1, 8 threads; paired log-ratio t-interval at 2 threads" (one method: no thread counts named)
     */
    static String methods(AbDocument d) {
        java.util.Map<String, List<Integer>> byMethod = new java.util.LinkedHashMap<>();
        for (ThreadVerdict v : d.verdicts()) {
            String m = v.tps().method();
            List<Integer> at = m == null ? null : byMethod.computeIfAbsent(m, k -> new ArrayList<>());
            if (at != null && !at.contains(v.threads())) {
                at.add(v.threads());
            }
        }
        List<String> parts = new ArrayList<>();
        byMethod.forEach((m, threads) -> {
            String name = "crossover".equals(m) ? (d.manySides() ? "crossover analysis, position effects removed"
                    : "AB/BA crossover analysis, order effect removed") : "paired log-ratio t-interval";
            parts.add(byMethod.size() == 1 ? name : name + " at " + threads.stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(", ")) + (threads.equals(List.of(1)) ? " thread" : " threads"));
        });
        return parts.isEmpty() ? "paired log-ratio t-interval" : String.join("; ", parts);
    }

    /** @return one "WARNING: …" line per unintended difference between the sides */
    public static List<String> warnings(AbDocument d) {
        return d.warnings().stream().map(w -> "WARNING: " + w).toList();
    }

    /**
     * @return warnings again, the verdict table (one row per thread count) and the summary line; without any
     * finished step (interrupted before the first) "no step finished: no verdict" instead of the table
     */
    public static List<String> verdicts(AbDocument d) {
        List<String> out = new ArrayList<>(warnings(d));
        if (d.verdicts().isEmpty()) {
            out.add("no step finished: no verdict");
            return out;
        }
        if (d.manySides()) {
            out.addAll(AbSidesText.table(d));
            out.addAll(AbExplainText.lines(d));
            return out;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(THREADS_COLUMN.key(), AB_PAIRS.key(), AB_TPS_A.key(), AB_TPS_B.key(),
                AB_RATIO_TPS.key(), AB_MDD.key(), AB_PAIRS_FOR_1PCT.key(), AB_RATIO_P95.key(), AB_RATIO_P99.key(),
                AB_RATIO_CPU.key()));
        for (ThreadVerdict v : d.verdicts()) {
            PairedRatio t = v.tps();
            rows.add(List.of(Integer.toString(v.threads()), Integer.toString(t.pairs()), num(v.medianTpsA()),
                    num(v.medianTpsB()), t.text(),
                    Double.isNaN(t.mddPercent()) ? "-" : String.format(Locale.ROOT, "%.1f%%", t.mddPercent()),
                    t.pairsFor1Percent() == null ? (t.pairs() < 2 ? "-" : "> " + PairedRatio.MAX_PAIRS)
                            : t.pairsFor1Percent().toString(),
                    v.p95().text(), v.p99().text(), v.serverCpuPerEvent() == null ? "-" : v.serverCpuPerEvent().text()));
        }
        // numbers right-aligned, the ratio texts (verdicts with their intervals) left-aligned
        boolean[] left = {false, false, false, false, true, false, false, true, true, true};
        Columns.render(rows, left, "  ").lines().forEach(out::add);
        out.add(AB_SUMMARY.key() + ": " + d.summary());
        orderEffects(d).ifPresent(out::add);
        out.addAll(AbExplainText.lines(d));
        return out;
    }

    /**
     * @return e.g. "order effect: the second run of a pair had +4.1% [+1.0%, +7.3%] tps at 1 thread (removed from
     * B/A; lengthen --warmup-time or use --restart)", when the tps order effect is resolved at any thread count
     */
    static Optional<String> orderEffects(AbDocument d) {
        List<String> parts = new ArrayList<>();
        for (ThreadVerdict v : d.verdicts()) {
            PairedRatio t = v.tps();
            if (t.orderEffectResolved()) {
                parts.add(String.format(Locale.ROOT, "%+.1f%% [%+.1f%%, %+.1f%%] tps at %d thread%s",
                        (t.orderEffect() - 1) * 100, (t.orderEffectLow() - 1) * 100, (t.orderEffectHigh() - 1) * 100,
                        v.threads(), v.threads() == 1 ? "" : "s"));
            }
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(AB_ORDER_EFFECT.key() + ": the second run of a pair had " + String.join(", ", parts)
                + " (removed from B/A; lengthen --warmup-time or use --restart)");
    }

    private static String num(double v) {
        return io.clusterbench.Format.decimal(v, 2);
    }
}
