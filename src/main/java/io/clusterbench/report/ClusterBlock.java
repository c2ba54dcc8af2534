package io.clusterbench.report;

import io.clusterbench.result.Conflicts;
import io.clusterbench.result.GaleraTotals;
import io.clusterbench.result.RunRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.clusterbench.report.Figure.*;

/**
 * The cluster block of the final report: one line per Galera node with its totals over the measured time
 * ({@link GaleraTotals}), the nodes that throttled the cluster, and the conflicts counted once with their causes
 * ({@link Conflicts}). Formats only what the result holds (docs/metrics.md, "Galera totals", "Conflicts").
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}.
 */
final class ClusterBlock {
    private ClusterBlock() {
    }

    /** @return the block with a leading blank line, or "" when the run has no Galera totals */
    static String render(RunRecord run) {
        GaleraTotals g = GaleraTotals.of(run);
        Conflicts c = Conflicts.of(run);
        StringBuilder b = new StringBuilder();
        if (g != null) {
            b.append("\nGalera per node (measured time):\n");
            List<List<String>> cells = new ArrayList<>();
            cells.add(List.of(NODE.key(), GALERA_FLOW_CONTROL.key() + " %", GALERA_FC_PAUSED.key() + " s",
                    GALERA_FC_EPISODES.key(), GALERA_FC_SENT.key(), GALERA_FC_RECV.key(),
                    GALERA_RECV_QUEUE.key() + " max/avg", GALERA_SEND_QUEUE.key() + " max/avg",
                    GALERA_CERT_FAILURES.key(), GALERA_BF_ABORTS.key(), GALERA_REPLAYS.key(),
                    GALERA_COMMIT_LAG.key() + " max", GALERA_STATE_CHANGES.key()));
            for (GaleraTotals.Node n : g.nodes()) {
                cells.add(List.of(n.name(), f("%.1f", n.flowControlPausedFraction() * 100),
                        f("%.3f", n.flowControlPausedMicros() / 1e6), Long.toString(n.flowControlEpisodes()),
                        Long.toString(n.flowControlSentMessages()), Long.toString(n.flowControlRecvMessages()),
                        f("%d/%.1f", n.recvQueueMaxWriteSets(), n.recvQueueMeanWriteSets()),
                        f("%d/%.1f", n.sendQueueMaxWriteSets(), n.sendQueueMeanWriteSets()),
                        Long.toString(n.certFailures()), Long.toString(n.bfAborts()), Long.toString(n.replays()),
                        Long.toString(n.commitLagMaxTransactions()), Long.toString(n.stateChanges())));
            }
            for (String line : Columns.render(cells, "  ").split("\n")) {
                b.append("    ").append(line).append('\n');
            }
            b.append(f("    %-32s%s%n", GALERA_THROTTLED_BY.key() + ":", throttledBy(g)));
        }
        if (c != null && g != null) { // standalone: a 1213 is a plain deadlock, already under "errors by code"
            b.append(conflictLine(c));
        }
        return b.toString();
    }

    /** @return e.g. {@code n2 (31 of 33 FC_PAUSE sent, paused 12.5% of the time)}, or {@code none} */
    static String throttledBy(GaleraTotals g) {
        List<GaleraTotals.Node> senders = g.throttlers();
        if (senders.isEmpty()) {
            return "none (no FC_PAUSE sent)";
        }
        long all = g.sum(GaleraTotals.Node::flowControlSentMessages);
        double paused = 0;
        for (GaleraTotals.Node n : g.nodes()) {
            paused = Math.max(paused, n.flowControlPausedFraction());
        }
        List<String> parts = new ArrayList<>();
        for (GaleraTotals.Node n : senders) {
            parts.add(f("%s %d", n.name(), n.flowControlSentMessages()));
        }
        return f("%s of %d FC_PAUSE sent; replication paused %.1f%% of the time", String.join(", ", parts), all,
                paused * 100);
    }

    /** @return the conflicts line and, under it, causes and nodes */
    static String conflictLine(Conflicts c) {
        StringBuilder b = new StringBuilder();
        b.append(f("    %-32s%d (client errors 1213, each counted once%s)%n", CONFLICTS.key() + ":", c.conflicts(),
                c.background() > 0 ? f("; %d of them the background workload's", c.background()) : ""));
        if (c.conflicts() > 0) {
            b.append(f("        %-28s%d %s + %d %s + %d %s%n", "by cause:", c.certification(),
                    CONFLICT_CERTIFICATION.key(), c.bruteForce(), CONFLICT_BRUTE_FORCE.key(), c.other(),
                    CONFLICT_OTHER.key()));
            List<String> nodes = new ArrayList<>();
            for (Map.Entry<String, Long> e : c.byNode().entrySet()) {
                nodes.add(e.getKey() + " " + e.getValue());
            }
            if (!nodes.isEmpty()) {
                b.append(f("        %-28s%s%n", "by node:", String.join(", ", nodes)));
            }
            places(b, CONFLICT_BY_STATEMENT.key() + ":", c.byStatementClass());
            places(b, CONFLICT_BY_TRANSACTION.key() + ":", c.byTransactionType());
        }
        if (c.serverExcess() > 0) {
            b.append(f("        %-28s%d (aborts of cut-off events or of the observer's tail)%n",
                    CONFLICT_SERVER_EXCESS.key() + ":", c.serverExcess()));
        }
        return b.toString();
    }

    private static void places(StringBuilder b, String label, Map<String, Long> counts) {
        if (counts.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((place, n) -> parts.add(place + " " + n));
        b.append(f("        %-28s%s%n", label, String.join(", ", parts)));
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
