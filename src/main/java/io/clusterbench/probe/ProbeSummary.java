package io.clusterbench.probe;

import io.clusterbench.result.ProbePair;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probe's blocked steps per node (docs/metrics.md, "Stale-read probe"), written into {@code probe.json} as
 * {@code blockedByNode}.
 *
 * <p>Thread-safe (stateless).
 */
public final class ProbeSummary {
    private ProbeSummary() {
    }

    /**
     * @return per node with blocked steps, over all levels: {@code blockedCommits} (marker commits on the node as
     *         writer) and {@code blockedReads} (first reads on it as reader); nodes without any are left out
     */
    public static Map<String, Map<String, Long>> blockedByNode(List<LevelResult> levels) {
        Map<String, long[]> perNode = new LinkedHashMap<>();
        for (LevelResult r : levels) {
            for (ProbePair p : r.pairs()) {
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
