package io.clusterbench.fault;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.result.ChecksumRecord;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Cross-node table checksums (docs/metrics.md, "Cross-node table checksums"): on every endpoint, once it has
 * applied every earlier write set ({@link NodeReads}), {@code CHECKSUM TABLE} of the given tables in one
 * statement; then the copies are compared per table and a node whose checksum differs from the others' is named.
 * Meant for the end of a run, when no load runs. Nodes are read in parallel; a node still joining is waited for up
 * to 20 s, one that does not answer is listed as unreadable.
 *
 * <p>Thread-safe (stateless).
 */
public final class TableChecksums {
    /** Socket timeout of one node's {@code CHECKSUM TABLE} (a full scan of every table). */
    static final int READ_TIMEOUT_MILLIS = 300_000;

    private TableChecksums() {
    }

    /**
     * @param target        observer target (endpoints and credentials, no session variables)
     * @param tables        the tables to compare, e.g. the workload's ({@code Workload#checkedTables})
     * @param waitForJoiner true to wait up to 20 s for a node that answers 1047 (rejoining after a restart); false
     *                      when no node will become ready by itself (quorum lost at the end of the run)
     * @return per node the checksums and the tables that differ; with fewer than two endpoints nothing differs
     */
    public static ChecksumRecord compare(Target target, List<String> tables, boolean waitForJoiner) {
        List<String> names = List.copyOf(new LinkedHashSet<>(tables));
        Map<String, Map<String, Long>> sums = new LinkedHashMap<>();
        Map<String, String> unreadable = new LinkedHashMap<>();
        if (names.isEmpty()) {
            return ChecksumRecord.of(names, sums, unreadable);
        }
        long wait = waitForJoiner ? NodeReads.NOT_READY_WAIT_MILLIS : 0;
        List<CompletableFuture<Object>> reads = new ArrayList<>();
        for (Endpoint e : target.endpoints()) { // in parallel: a paused node costs one connect timeout, not one each
            reads.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return NodeReads.read(target, e, READ_TIMEOUT_MILLIS, wait, c -> checksums(c, names));
                } catch (NodeReads.Unreadable ex) {
                    return ex.getMessage();
                }
            }, r -> {
                Thread t = new Thread(r, "checksum-" + e.label());
                t.setDaemon(true);
                t.start();
            }));
        }
        for (int i = 0; i < reads.size(); i++) {
            Object got = reads.get(i).join();
            String label = target.endpoints().get(i).label();
            if (sums.containsKey(label) || unreadable.containsKey(label)) {
                label = label + " #" + (i + 1); // the same server given twice is still two copies to compare
            }
            if (got instanceof Map<?, ?> m) {
                @SuppressWarnings("unchecked")
                Map<String, Long> byTable = (Map<String, Long>) m;
                sums.put(label, byTable);
            } else {
                unreadable.put(label, String.valueOf(got));
            }
        }
        return ChecksumRecord.of(names, sums, unreadable);
    }

    private static Map<String, Long> checksums(Connection c, List<String> names) throws SQLException {
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
    }
}
