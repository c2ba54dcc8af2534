package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.fault.Ledger;
import io.clusterbench.fault.LedgerCheck;
import io.clusterbench.result.LedgerRecord;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * {@code --verify-commits} around one step: the ledger before it, {@code ledger.csv} and the check after it.
 *
 * <p>Confined to the command's thread.
 */
final class Commits {
    private Commits() {
    }

    /** @return a fresh ledger (table created when missing) @throws UserException when it cannot be created */
    static Ledger ledger(Target target) {
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            return Ledger.create(c);
        } catch (SQLException e) {
            throw new UserException("cannot create the ledger table " + Ledger.TABLE + ": " + e.getMessage(),
                    "grant CREATE on the database, or run without --verify-commits", e);
        }
    }

    /** Writes {@code ledger.csv} into {@code dir} and checks every node; @return the check */
    static LedgerRecord verify(Ledger ledger, Target target, Path dir) {
        ledger.writeCsv(dir.resolve("ledger.csv"));
        Map<String, java.util.List<Long>> outcomes = ledger.outcomes();
        return LedgerCheck.check(target.withSessionVariables(Map.of()), ledger.runId(), outcomes);
    }
}
