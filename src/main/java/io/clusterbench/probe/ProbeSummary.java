package io.clusterbench.probe;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.clusterbench.Format.f;

/**
 * The probe's console lines beyond the level table (docs/metrics.md, "Stale-read probe"): the per-pair table of
 * every level ({@code A → B: samples, stale, timeouts, blocked}), the blocked steps per node, the nodes seen
 * out of Synced and for how long, and the probe's total time with the part spent blocked.
 *
 * <p>Thread-safe (stateless).
 */
public final class ProbeSummary {
    private ProbeSummary() {
    }

    /** @return one block per level: a header line, then one line per ordered pair; ends with a newline */
    public static String pairTable(List<LevelResult> levels) {
        StringBuilder b = new StringBuilder();
        for (LevelResult r : levels) {
            b.append(f("%nPairs at level %s:%n", r.level()));
            b.append(f("    %-16s %8s %6s %8s %15s %13s %12s %6s%n", "writer -> reader", "samples", "stale", "timeouts",
                    "blocked commits", "blocked reads", "blocked (s)", "errors"));
            for (PairCounts p : r.pairs()) {
                b.append(f("    %-16s %8d %6d %8d %15d %13d %12.1f %6d%n", p.writer() + " -> " + p.reader(), p.samples(),
                        p.stale(), p.timeouts(), p.blockedCommits(), p.blockedReads(), p.blockedMillis() / 1000.0,
                        p.errors()));
            }
        }
        return b.toString();
    }

    /**
     * @param levels          the levels' results
     * @param spells          nodes out of Synced during the probe, null when node states were not sampled
     * @param durationSeconds the probe's wall time (s)
     * @param gtidBlockedMillis time the GTID waits spent blocked (ms)
     * @return the blocked-node lines, the node-state lines and the total-time line; ends with a newline
     */
    public static String nodes(List<LevelResult> levels, List<NodeStateWatch.NodeSpell> spells, double durationSeconds,
                               long gtidBlockedMillis) {
        long blockedMillis = gtidBlockedMillis;
        for (LevelResult r : levels) {
            blockedMillis += r.blockedMillis();
        }
        StringBuilder b = new StringBuilder();
        blockedByNode(levels).forEach((node, c) -> b.append(f("Blocked node: %s (%d marker commits on it, %d reads "
                + "on it hit the step timeout or a causal-read timeout)%n", node, c.get("blockedCommits"),
                c.get("blockedReads"))));
        if (spells != null && spells.isEmpty()) {
            b.append(f("Node states: every node answered Synced at every reading (every %d ms)%n",
                    NodeStateWatch.PERIOD_MILLIS));
        }
        for (NodeStateWatch.NodeSpell s : spells == null ? List.<NodeStateWatch.NodeSpell>of() : spells) {
            b.append("Node state: ").append(s.line()).append('\n');
        }
        b.append(f("Probe time: %.1f s, of which %.1f s in blocked steps%n", durationSeconds, blockedMillis / 1000.0));
        return b.toString();
    }

    /**
     * @return per node with blocked steps, over all levels: {@code blockedCommits} (marker commits on the node as
     *         writer) and {@code blockedReads} (first reads on it as reader); nodes without any are left out
     */
    public static Map<String, Map<String, Long>> blockedByNode(List<LevelResult> levels) {
        Map<String, long[]> perNode = new LinkedHashMap<>();
        for (LevelResult r : levels) {
            for (PairCounts p : r.pairs()) {
                perNode.computeIfAbsent(p.writer(), k -> new long[2])[0] += p.blockedCommits();
                perNode.computeIfAbsent(p.reader(), k -> new long[2])[1] += p.blockedReads();
            }
        }
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        perNode.forEach((node, c) -> {
            if (c[0] + c[1] > 0) {
                Map<String, Long> m = new LinkedHashMap<>();
                m.put("blockedCommits", c[0]);
                m.put("blockedReads", c[1]);
                out.put(node, m);
            }
        });
        return out;
    }
}
