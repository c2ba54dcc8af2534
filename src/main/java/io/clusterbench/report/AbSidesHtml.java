package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.PairedRatio;
import io.clusterbench.ab.SideRanking;
import io.clusterbench.ab.ThreadVerdict;

import java.util.ArrayList;
import java.util.List;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Html.esc;

/**
 * The parts of the {@code ab} page that differ with three or more sides (docs/ab.md, "More than two sides"): the
 * note on how the ratios were judged, with the ranking and any resolved position effect, and the verdict table with
 * one row per thread count and side. {@link AbHtml} draws the rest, for any number of sides.
 *
 * <p>Thread-safe (stateless).
 */
final class AbSidesHtml {
    private AbSidesHtml() {
    }

    /** @return the paragraphs above the charts: how the intervals were made, the ranking, resolved position effects */
    static String intro(AbDocument d) {
        int comparisons = d.sides().size() - 1;
        StringBuilder b = new StringBuilder("<p>Every side's ratio to ").append(esc(d.baselineName()))
                .append(" (the baseline) with an interval from the blocks (").append(esc(AbText.methods(d)))
                .append("), simultaneous at 95% over the ").append(comparisons)
                .append(" comparisons of a thread count (Bonferroni: ")
                .append(esc(AbSidesText.percent(PairedRatio.bonferroni(comparisons))))
                .append(" each); a band that does not cross 0% is a resolved difference. A rank is given only where "
                        + "intervals separate: sides whose intervals overlap share it.</p>\n");
        AbSidesText.ranking(d).ifPresent(line -> b.append("<p><b>").append(esc(line.substring(0, line.indexOf(':'))))
                .append("</b>").append(esc(line.substring(line.indexOf(':')))).append("</p>\n"));
        AbSidesText.positionEffects(d).ifPresent(line -> b.append("<p>").append(esc(line)).append("</p>\n"));
        return b.toString();
    }

    /** @return one row per thread count and side, the baseline's first: pairs, median tps, ratios, MDD, rank */
    static String verdictTable(AbDocument d) {
        List<List<String>> rows = new ArrayList<>();
        for (SideRanking r : d.rankings()) {
            List<ThreadVerdict> vs = d.verdicts().stream().filter(v -> v.threads() == r.threads()).toList();
            for (SideRanking.Entry e : r.sides()) {
                String rank = e.rank() == null ? "-" : e.rank().toString();
                if (e.side().equals(d.baselineName())) {
                    rows.add(List.of(String.valueOf(r.threads()), "<b>" + esc(e.side()) + "</b>", "-",
                            vs.isEmpty() ? "-" : f("%.2f", vs.get(0).medianTpsA()), "baseline", "-", "-", "-", "-", "-",
                            rank));
                    continue;
                }
                ThreadVerdict v = vs.stream().filter(x -> x.sideName().equals(e.side())).findFirst().orElse(null);
                if (v == null) {
                    continue;
                }
                PairedRatio t = v.tps();
                rows.add(List.of(String.valueOf(r.threads()), esc(e.side()), String.valueOf(t.pairs()),
                        f("%.2f", v.medianTpsB()), esc(t.text(e.side())),
                        Double.isNaN(t.mddPercent()) ? "-" : f("%.1f%%", t.mddPercent()),
                        t.pairsFor1Percent() == null ? "-" : String.valueOf(t.pairsFor1Percent()),
                        esc(v.p95().text(e.side())), esc(v.p99().text(e.side())),
                        v.serverCpuPerEvent() == null ? "-" : esc(v.serverCpuPerEvent().text(e.side())), rank));
            }
        }
        return Html.table(List.of(Figure.THREADS_COLUMN.key(), Figure.AB_SIDE.key(), Figure.AB_PAIRS.key(),
                Figure.AB_MEDIAN_TPS.key(), Figure.AB_RATIO_BASE_TPS.key(), Figure.AB_MDD.key(),
                Figure.AB_PAIRS_FOR_1PCT.key(), Figure.AB_RATIO_BASE_P95.key(), Figure.AB_RATIO_BASE_P99.key(),
                Figure.AB_RATIO_BASE_CPU.key(), Figure.AB_RANK.key()), rows);
    }

    /**
     * @return "Explain: what changed, each side vs the baseline": per side and thread count with an explain change, its
     * figures as rows (baseline, side, change with its interval, as the console's block); "" without any
     */
    static String explain(AbDocument d) {
        StringBuilder b = new StringBuilder();
        for (ThreadVerdict v : d.verdicts()) {
            if (v.explain() == null) {
                continue;
            }
            b.append("<h3>").append(esc(v.sideName())).append(" vs ").append(esc(v.baselineName())).append(", ")
                    .append(v.threads()).append(v.threads() == 1 ? " thread" : " threads")
                    .append(f(", %d pair%s, m = %d: ", v.explain().pairs(), v.explain().pairs() == 1 ? "" : "s",
                            v.explain().figuresJudged()))
                    .append(v.explain().anyResolved() ? "a change resolved" : "no change resolved").append("</h3>\n");
            List<List<String>> rows = new ArrayList<>();
            for (List<String> r : AbExplainText.rows(v)) {
                rows.add(r.stream().map(Html::esc).toList());
            }
            b.append(Html.table(List.of("figure", v.baselineName(), v.sideName(), v.sideName() + " vs "
                    + v.baselineName()), rows));
        }
        return b.isEmpty() ? "" : "<h2>" + esc(Figure.AB_EXPLAIN_SIDES.key()) + " " + esc(d.baselineName()) + "</h2>\n"
                + "<p>Intervals simultaneous at 95% over the m figures judged for a side at a thread count (the rows and "
                + "every candidate of the moved lists, \"of k\"); docs/metrics.md, \"What changed, B vs A\".</p>\n" + b;
    }
}
