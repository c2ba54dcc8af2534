package io.clusterbench.report;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.Validity;
import io.clusterbench.result.ValidityFlag;

import java.util.ArrayList;
import java.util.List;

import static io.clusterbench.Format.f;

/**
 * The validity verdict as the console and the HTML report print it, of a run, a sweep step, a probe level or an
 * anomaly setting (docs/metrics.md, "Validity"): one line
 * {@code Validity: no flag (host CPU 42.0%, client 18.3% of the host)} or {@code Validity: N flags (...)} followed
 * by one indented line per flag with its evidence. Stateless.
 */
public final class ValidityBlock {
    private ValidityBlock() {
    }

    /** @return the run's block with a leading blank line and a trailing newline, or "" without a verdict */
    public static String render(RunRecord run) {
        Validity v = run.observerFacts().get(FactKeys.VALIDITY);
        if (v == null) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n");
        for (String line : lines(v)) {
            b.append(line).append('\n');
        }
        return b.toString();
    }

    /** @return the verdict's lines: the heading line, then one per flag */
    public static List<String> lines(Validity v) {
        return lines(v, "Validity");
    }

    /**
     * @param heading the heading's words, e.g. {@code Validity} or {@code Validity at level 1}
     * @return the verdict's lines: {@code <heading>: N flags (host figures)}, then one indented line per flag
     */
    public static List<String> lines(Validity v, String heading) {
        List<String> out = new ArrayList<>();
        out.add(f("%s: %s%s", heading, v.clean() ? "no flag" : v.flags().size() + (v.flags().size() == 1 ? " flag"
                : " flags"), host(v)));
        for (ValidityFlag flag : v.flags()) {
            out.add(f("    %s: %s", flag.flag(), flag.evidence()));
        }
        return out;
    }

    /**
     * @param heading as {@link #lines(Validity, String)}
     * @return the verdict as HTML: a {@code p.validity} with the heading line, then a {@code ul.validity} with one item
     *         per flag
     */
    public static String html(Validity v, String heading) {
        List<String> lines = lines(v, heading);
        StringBuilder b = new StringBuilder("<p class=\"validity\">").append(Html.esc(lines.get(0))).append("</p>\n");
        if (lines.size() > 1) {
            b.append("<ul class=\"validity\">\n");
            for (String line : lines.subList(1, lines.size())) {
                b.append("<li>").append(Html.esc(line.strip())).append("</li>\n");
            }
            b.append("</ul>\n");
        }
        return b.toString();
    }

    private static String host(Validity v) {
        List<String> parts = new ArrayList<>();
        if (v.hostCpuPercent() != null) {
            parts.add(f("host CPU %.1f%%", v.hostCpuPercent()));
        }
        if (v.clientCpuPercentOfHost() != null) {
            parts.add(f("client %.1f%% of the host", v.clientCpuPercentOfHost()));
        }
        if (v.serverOnThisHost()) {
            parts.add("server on the same host");
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }
}
