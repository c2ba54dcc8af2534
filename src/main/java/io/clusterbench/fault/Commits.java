package io.clusterbench.fault;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.db.DbFailure;
import io.clusterbench.result.ChecksumRecord;
import io.clusterbench.result.LedgerRecord;
import io.clusterbench.workload.Workload;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The checks after a step with {@code --fault} or {@code --verify-commits}: the ledger before it,
 * {@code ledger.csv} and the lost-commit check after it, and the cross-node table checksums.
 *
 * <p>Confined to the command's thread.
 */
public final class Commits {
    private Commits() {
    }

    /** @return a fresh ledger (table created when missing) @throws UserException when it cannot be created */
    public static Ledger ledger(Target target) {
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            return Ledger.create(c);
        } catch (SQLException e) {
            throw new UserException("cannot create the ledger table " + Ledger.TABLE + ": " + e.getMessage(),
                    "grant CREATE on the database, or run without --verify-commits", e);
        }
    }

    /** @return true when the step's tables are compared across nodes: a fault run or a ledger on several endpoints */
    public static boolean checksumsWanted(FaultPlan faults, Target target) {
        return target.endpoints().size() > 1 && (!faults.schedule().isEmpty() || faults.verifyCommits());
    }

    /**
     * @param workloads   the run's workload and its background workload, if any
     * @param quorumLost  true when the run ended without a Primary component: no node is read, each is listed
     *                    as unreadable
     * @return the tables of every workload compared across the target's endpoints
     */
    public static ChecksumRecord checksums(Target target, List<Workload> workloads, boolean quorumLost) {
        Target plain = target.afterRun().withSessionVariables(Map.of());
        if (quorumLost) { // no node serves reads (1047) and the silent ones would each cost a connect timeout
            Map<String, String> why = new java.util.LinkedHashMap<>();
            plain.endpoints().forEach(e -> why.put(e.label(), "quorum lost at the end of the run"));
            List<String> tables = new ArrayList<>();
            workloads.forEach(w -> tables.addAll(w.tables()));
            return ChecksumRecord.of(tables, Map.of(), why);
        }
        List<String> tables = new ArrayList<>();
        for (Workload w : workloads) {
            try (Connection c = plain.open(plain.endpointFor(0))) {
                tables.addAll(w.checkedTables(c));
            } catch (DbFailure | SQLException firstNodeDown) {
                tables.addAll(w.tables());
            }
        }
        return TableChecksums.compare(plain, tables, true);
    }

    /** Writes {@code ledger.csv} into {@code dir} and checks every node; @return the check */
    public static LedgerRecord verify(Ledger ledger, Target target, Path dir) {
        ledger.writeCsv(dir.resolve("ledger.csv"));
        Map<String, java.util.List<Long>> outcomes = ledger.outcomes();
        return LedgerCheck.check(target.afterRun().withSessionVariables(Map.of()), ledger.runId(), outcomes);
    }
}
