package io.clusterbench.report;

import io.clusterbench.result.BackgroundFacts;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.StallFacts;

import java.util.Locale;

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
        StringBuilder b = new StringBuilder();
        StallFacts stall = run.fact(io.clusterbench.result.FactKeys.STALL);
        if (stall != null && !stall.byKind().isEmpty()) {
            b.append("\nStalls per node (ms; gap = longest time without a commit, desync = not Synced, "
                    + "catch-up after the end):\n");
            // nodes named as the run names them (the member's name behind each endpoint, else n1, n2, … in endpoint
            // order), as the interval lines' stall flag does; the legend gives each name's address (a tester found
            // the table naming addresses while the lines said n1/n2/n3)
            java.util.Map<String, String> memberOf = new java.util.HashMap<>();
            run.endpoints().forEach(e -> memberOf.put(e.endpoint(), e.node()));
            java.util.List<String> addresses = new java.util.ArrayList<>();
            stall.byKind().values().forEach(k -> k.nodes().forEach(n -> {
                if (!addresses.contains(n.endpoint())) {
                    addresses.add(n.endpoint());
                }
            }));
            StringBuilder legend = new StringBuilder();
            for (int i = 0; i < addresses.size(); i++) {
                legend.append(i == 0 ? "" : ", ").append(nodeName(memberOf, addresses, addresses.get(i))).append(" = ")
                        .append(addresses.get(i));
            }
            b.append("    nodes: ").append(legend).append('\n');
            b.append(String.format(Locale.ROOT, "    %-16s %6s %9s  %s%n", "class", "count", "longest",
                    "node: gap / desync / catch-up"));
            stall.byKind().forEach((kind, k) -> {
                StringBuilder nodes = new StringBuilder();
                for (StallFacts.Node node : k.nodes()) {
                    nodes.append(nodes.length() == 0 ? "" : ", ").append(nodeName(memberOf, addresses, node.endpoint()))
                            .append(": ")
                            .append(node.maxCommitGapMillis()).append(" / ").append(node.maxNotSyncedMillis())
                            .append(" / ").append(node.maxCatchUpMillis() == null ? "-" : node.maxCatchUpMillis());
                }
                b.append(String.format(Locale.ROOT, "    %-16s %6s %9s  %s%n", kind, k.statements(),
                        k.maxDurationMillis(), nodes));
            });
        }
        BackgroundFacts bg = run.fact(io.clusterbench.result.FactKeys.BACKGROUND);
        if (bg != null) {
            b.append(String.format(Locale.ROOT, "%nBackground %s (%s): quiet %s, during marked statements %s%s%s%n",
                    bg.workload(), BACKGROUND_TPS.key(), phase(bg.quiet()), phase(bg.marked()),
                    bg.tpsDipPercent() != null ? String.format(Locale.ROOT, ", dip %.1f%%", bg.tpsDipPercent()) : "",
                    bg.preparing() == null ? "" : ", during table fills " + phase(bg.preparing())));
        }
        return b.toString();
    }

    /** @return the member's name behind {@code endpoint}, else {@code nI} by its place among {@code addresses} */
    private static String nodeName(java.util.Map<String, String> memberOf, java.util.List<String> addresses,
                                   String endpoint) {
        String m = memberOf.get(endpoint);
        return m != null && !m.isEmpty() ? m : "n" + (addresses.indexOf(endpoint) + 1);
    }

    private static String phase(BackgroundFacts.Phase p) {
        if (p == null || p.tps() == null) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f tps, p95 %s ms", p.tps(),
                p.p95Millis() != null ? String.format(Locale.ROOT, "%.1f", p.p95Millis()) : "-");
    }
}
