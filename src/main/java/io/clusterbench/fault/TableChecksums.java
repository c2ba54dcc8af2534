package io.clusterbench.fault;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.result.ChecksumRecord;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Cross-node table checksums (docs/metrics.md, "Cross-node table checksums"): on every endpoint, once it has
 * applied every earlier write set ({@link NodeReads}), {@code CHECKSUM TABLE} of the given tables in one
 * statement; then the copies are compared per table and a node whose checksum differs from the others' is named.
 * Meant for the end of a run, when no load runs: a node still joining is waited for up to 20 s, one that does not
 * answer is listed as unreadable.
 *
 * <p>Thread-safe (stateless).
 */
public final class TableChecksums {
    /** Socket timeout of one node's {@code CHECKSUM TABLE} (a full scan of every table). */
    static final int READ_TIMEOUT_MILLIS = 300_000;

    private TableChecksums() {
    }

    /**
     * @param target observer target (endpoints and credentials, no session variables)
     * @param tables the tables to compare, e.g. the workload's ({@code Workload#checkedTables})
     * @return per node the checksums and the tables that differ; with fewer than two endpoints nothing differs
     */
    public static ChecksumRecord compare(Target target, List<String> tables) {
        List<String> names = List.copyOf(new LinkedHashSet<>(tables));
        Map<String, Map<String, Long>> sums = new LinkedHashMap<>();
        Map<String, String> unreadable = new LinkedHashMap<>();
        if (names.isEmpty()) {
            return ChecksumRecord.of(names, sums, unreadable);
        }
        for (Endpoint e : target.endpoints()) {
            try {
                sums.put(e.label(), NodeReads.read(target, e, READ_TIMEOUT_MILLIS, c -> {
                    Map<String, Long> byTable = new LinkedHashMap<>();
                    try (Statement s = c.createStatement()) {
                        s.executeQuery("SELECT 1").close(); // waits for the node to apply every earlier write set
                        List<String> quoted = new ArrayList<>();
                        names.forEach(n -> quoted.add("`" + n.replace("`", "``") + "`"));
                        try (ResultSet rs = s.executeQuery("CHECKSUM TABLE " + String.join(", ", quoted))) {
                            while (rs.next()) {
                                String table = rs.getString(1);
                                long sum = rs.getLong(2);
                                byTable.put(table.substring(table.indexOf('.') + 1), rs.wasNull() ? null : sum);
                            }
                        }
                    }
                    return byTable;
                }));
            } catch (NodeReads.Unreadable ex) {
                unreadable.put(e.label(), ex.getMessage());
            }
        }
        return ChecksumRecord.of(names, sums, unreadable);
    }
}
