package io.clusterbench.report;

import io.clusterbench.result.Finding;

import java.util.List;

import static io.clusterbench.report.Html.esc;

/**
 * The pre-flight findings of a result ({@code ResultDocument.preflight}, docs/inspect.md) as an HTML table:
 * level, code, endpoint, what was found, why it matters, what to do. Nothing when there are none.
 *
 * <p>Thread-safe (stateless).
 */
final class PreflightHtml {
    private PreflightHtml() {
    }

    /** @return the section's HTML, or "" when {@code findings} is empty */
    static String of(List<Finding> findings) {
        if (findings == null || findings.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<h3>Pre-flight findings</h3>\n<div class=\"table\"><table>\n<tr><th>level</th><th>code</th>"
                + "<th>endpoint</th><th>found</th><th>why it matters</th><th>what to do</th></tr>\n");
        for (Finding f : findings) {
            b.append("<tr><td>").append(esc(f.level().label())).append("</td><td><code>").append(esc(f.code()))
                    .append("</code></td><td>").append(esc(f.endpoint())).append("</td><td>").append(esc(f.what()))
                    .append("</td><td>").append(esc(f.why())).append("</td><td>").append(esc(f.todo()))
                    .append("</td></tr>\n");
        }
        return b.append("</table></div>\n").toString();
    }
}
