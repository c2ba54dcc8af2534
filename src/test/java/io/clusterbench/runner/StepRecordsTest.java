package io.clusterbench.runner;

import io.clusterbench.engine.FatalError;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ShardRecord;
import io.clusterbench.result.SyntheticResults;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A step's record in every state it can be in, from one builder, and the gate that keeps the last one. */
class StepRecordsTest {
    private static final ShardRecord SHARD = new ShardRecord(0, 2, "h", "", 0, 8, 0, 0, 0, null, null);
    private final StepRecords records = new StepRecords("oltp_read_write", 4, 2,
            SyntheticResults.plan("oltp_read_write", 4), Map.of("sbtest1.rows", 100), SHARD);

    @Test
    void everyUnfinishedStateHasNoSummaryAndCarriesTheShard() {
        Facts facts = Facts.NONE.with(FactKeys.READ_TIMEOUT_MILLIS, 10_000);
        RunRecord running = records.running(List.of(), facts);
        assertEquals("running", running.status());
        assertNull(running.fatalError());
        RunRecord nothing = records.nothingMeasured(facts);
        assertEquals("interrupted", nothing.status());
        assertEquals("interrupted before the measured phase: nothing was measured", nothing.fatalError());
        RunRecord halted = records.halted(List.of(), facts);
        assertEquals("interrupted", halted.status());
        assertTrue(halted.fatalError().startsWith("a second Ctrl-C ended the process at once"));
        for (RunRecord r : List.of(running, nothing, halted)) {
            assertNull(r.summary());
            assertEquals(4, r.threads());
            assertEquals(2, r.repeat());
            assertEquals(SHARD, r.fact(FactKeys.SHARD));
            assertEquals(10_000, r.fact(FactKeys.READ_TIMEOUT_MILLIS));
        }
    }

    @Test
    void aRefusedStepSaysWhyAndHasNoFacts() {
        RunRecord refused = records.refused("too many connections (1040) at 4 threads; max_connections=3");
        assertEquals("connection_refused", refused.status());
        assertEquals("too many connections (1040) at 4 threads; max_connections=3", refused.fatalError());
        assertTrue(refused.observerFacts().isEmpty());
    }

    @Test
    void aFinishedStepRecordsItsStatusAndTheErrorThatStoppedIt() {
        RunOutcome fatal = new RunOutcome(RunOutcome.Reason.FATAL_ERROR, 3, new FatalError(FatalError.Kind.STATEMENT,
                1062, "23000", "127.0.0.1:3306", "Duplicate entry"), new long[]{1}, new double[]{1}, 0, "platform", 0, 0);
        RunRecord r = records.finished(fatal, List.of(), null, List.of(), Facts.NONE, List.of());
        assertEquals("fatal_error", r.status());
        assertEquals("1062/23000 at 127.0.0.1:3306: Duplicate entry", r.fatalError());
        assertEquals(SHARD, r.fact(FactKeys.SHARD));
    }

    @Test
    void afterTheLastRecordALateCheckpointIsNotWritten() {
        List<RunRecord> written = new ArrayList<>();
        StepRecords.Gate gate = new StepRecords.Gate(written::add);
        gate.accept(records.running(List.of(), Facts.NONE));
        gate.accept(records.nothingMeasured(Facts.NONE));
        gate.accept(records.running(List.of(), Facts.NONE)); // a checkpoint still on its way
        gate.accept(records.halted(List.of(), Facts.NONE)); // a second Ctrl-C after the end
        assertEquals(2, written.size());
        assertEquals("interrupted before the measured phase: nothing was measured", written.get(1).fatalError());
    }

    /**
     * A halt does not wait for a final record being written (on a loaded machine that write outlasted the halt's
     * deadline, and the process ended with result.json still saying running): it writes the halted record beside it;
     * once a last record is on disk, a halt writes nothing.
     */
    @Test
    @org.junit.jupiter.api.Timeout(30)
    void aHaltWritesItsRecordBesideAFinalWriteInProgressButNotAfterALastRecord() throws Exception {
        java.util.concurrent.CountDownLatch inWrite = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        List<RunRecord> written = new java.util.concurrent.CopyOnWriteArrayList<>();
        StepRecords.Gate gate = new StepRecords.Gate(r -> {
            if (!"running".equals(r.status()) && r.fatalError() == null) { // the final record: a slow write
                inWrite.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            written.add(r);
        });
        RunOutcome done = new RunOutcome(RunOutcome.Reason.COMPLETED, 3, null, new long[]{1}, new double[]{1}, 0,
                "platform", 0, 0);
        Thread main = new Thread(() -> gate.accept(records.finished(done, List.of(), null, List.of(), Facts.NONE,
                List.of())));
        main.start();
        inWrite.await();
        // returns though the final write is in progress, and says it wrote (the halt then says so on the console)
        assertTrue(gate.acceptNow(records.halted(List.of(), Facts.NONE)));
        assertEquals(1, written.size());
        assertTrue(written.get(0).fatalError().startsWith("a second Ctrl-C"));
        release.countDown();
        main.join();
        assertFalse(gate.acceptNow(records.halted(List.of(), Facts.NONE)), "the final record was on disk already");
        assertEquals(2, written.size(), "nothing after the final record is on disk");
    }
}
