package io.clusterbench.result;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Cross-node table checksums after a run with {@code --fault} or {@code --verify-commits} (docs/metrics.md,
 * "Cross-node table checksums"): {@code CHECKSUM TABLE} of each of the workload's tables on every node that
 * could be read, after the node applied every earlier write set. Kept under {@code runs[].observerFacts.checksums}.
 * Immutable.
 *
 * @param tables      the tables compared, in order
 * @param checksums   per node label (endpoint order), checksum per table; null for a table the node does not have
 * @param mismatches  the tables whose checksum is not the same on every node read, in table order
 * @param unreadable  nodes that could not be read, with the reason
 */
public record ChecksumRecord(List<String> tables, Map<String, Map<String, Long>> checksums, List<Mismatch> mismatches,
                             Map<String, String> unreadable) {

    /**
     * One table whose copies differ.
     *
     * @param table      the table name
     * @param byNode     its checksum per node label (null: the node does not have the table)
     * @param deviating  the nodes whose checksum differs from the one most nodes hold (with a tie: from the first
     *                   node's), in node order
     */
    public record Mismatch(String table, Map<String, Long> byNode, List<String> deviating) {
    }

    public ChecksumRecord {
        tables = List.copyOf(tables);
        checksums = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(checksums));
        mismatches = List.copyOf(mismatches);
        unreadable = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unreadable));
    }

    /**
     * Compares the checksums read from the nodes.
     *
     * @param tables     the tables asked for
     * @param checksums  per node label, checksum per table (a table absent from a node's map counts as null)
     * @param unreadable nodes that could not be read
     * @return the record with its mismatches
     */
    public static ChecksumRecord of(List<String> tables, Map<String, Map<String, Long>> checksums,
                                    Map<String, String> unreadable) {
        List<Mismatch> mismatches = new ArrayList<>();
        for (String table : tables) {
            Map<String, Long> byNode = new LinkedHashMap<>();
            checksums.forEach((node, sums) -> byNode.put(node, sums.get(table)));
            if (byNode.values().stream().distinct().count() <= 1) {
                continue;
            }
            Map<Long, Integer> votes = new HashMap<>();
            byNode.values().forEach(v -> votes.merge(v == null ? Long.MIN_VALUE : v, 1, Integer::sum));
            Long first = byNode.values().iterator().next();
            Long majority = first;
            int best = votes.get(first == null ? Long.MIN_VALUE : first);
            for (Long v : byNode.values()) {
                int n = votes.get(v == null ? Long.MIN_VALUE : v);
                if (n > best) {
                    best = n;
                    majority = v;
                }
            }
            List<String> deviating = new ArrayList<>();
            Long held = majority;
            byNode.forEach((node, v) -> {
                if (!Objects.equals(v, held)) {
                    deviating.add(node);
                }
            });
            mismatches.add(new Mismatch(table, byNode, deviating));
        }
        return new ChecksumRecord(tables, checksums, mismatches, unreadable);
    }

    /** @return true when every table has the same checksum on every node read (unread nodes are listed, not failed) */
    public boolean passed() {
        return mismatches.isEmpty();
    }
}
