package io.clusterbench.report;

import io.clusterbench.result.RunRecord;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.clusterbench.report.Figure.*;

/**
 * The stall block of the final report for runs with marked statements (ddl, bigtrx): per statement class
 * the count, longest duration and, per node, the longest commit gap, desync and catch-up; then the
 * background workload's throughput in quiet and marked intervals. Formatted from the {@code stall} and
 * {@code background} observers' facts (docs/metrics.md, "Stalls" and "Background workload").
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}; times in milliseconds.
 */
final class StallBlock {
    private StallBlock() {
    }

    /** @return the block with a leading blank line, or "" when the run has no marked statements */
    static String render(RunRecord run) {
        Map<?, ?> facts = run.observerFacts();
        StringBuilder b = new StringBuilder();
        if (facts != null && facts.get("stall") instanceof Map<?, ?> stall
                && stall.get("byKind") instanceof Map<?, ?> byKind && !byKind.isEmpty()) {
            b.append("\nStalls per node (ms; gap = longest time without a commit, desync = not Synced, "
                    + "catch-up after the end):\n");
            b.append(String.format(Locale.ROOT, "    %-16s %6s %9s  %s%n", "class", "count", "longest",
                    "node: gap / desync / catch-up"));
            byKind.forEach((kind, v) -> {
                Map<?, ?> k = (Map<?, ?>) v;
                StringBuilder nodes = new StringBuilder();
                for (Object n : (List<?>) k.get("nodes")) {
                    Map<?, ?> node = (Map<?, ?>) n;
                    nodes.append(nodes.length() == 0 ? "" : ", ").append(node.get("endpoint")).append(": ")
                            .append(node.get("maxCommitGapMillis")).append(" / ").append(node.get("maxNotSyncedMillis"))
                            .append(" / ").append(node.get("maxCatchUpMillis") == null ? "-"
                                    : node.get("maxCatchUpMillis"));
                }
                b.append(String.format(Locale.ROOT, "    %-16s %6s %9s  %s%n", kind, k.get("statements"),
                        k.get("maxDurationMillis"), nodes));
            });
        }
        if (facts != null && facts.get("background") instanceof Map<?, ?> bg) {
            b.append(String.format(Locale.ROOT, "%nBackground %s (%s): quiet %s, during marked statements %s%s%n",
                    bg.get("workload"), BACKGROUND_TPS.key(), phase(bg.get("quiet")), phase(bg.get("marked")),
                    bg.get("tpsDipPercent") instanceof Number d ? String.format(Locale.ROOT, ", dip %.1f%%",
                            d.doubleValue()) : ""));
        }
        return b.toString();
    }

    private static String phase(Object raw) {
        if (!(raw instanceof Map<?, ?> p) || !(p.get("tps") instanceof Number tps)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f tps, p95 %s ms", tps.doubleValue(),
                p.get("p95Millis") instanceof Number p95 ? String.format(Locale.ROOT, "%.1f", p95.doubleValue()) : "-");
    }
}
