package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.AbSchedule;
import io.clusterbench.ab.PairedRatio;
import io.clusterbench.ab.SideRanking;
import io.clusterbench.ab.SideRecord;
import io.clusterbench.ab.ThreadVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static io.clusterbench.report.Figure.AB_MDD;
import static io.clusterbench.report.Figure.AB_MEDIAN_TPS;
import static io.clusterbench.report.Figure.AB_PAIRS;
import static io.clusterbench.report.Figure.AB_PAIRS_FOR_1PCT;
import static io.clusterbench.report.Figure.AB_POSITION_EFFECT;
import static io.clusterbench.report.Figure.AB_RANK;
import static io.clusterbench.report.Figure.AB_RANKING;
import static io.clusterbench.report.Figure.AB_RATIO_BASE_CPU;
import static io.clusterbench.report.Figure.AB_RATIO_BASE_P95;
import static io.clusterbench.report.Figure.AB_RATIO_BASE_P99;
import static io.clusterbench.report.Figure.AB_RATIO_BASE_TPS;
import static io.clusterbench.report.Figure.AB_SIDE;
import static io.clusterbench.report.Figure.AB_SUMMARY;
import static io.clusterbench.report.Figure.THREADS_COLUMN;

/**
 * Console text of {@code ab} with three or more sides (docs/ab.md, "More than two sides"): the header, and the
 * verdict table with one row per thread count and side (the baseline's row first), the summary line, the ranking
 * and any resolved position effect. Figures come from the {@link AbDocument} only; a two-sided comparison prints
 * {@link AbText}'s table instead.
 *
 * <p>Thread-safe (stateless).
 */
public final class AbSidesText {
    private AbSidesText() {
    }

    /** @return the plan line (and a note when the repeats are not whole Williams cycles), one line per side */
    static List<String> header(AbDocument d) {
        List<String> out = new ArrayList<>();
        AbDocument.Plan p = d.plan();
        int n = d.sides().size();
        int cycle = AbSchedule.cycle(n);
        out.add(String.format(Locale.ROOT, "ab: %s, %d sides (baseline %s), threads %s x %d block(s), %d s per step, "
                        + "order %s (Williams design, %d blocks per cycle): %s", d.workload(), n, d.baselineName(),
                p.threads(), p.repeats(), p.timeSeconds(), AbText.orderText(p), cycle,
                p.scheduleLetters().length() > 60 ? p.scheduleLetters().substring(0, 60) + " …" : p.scheduleLetters()));
        if (p.repeats() % cycle != 0) {
            out.add(String.format(Locale.ROOT, "  note: %d block(s) per thread count are not whole cycles of %d: "
                    + "positions and predecessors are balanced over whole cycles only (--repeat %d)", p.repeats(), cycle,
                    AbSchedule.defaultRepeats(n) <= p.repeats() ? (p.repeats() / cycle + 1) * cycle
                            : AbSchedule.defaultRepeats(n)));
        }
        for (SideRecord s : d.sides()) {
            out.add("  " + s.describe());
        }
        if (!d.intended().isEmpty()) {
            out.add("  set per side (" + sideNames(d) + "): " + String.join(", ", d.intended()));
        }
        return out;
    }

    /** @return "A vs B vs C" */
    static String sideNames(AbDocument d) {
        return String.join(" vs ", d.sideList().stream().map(Object::toString).toList());
    }

    /** @return the table's heading line, the table, the summary, the ranking and resolved position effects */
    static List<String> table(AbDocument d) {
        List<String> out = new ArrayList<>();
        int comparisons = d.sides().size() - 1;
        out.add(String.format(Locale.ROOT, "baseline %s; every ratio to it with an interval simultaneous at 95%% over "
                        + "the %d comparisons of a thread count (Bonferroni: %s each; %s)", d.baselineName(), comparisons,
                percent(PairedRatio.bonferroni(comparisons)), AbText.methods(d)));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(THREADS_COLUMN.key(), AB_SIDE.key(), AB_PAIRS.key(), AB_MEDIAN_TPS.key(),
                AB_RATIO_BASE_TPS.key(), AB_MDD.key(), AB_PAIRS_FOR_1PCT.key(), AB_RATIO_BASE_P95.key(),
                AB_RATIO_BASE_P99.key(), AB_RATIO_BASE_CPU.key(), AB_RANK.key()));
        for (SideRanking r : d.rankings()) {
            List<ThreadVerdict> vs = d.verdicts().stream().filter(v -> v.threads() == r.threads()).toList();
            for (SideRanking.Entry e : r.sides()) {
                String rank = e.rank() == null ? "-" : e.rank().toString();
                if (e.side().equals(d.baselineName())) {
                    double median = vs.isEmpty() ? Double.NaN : vs.get(0).medianTpsA();
                    rows.add(List.of(Integer.toString(r.threads()), e.side(), "-", num(median), "baseline", "-", "-", "-",
                            "-", "-", rank));
                    continue;
                }
                ThreadVerdict v = vs.stream().filter(x -> x.sideName().equals(e.side())).findFirst().orElse(null);
                if (v == null) {
                    continue;
                }
                PairedRatio t = v.tps();
                rows.add(List.of(Integer.toString(r.threads()), e.side(), Integer.toString(t.pairs()),
                        num(v.medianTpsB()), t.text(e.side()),
                        Double.isNaN(t.mddPercent()) ? "-" : String.format(Locale.ROOT, "%.1f%%", t.mddPercent()),
                        t.pairsFor1Percent() == null ? (t.pairs() < 2 ? "-" : "> " + PairedRatio.MAX_PAIRS)
                                : t.pairsFor1Percent().toString(),
                        v.p95().text(e.side()), v.p99().text(e.side()),
                        v.serverCpuPerEvent() == null ? "-" : v.serverCpuPerEvent().text(e.side()), rank));
            }
        }
        boolean[] left = {false, true, false, false, true, false, false, true, true, true, false};
        Columns.render(rows, left, "  ").lines().forEach(out::add);
        out.add(AB_SUMMARY.key() + ": " + d.summary());
        ranking(d).ifPresent(out::add);
        positionEffects(d).ifPresent(out::add);
        return out;
    }

    /**
     * @return e.g. "ranking by tps: 1 thread: C > A = B; 2 threads: A = B = C" (thread counts with fewer than two
     * ranked sides left out), or empty without any
     */
    static Optional<String> ranking(AbDocument d) {
        List<String> parts = new ArrayList<>();
        for (SideRanking r : d.rankings()) {
            String order = r.orderText();
            if (!order.isEmpty()) {
                parts.add(r.threads() + (r.threads() == 1 ? " thread: " : " threads: ") + order);
            }
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(AB_RANKING.key() + ": " + String.join("; ", parts));
    }

    /**
     * @return e.g. "position effect: the 2nd run of a block had +4.1% [+1.0%, +7.3%] tps over the first at 1 thread
     * (removed from the ratios; lengthen --warmup-time or use --restart)", when any is resolved
     */
    static Optional<String> positionEffects(AbDocument d) {
        List<String> parts = new ArrayList<>();
        for (SideRanking r : d.rankings()) {
            for (SideRanking.PositionEffect e : r.positionEffects()) {
                if (e.resolved()) {
                    parts.add(String.format(Locale.ROOT, "the %s run of a block had %+.1f%% [%+.1f%%, %+.1f%%] tps "
                                    + "over the first at %d thread%s", ordinal(e.position()), (e.ratio() - 1) * 100,
                            (e.low() - 1) * 100, (e.high() - 1) * 100, r.threads(), r.threads() == 1 ? "" : "s"));
                }
            }
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(AB_POSITION_EFFECT.key() + ": " + String.join(", ", parts)
                + " (removed from the ratios; lengthen --warmup-time or use --restart)");
    }

    private static String ordinal(int n) {
        return n + (n % 100 >= 11 && n % 100 <= 13 ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd"
                : "th");
    }

    /** @return e.g. "97.5%", "98.33%", "99%" */
    static String percent(double level) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.2f", level * 100)).stripTrailingZeros()
                .toPlainString() + "%";
    }

    private static String num(double v) {
        return io.clusterbench.Format.decimal(v, 2);
    }
}
