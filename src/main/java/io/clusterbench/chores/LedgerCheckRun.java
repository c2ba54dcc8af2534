package io.clusterbench.chores;

import io.clusterbench.runner.Console;
import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.UserException;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.fault.LedgerCheck;
import io.clusterbench.report.FaultText;
import io.clusterbench.result.LedgerRecord;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code check commits}: the lost-commit check of a run made with {@code --verify-commits} ({@link LedgerCheck}),
 * printed as {@link FaultText#ledgerLines}.
 *
 * <p>Thread-safe (stateless).
 */
public final class LedgerCheckRun {
    private LedgerCheckRun() {
    }

    /**
     * @param result the run's result directory (its ledger.csv says which ids were acknowledged), or null to
     *               compare the nodes' ledgers with each other
     * @param runId  the ledger run to check, or 0 for the one in {@code result}, else the newest
     * @return true when the check passed
     * @throws UserException when the target or the ledger cannot be read
     */
    public static boolean check(TargetSpec spec, Path result, long runId, Console console) {
        Map<String, List<Long>> outcomes = result == null ? null : LedgerCheck.readCsv(result.resolve("ledger.csv"));
        long run = runId != 0 ? runId : outcomes == null ? 0 : outcomes.get("runId").get(0);
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            LedgerRecord r = LedgerCheck.check(resolved.target(), run, outcomes);
            FaultText.ledgerLines(r).forEach(console::line);
            return r.passed();
        }
    }
}
