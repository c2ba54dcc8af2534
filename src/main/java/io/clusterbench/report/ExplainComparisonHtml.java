package io.clusterbench.report;

import io.clusterbench.result.ExplainComparison;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ProfileFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.clusterbench.report.Html.esc;

/**
 * The HTML report's "explain: what changed" section for several results ({@link ExplainComparison}; the rows of
 * {@link ExplainComparisonText}): one table per thread count (and node), then one differential flame graph per thread
 * count, node and compared side (its profiled steps at that thread count added up against the baseline's; colours as
 * on the A/B page, docs/metrics.md "Flame graphs").
 *
 * <p>Thread-safe (stateless).
 */
final class ExplainComparisonHtml {
    private ExplainComparisonHtml() {
    }

    /**
     * @param results two or more results, baseline first
     * @return the section, or "" when no thread count has explain facts on the baseline and another side
     * @throws UncheckedIOException when a folded-stacks file cannot be read
     */
    static String section(List<NamedResult> results) {
        ExplainComparison c = ExplainComparison.of(results);
        if (c.points().isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<h3>").append(esc(Figure.COMPARE_EXPLAIN.key())).append("</h3>\n<p>")
                .append(esc("Per transaction; median [min–max] ×n over each side's repeats; " + c.labels().get(0)
                        + " is the baseline. A change is \"" + ExplainComparison.APART + "\" by the verdict rule (both "
                        + "sides 3 or more steps, ranges apart by more than their spread), else \""
                        + ExplainComparison.WITHIN_NOISE + "\" or \"" + ExplainComparison.TOO_FEW + "\"."))
                .append("</p>\n");
        for (ExplainComparison.Point p : c.points()) {
            b.append("<h4>").append(esc(ExplainComparisonText.heading(c, p))).append("</h4>\n");
            List<List<String>> rows = ExplainComparisonText.rows(c, p);
            List<String> head = rows.get(0).stream().map(String::strip).toList();
            List<List<String>> body = new ArrayList<>();
            rows.stream().skip(1).forEach(r -> body.add(r.stream().map(cell -> esc(cell.strip())).toList()));
            b.append(Html.table(head, body));
        }
        String flames = flames(results, c);
        if (!flames.isEmpty()) {
            b.append("<h3>Differential flame graphs per thread count</h3>\n<p>").append(esc("Each side's profiled "
                    + "steps at a thread count added up; the boxes are the compared side's, coloured by the change of "
                    + "a frame's share of all samples from " + c.labels().get(0) + " (full red at +5 points or more, "
                    + "full blue at −5 or less). Sampled profiles, not instrumentation counts.")).append("</p>\n")
                    .append("<div class=\"flames\">\n").append(flames).append("</div>\n");
        }
        return b.toString();
    }

    private static String flames(List<NamedResult> results, ExplainComparison c) {
        List<List<ProfileFiles.Entry>> files = new ArrayList<>();
        for (NamedResult r : results) {
            Path dir = dir(r.source());
            files.add(dir == null ? List.of() : ProfileFiles.of(dir, r.measuredRuns()));
        }
        StringBuilder b = new StringBuilder();
        for (ExplainComparison.Point p : c.points()) {
            Map<String, Long> base = sum(files.get(0), p);
            for (int i = 1; i < results.size() && !base.isEmpty(); i++) {
                Map<String, Long> other = sum(files.get(i), p);
                if (!other.isEmpty()) {
                    b.append(FlameGraph.diff(base, other, ExplainComparisonText.heading(c, p) + ": "
                            + c.labels().get(i) + "'s profile, red where it spends a larger share than "
                            + c.labels().get(0) + ", blue a smaller"));
                }
            }
        }
        return b.toString();
    }

    private static Map<String, Long> sum(List<ProfileFiles.Entry> entries, ExplainComparison.Point p) {
        Map<String, Long> out = new TreeMap<>();
        for (ProfileFiles.Entry e : entries) {
            if (e.run().threads() == p.threads() && e.profile().node().equals(p.node())) {
                try {
                    ProfileFiles.read(e.file()).forEach((k, v) -> out.merge(k, v, Long::sum));
                } catch (IOException ex) {
                    throw new UncheckedIOException("cannot read " + e.file() + ": " + ex.getMessage(), ex);
                }
            }
        }
        return out;
    }

    private static Path dir(String source) {
        if (source == null) {
            return null;
        }
        Path p = Path.of(source);
        return Files.isDirectory(p) ? p : p.toAbsolutePath().getParent();
    }
}
