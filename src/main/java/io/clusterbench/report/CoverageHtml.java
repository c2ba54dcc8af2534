package io.clusterbench.report;

import io.clusterbench.result.Coverage;
import io.clusterbench.result.NamedResult;

import java.util.ArrayList;
import java.util.List;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Html.esc;

/**
 * The "Training coverage" section of the HTML report of several results ({@link Coverage}; docs/metrics.md, "Training
 * coverage"): the sets and their union, then per set the functions only it reaches. Read from the results' folded
 * stacks.
 *
 * <p>Thread-safe (stateless).
 */
final class CoverageHtml {
    private CoverageHtml() {
    }

    /**
     * @param results two or more results
     * @return the section, or "" when fewer than two of them have an on-CPU profile
     */
    static String section(List<NamedResult> results) {
        List<Coverage.Input> inputs = Coverage.inputs(results, null, List.of()).stream()
                .filter(i -> !i.stacks().isEmpty()).toList();
        if (inputs.size() < 2) {
            return "";
        }
        Coverage c = Coverage.of(inputs);
        StringBuilder b = new StringBuilder("<h2>").append(esc(Figure.COVERAGE.key())).append("</h2>\n<p class=\"note\">")
                .append(esc("From " + Coverage.CAVEAT + ", so a function missing from a result is judged by \"if "
                        + "equal\": had the others run it at the same share, the chance that every sample reaching it "
                        + "fell in this result (below " + Coverage.BEYOND_CHANCE + " ÷ the functions listed: absent "
                        + "beyond chance)."))
                .append("</p>\n");
        List<List<String>> rows = new ArrayList<>();
        c.sets().forEach(s -> rows.add(row(s)));
        rows.add(row(c.union()));
        b.append(Html.table(List.of("set", "workloads", "steps", Figure.COVERAGE_SAMPLES.key(),
                Figure.COVERAGE_FUNCTIONS.key(), Figure.EXPLAIN_CONCENTRATION.key(), "source"), rows));
        for (Coverage.Exclusive e : c.exclusive()) {
            b.append("<h3>").append(esc(CoverageText.exclusive(e).get(0))).append("</h3>\n");
            if (e.top().isEmpty()) {
                continue;
            }
            List<List<String>> fn = new ArrayList<>();
            e.top().stream().limit(CoverageText.LISTED).forEach(x -> fn.add(List.of(f("%.2f%%", x.sharePercent()),
                    f("%.2f%%", x.selfSharePercent()), esc(CoverageText.chance(x.chanceIfEqual())),
                    "<code>" + esc(x.name()) + "</code>")));
            b.append(Html.table(List.of(Figure.COVERAGE_REACHED.key(), Figure.COVERAGE_SELF.key(),
                    Figure.COVERAGE_IF_EQUAL.key(), "function"), fn));
        }
        return b.toString();
    }

    private static List<String> row(Coverage.SetFigures s) {
        return List.of(esc(s.label()), esc(s.workloads()), Integer.toString(s.steps()), Long.toString(s.samples()),
                Integer.toString(s.functions()), f("%d/%d/%d", s.concentration().functions50(),
                        s.concentration().functions90(), s.concentration().functions99()),
                "<code>" + esc(s.source()) + "</code>");
    }
}
