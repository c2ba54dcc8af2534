package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.engine.FatalError;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.result.ChecksumRecord;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.LedgerRecord;
import io.clusterbench.result.RunAnomalies;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import io.clusterbench.testing.AnomalyFixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one verdict of run, sweep and ab on a finished step, from its outcome and facts alone (no server). */
class StepVerdictTest {
    private static final Path DIR = Path.of("/tmp/step");
    private static final Path JSON = DIR.resolve("result.json");

    private static RunOutcome outcome(RunOutcome.Reason reason, FatalError fatal) {
        return new RunOutcome(reason, 10, fatal, new long[]{5}, new double[]{1}, 0.1, "platform", 0, 0);
    }

    private static RunRecord record(Facts facts) {
        RunRecord r = SyntheticResults.builder().runs(4, 100).build().runs().get(0);
        return r.withFacts(facts);
    }

    private static LedgerRecord ledger(long missing) {
        return new LedgerRecord(1, 10, 0, 0, Map.of("n1", 10 - missing), Map.of("n1", 10 - missing),
                missing == 0 ? Map.of() : Map.of("n1", List.of(7L)), missing, 0, List.of(), Map.of());
    }

    @Test
    void aCompletedStepWithoutChecksCompletesAndSaysNothing() {
        StepVerdict v = StepVerdict.of(outcome(RunOutcome.Reason.COMPLETED, null), record(Facts.NONE), DIR, JSON);
        assertEquals(RunStatus.COMPLETED, v.status());
        assertNull(v.error());
        assertEquals(List.of(), v.blocks());
    }

    @Test
    void aMissingAcknowledgedCommitFailsTheCheckOfACompletedStep() {
        StepVerdict v = StepVerdict.of(outcome(RunOutcome.Reason.COMPLETED, null),
                record(Facts.NONE.with(FactKeys.LEDGER, ledger(1))), DIR, JSON);
        assertEquals(RunStatus.CHECK_FAILED, v.status());
        assertEquals("check failed: acknowledged commits are missing (or failed ones present); see " + JSON, v.error());
        assertEquals(1, v.blocks().size());
        StepVerdict passed = StepVerdict.of(outcome(RunOutcome.Reason.COMPLETED, null),
                record(Facts.NONE.with(FactKeys.LEDGER, ledger(0))), DIR, JSON);
        assertEquals(RunStatus.COMPLETED, passed.status());
        assertEquals(1, passed.blocks().size(), "a passing check still prints its lines");
    }

    @Test
    void aTableThatDiffersBetweenNodesFailsTheCheck() {
        ChecksumRecord differs = ChecksumRecord.of(List.of("sbtest1"), Map.of("n1", Map.of("sbtest1", 1L),
                "n2", Map.of("sbtest1", 2L)), Map.of());
        StepVerdict v = StepVerdict.of(outcome(RunOutcome.Reason.COMPLETED, null),
                record(Facts.NONE.with(FactKeys.CHECKSUMS, differs)), DIR, JSON);
        assertEquals(RunStatus.CHECK_FAILED, v.status());
        assertEquals("check failed: a table differs between nodes; see " + JSON, v.error());
    }

    @Test
    void aForbiddenAnomalyBesideTheRunFailsTheCheckAndItsBlockIsPrinted() {
        RunAnomalies found = new RunAnomalies(20, 2, 3.5, AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(),
                Isolation.REPEATABLE_READ, "0"));
        StepVerdict v = StepVerdict.of(outcome(RunOutcome.Reason.COMPLETED, null),
                record(Facts.NONE.with(FactKeys.ANOMALIES, found)), DIR, JSON);
        assertEquals(RunStatus.CHECK_FAILED, v.status());
        assertEquals("check failed: the history beside the run shows anomalies its setting forbids (append G-single (1); "
                + "append lost-update (1)); see " + DIR.resolve("history.jsonl") + " and " + JSON, v.error());
        assertEquals(1, v.blocks().size());
        assertTrue(v.blocks().get(0).get(0).startsWith("Anomalies beside the load: wsrep_sync_wait=0 RR all-writers "
                + "(history rate 20.0 operations/s asked, 2 sessions each; "), v.blocks().get(0).get(0));

        RunAnomalies allowed = new RunAnomalies(20, 2, 3.5, AnomalyFixtures.setting(1, AnomalyFixtures.staleRead(),
                Isolation.REPEATABLE_READ, "0"));
        StepVerdict passed = StepVerdict.of(outcome(RunOutcome.Reason.COMPLETED, null),
                record(Facts.NONE.with(FactKeys.ANOMALIES, allowed)), DIR, JSON);
        assertEquals(RunStatus.COMPLETED, passed.status(), "a stale read at wsrep_sync_wait=0 is allowed");
        assertNull(passed.error());
        assertEquals(1, passed.blocks().size(), "what was found still prints");
    }

    @Test
    void anInterruptedStepSaysWhereItsIntervalsAreAndIsNotChecked() {
        StepVerdict v = StepVerdict.of(outcome(RunOutcome.Reason.INTERRUPTED, null),
                record(Facts.NONE.with(FactKeys.LEDGER, ledger(1))), DIR, JSON);
        assertEquals(RunStatus.INTERRUPTED, v.status());
        assertEquals("interrupted: finished intervals are saved in " + DIR, v.error());
    }

    @Test
    void aStatementErrorNamesItsCodeEndpointAndRemedy() {
        FatalError missing = new FatalError(FatalError.Kind.STATEMENT, 1146, "42S02", "127.0.0.1:3306",
                "Table 'sbtest.sbtest1' doesn't exist");
        StepVerdict v = StepVerdict.of(outcome(RunOutcome.Reason.FATAL_ERROR, missing), record(Facts.NONE), DIR, JSON);
        assertEquals(RunStatus.ABORTED, v.status());
        assertTrue(v.error().startsWith("error: the run stopped on 1146/42S02 at 127.0.0.1:3306: Table "), v.error());
        assertTrue(v.error().contains(" — "), "a remedy follows the error: " + v.error());
    }

    @Test
    void aTargetThatStayedUnreachableIsNamedAsSuchNotAsASqlError() {
        FatalError gone = new FatalError(FatalError.Kind.UNREACHABLE, -1, "", null,
                "every endpoint unreachable for 5.0 s: connections lost and reconnects failing");
        StepVerdict v = StepVerdict.of(outcome(RunOutcome.Reason.FATAL_ERROR, gone), record(Facts.NONE), DIR, JSON);
        assertEquals(RunStatus.ABORTED, v.status());
        assertEquals("error: the run stopped: every endpoint unreachable for 5.0 s: connections lost and reconnects "
                + "failing — check that the server is running and reachable; finished intervals are saved in " + DIR,
                v.error());
    }

    @Test
    void resultFilesThatCannotBeWrittenAreTheUsersProblem() {
        FatalError full = new FatalError(FatalError.Kind.OUTPUT, -1, "", null, "No space left on device");
        UserException e = assertThrows(UserException.class, () -> StepVerdict.of(
                outcome(RunOutcome.Reason.OUTPUT_FAILED, full), record(Facts.NONE), DIR, JSON));
        assertTrue(e.line().startsWith("cannot write results: No space left on device"), e.line());
    }
}
