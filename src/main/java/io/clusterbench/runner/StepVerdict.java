package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.db.Remedies;
import io.clusterbench.engine.FatalError;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.report.AnomalyText;
import io.clusterbench.report.FaultText;
import io.clusterbench.result.ChecksumRecord;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.FaultReport;
import io.clusterbench.result.LedgerRecord;
import io.clusterbench.result.RunAnomalies;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ValidityFlag;
import io.clusterbench.result.ValidityRules;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one verdict on a finished step, shared by {@code run}, {@code sweep} and {@code ab}: how it ended as a
 * {@link RunStatus}, the blocks of lines its checks print (the fault timeline, the lost-commit check, the table
 * checksums) and the line for standard error that says why it did not simply complete.
 *
 * <p>Immutable.
 *
 * @param status the step's status: a failed check turns a completed step into {@link RunStatus#CHECK_FAILED}
 * @param blocks the checks' lines, one block per check that ran, in order (faults, ledger, checksums, anomalies)
 * @param error  the standard-error line (interrupted, stopped on an error, a check failed), or null for none
 */
record StepVerdict(RunStatus status, List<List<String>> blocks, String error) {

    /**
     * @param outcome how the engine ended
     * @param record  the step's finished record (its facts hold the checks)
     * @param dir     the step's directory, named in the lines
     * @param json    the result file, named in a failed check's line
     * @return the verdict
     * @throws UserException when the result files could not be written
     */
    static StepVerdict of(RunOutcome outcome, RunRecord record, Path dir, Path json) {
        List<List<String>> blocks = new ArrayList<>();
        FaultReport faults = record.fact(FactKeys.FAULTS);
        if (faults != null) {
            blocks.add(FaultText.lines(faults));
        }
        LedgerRecord ledger = record.fact(FactKeys.LEDGER);
        if (ledger != null) {
            blocks.add(FaultText.ledgerLines(ledger));
        }
        ChecksumRecord sums = record.fact(FactKeys.CHECKSUMS);
        if (sums != null) {
            blocks.add(FaultText.checksumLines(sums));
        }
        RunAnomalies anomalies = record.fact(FactKeys.ANOMALIES);
        if (anomalies != null) {
            blocks.add(AnomalyText.run(anomalies));
        }
        return switch (outcome.reason()) {
            case COMPLETED -> completed(blocks, ledger, sums, anomalies, record, json);
            case INTERRUPTED -> new StepVerdict(RunStatus.INTERRUPTED, blocks,
                    "interrupted: finished intervals are saved in " + dir);
            case FATAL_ERROR -> new StepVerdict(RunStatus.ABORTED, blocks, stoppedLine(outcome.fatalError(), dir,
                    skipTrx(record)));
            case OUTPUT_FAILED -> throw new UserException(outcome.fatalError().line(),
                    "free disk space or choose another --out");
        };
    }

    private static StepVerdict completed(List<List<String>> blocks, LedgerRecord ledger, ChecksumRecord sums,
                                         RunAnomalies anomalies, RunRecord record, Path json) {
        if (ledger != null && !ledger.passed()) {
            return new StepVerdict(RunStatus.CHECK_FAILED, blocks,
                    "check failed: acknowledged commits are missing (or failed ones present); see " + json);
        }
        if (sums != null && !sums.passed()) {
            return new StepVerdict(RunStatus.CHECK_FAILED, blocks, "check failed: a table differs between nodes; see "
                    + json);
        }
        if (anomalies != null && !anomalies.violations().isEmpty()) {
            return new StepVerdict(RunStatus.CHECK_FAILED, blocks, "check failed: the history beside the run shows "
                    + "anomalies its setting forbids (" + String.join("; ", anomalies.violations()) + "); see "
                    + json.resolveSibling("history.jsonl") + " and " + json);
        }
        ValidityFlag stalled = record == null ? null : ValidityRules.stalled(record.intervals(), record.summary());
        boolean scheduled = record != null && record.fact(FactKeys.FAULTS) != null
                && !record.fact(FactKeys.FAULTS).events().isEmpty();
        // docs/metrics.md, "Validity": a run that mostly measured nothing is no result; under a --fault schedule the
        // stall is the faults' effect, shown by their recovery figures and flagged, not a failed check
        // ddl and bigtrx measure a few long operations (a background workload carries the load): intervals without
        // one completing are their nature, shown by their stall block, not a stalled run
        boolean fewLongEvents = record != null && java.util.Set.of("ddl", "bigtrx").contains(record.workload());
        if (stalled != null && !scheduled && !fewLongEvents) {
            return new StepVerdict(RunStatus.CHECK_FAILED, blocks, "check failed: the run stalled: " + stalled.evidence()
                    + "; its figures are not a measurement of the workload (see " + json + ")");
        }
        return new StepVerdict(RunStatus.COMPLETED, blocks, null);
    }

    /**
     * @return the line of a step stopped by an error: the target gone, or the statement's error with the remedy its
     *         evidence shows (the server's message, the run's {@code --skip-trx}: {@link Remedies#hint(int, String,
     *         String, boolean)})
     */
    private static String stoppedLine(FatalError fatal, Path dir, boolean skipTrx) {
        if (fatal.kind() == FatalError.Kind.UNREACHABLE) { // no SQL error: the target is gone
            return "error: the run stopped: " + fatal.line() + " — check that the server is running and reachable; "
                    + "finished intervals are saved in " + dir;
        }
        return "error: the run stopped on " + fatal.line() + " — " + Remedies.hint(fatal.vendorCode(),
                fatal.endpoint(), fatal.message(), skipTrx);
    }

    /** @return true when the step ran with {@code --skip-trx} on (its plan's workload options say so) */
    private static boolean skipTrx(RunRecord record) {
        return record != null && record.plan() != null
                && Boolean.TRUE.equals(record.plan().workloadOptions().get("skipTrx"));
    }
}
