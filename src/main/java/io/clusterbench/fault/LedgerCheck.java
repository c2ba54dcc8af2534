package io.clusterbench.fault;

import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.result.LedgerRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the ledger of one run on every node and compares it with what the client was told (docs/metrics.md,
 * "Lost-commit check"). Nodes are read through {@link NodeReads} (after every earlier write set is applied).
 * Without client outcomes (a {@code check commits} with no result directory) the nodes are compared with each
 * other: an id present on some node counts as acknowledged.
 *
 * <p>Thread-safe (stateless).
 */
public final class LedgerCheck {
    /** Socket timeout of the reads, so a node that does not answer is reported instead of waited for. */
    static final int READ_TIMEOUT_MILLIS = 30_000;

    private LedgerCheck() {
    }

    /**
     * @param target   observer target (endpoints and credentials)
     * @param runId    the run to check, or 0 for the run with the newest row on the first node that answers
     * @param outcomes ids by outcome as the client saw them ({@link Ledger#outcomes}), or null
     * @return the comparison
     * @throws UserException when no ledger row of the run is found on any node and no outcome was given
     */
    public static LedgerRecord check(Target target, long runId, Map<String, List<Long>> outcomes) {
        Map<String, Set<Long>> nodes = new LinkedHashMap<>();
        Map<String, String> unreadable = new LinkedHashMap<>();
        long run = runId;
        for (Endpoint e : target.endpoints()) {
            long asked = run;
            try {
                run = NodeReads.read(target, e, READ_TIMEOUT_MILLIS, c -> read(c, e, asked, nodes));
            } catch (NodeReads.Unreadable ex) {
                unreadable.put(e.label(), ex.getMessage());
            }
        }
        if (outcomes == null && (run == 0 || nodes.values().stream().allMatch(Set::isEmpty))) {
            throw new UserException("no ledger rows found on " + nodes.keySet() + (unreadable.isEmpty() ? ""
                    : " (unreadable: " + unreadable.keySet() + ")"), "run with --verify-commits first");
        }
        return compare(run, nodes, unreadable, outcomes);
    }

    /** Reads one node's ids of run {@code run} (0: the newest run) into {@code nodes}; @return the run read */
    private static long read(Connection c, Endpoint e, long run, Map<String, Set<Long>> nodes) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (run == 0) {
                try (ResultSet rs = s.executeQuery("SELECT run_id FROM " + Ledger.TABLE
                        + " ORDER BY created_at DESC LIMIT 1")) {
                    run = rs.next() ? rs.getLong(1) : 0;
                }
            }
            Set<Long> ids = new HashSet<>();
            try (ResultSet rs = s.executeQuery("SELECT id FROM " + Ledger.TABLE + " WHERE run_id = " + run)) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            nodes.put(e.label(), ids);
            return run;
        }
    }

    static LedgerRecord compare(long run, Map<String, Set<Long>> nodes, Map<String, String> unreadable,
                                Map<String, List<Long>> outcomes) {
        Set<Long> union = new HashSet<>();
        nodes.values().forEach(union::addAll);
        List<Long> acknowledged = outcomes == null ? new ArrayList<>(union) : outcomes.get(Ledger.ACKNOWLEDGED);
        List<Long> failed = outcomes == null ? List.of() : outcomes.get(Ledger.FAILED);
        List<Long> inDoubt = outcomes == null ? List.of() : outcomes.get(Ledger.IN_DOUBT);
        Map<String, Long> found = new LinkedHashMap<>();
        Map<String, Long> rows = new LinkedHashMap<>();
        Map<String, List<Long>> missing = new LinkedHashMap<>();
        long missingCount = 0;
        for (Map.Entry<String, Set<Long>> n : nodes.entrySet()) {
            long f = 0;
            List<Long> absent = new ArrayList<>();
            for (long id : acknowledged) {
                if (n.getValue().contains(id)) {
                    f++;
                } else {
                    missingCount++;
                    if (absent.size() < LedgerRecord.SAMPLE) {
                        absent.add(id);
                    }
                }
            }
            found.put(n.getKey(), f);
            rows.put(n.getKey(), (long) n.getValue().size());
            if (!absent.isEmpty()) {
                absent.sort(Long::compare);
                missing.put(n.getKey(), absent);
            }
        }
        List<Long> failedPresent = new ArrayList<>();
        for (long id : failed) {
            if (union.contains(id) && failedPresent.size() < LedgerRecord.SAMPLE) {
                failedPresent.add(id);
            }
        }
        Set<Long> first = nodes.isEmpty() ? Set.of() : nodes.values().iterator().next();
        long inDoubtPresent = inDoubt.stream().filter(first::contains).count();
        return new LedgerRecord(run, acknowledged.size(), failed.size(), inDoubt.size(), found, rows, missing,
                missingCount, inDoubtPresent, failedPresent, unreadable);
    }

    /**
     * Reads {@code ledger.csv} written by a run.
     *
     * @return the run id (key {@code runId}, as a one-element list) and the ids by outcome
     * @throws UserException when the file is missing or malformed
     */
    public static Map<String, List<Long>> readCsv(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            Map<String, List<Long>> out = new LinkedHashMap<>();
            for (String k : List.of(Ledger.ACKNOWLEDGED, Ledger.FAILED, Ledger.IN_DOUBT)) {
                out.put(k, new ArrayList<>());
            }
            out.put("runId", List.of(Long.parseLong(lines.get(0).substring(lines.get(0).indexOf('=') + 1).strip())));
            for (String line : lines.subList(2, lines.size())) {
                String[] parts = line.split(",");
                out.get(parts[1]).add(Long.parseLong(parts[0]));
            }
            return out;
        } catch (IOException | RuntimeException e) {
            throw new UserException("cannot read " + file + ": " + e.getMessage(),
                    "give the directory of a run made with --verify-commits");
        }
    }
}
