package io.clusterbench.explain;

import io.clusterbench.result.WaitProfile;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Deltas of two readings: categories, gaps for resets, prepared statements, metrics off or absent. */
class WaitDeltasTest {
    private static final PerfSchemaState DEFAULTS = new PerfSchemaState(true, List.of(),
            List.of("wait/synch/mutex", "wait/synch/rwlock", "wait/synch/sxlock", "wait/synch/cond", "wait/io/socket",
                    "wait/lock/metadata"));

    private static WaitSnapshot snapshot(PerfSchemaState ps, long rowLockMillis, long handlerPicos, long filePicos,
                                         long executes, long at) {
        Map<String, long[]> waits = new HashMap<>();
        waits.put("wait/io/table/sql/handler", new long[]{executes, handlerPicos});
        waits.put("wait/io/file/innodb/innodb_log_file", new long[]{executes, filePicos});
        waits.put("idle", new long[]{executes, 999_000_000_000L});
        Map<String, WaitSnapshot.StatementRow> statements = new HashMap<>();
        statements.put(WaitSnapshot.EXECUTE_KEY, new WaitSnapshot.StatementRow("", "statement/com/Execute",
                WaitSnapshot.EXECUTE_TEXT, executes, executes * 10_000_000L, 0, executes, executes, 0));
        statements.put("d:sbtest/c0ffee", new WaitSnapshot.StatementRow("sbtest", "c0ffee", "COMMIT", executes / 10,
                executes * 1_000_000L, 0, 0, 0, 0));
        Map<String, WaitSnapshot.MetricRow> metrics = new HashMap<>();
        metrics.put("lock_row_lock_time", new WaitSnapshot.MetricRow("lock", true, rowLockMillis));
        metrics.put("lock_row_lock_waits", new WaitSnapshot.MetricRow("lock", true, rowLockMillis / 2));
        metrics.put("trx_rseg_history_len", new WaitSnapshot.MetricRow("transaction", true, 100 - executes / 100));
        metrics.put("lock_rec_lock_waits", new WaitSnapshot.MetricRow("lock", false, 0));
        return new WaitSnapshot(Map.of("Com_commit", executes / 10, "Questions", executes), ps, waits, statements,
                metrics, List.of(), at, 1_000_000);
    }

    @Test
    void rowLocksLeadAndTheHandlerParentIsNoCategory() {
        WaitSnapshot a = snapshot(DEFAULTS, 1000, 0, 0, 0, 0);
        WaitSnapshot b = snapshot(DEFAULTS, 9000, 9_500_000_000_000L, 20_000_000_000L, 1000, 2_000_000_000L);
        WaitProfile.Node n = WaitDeltas.between("n1", "127.0.0.1:3306", a, b).perEvent(100);
        assertEquals(8_000_000L, n.rowLockWaitMicros());
        assertEquals(WaitProfile.LOCK, n.categories().get(0).name(), n.categories().toString());
        assertEquals(8_000_000L, n.categories().get(0).waitMicros());
        assertEquals(80_000.0, n.categories().get(0).perEventMicros());
        assertNull(n.category(WaitProfile.SOCKET_IO), "not instrumented is not measured as 0");
        assertEquals(WaitProfile.ROW_LOCK, n.leadingWaits().get(0).event());
        assertEquals("wait/io/table/sql/handler", n.waits().get(0).event(), "raw waits keep the parent");
        assertTrue(n.waits().stream().noneMatch(w -> w.event().equals("idle")));
        assertEquals(2.0, n.windowSeconds());
        assertEquals(Map.of("Com_commit", 100L, "Questions", 1000L), n.status());
    }

    @Test
    void preparedStatementsCountAsOneRowWhenTheServerDoesNotItemiseThem() {
        WaitProfile.Node n = WaitDeltas.between("n1", "e", snapshot(DEFAULTS, 0, 0, 0, 0, 0),
                snapshot(DEFAULTS, 0, 0, 0, 1000, 1)).perEvent(1000);
        assertEquals(WaitSnapshot.EXECUTE_TEXT, n.statements().get(0).text());
        assertEquals(1.0, n.statements().get(0).perEventCount());
        assertEquals(90.91, n.statements().get(0).sharePercent());
    }

    @Test
    void aCounterThatWentDownIsAGapNeverNegative() {
        WaitProfile.Node n = WaitDeltas.between("n1", "e", snapshot(DEFAULTS, 5000, 0, 0, 2000, 0),
                snapshot(DEFAULTS, 100, 0, 0, 1000, 1));
        assertNull(n.rowLockWaitMicros(), "lock_row_lock_time and Innodb_row_lock_time both reset");
        assertTrue(n.waits().isEmpty());
        assertTrue(n.statements().isEmpty());
        WaitProfile.Metric history = n.innodbMetrics().stream().filter(m -> m.name().equals("trx_rseg_history_len"))
                .findFirst().orElseThrow();
        assertTrue(history.gauge());
        assertEquals(history.end() - history.start(), history.delta(), "a gauge keeps its change, whichever way");
        assertTrue(n.disabledMetrics().contains("lock_rec_lock_waits"));
        assertTrue(n.absentMetrics().contains("innodb_rwlock_s_spin_rounds"));
    }

    @Test
    void performanceSchemaOffLeavesOnlyInnodbsRowLockTime() {
        WaitProfile.Node n = WaitDeltas.between("n1", "e", snapshot(PerfSchemaState.OFF, 10, 0, 0, 0, 0),
                snapshot(PerfSchemaState.OFF, 30, 5, 5, 1000, 1));
        assertFalse(n.performanceSchema().enabled());
        assertTrue(n.categories().isEmpty() && n.waits().isEmpty() && n.statements().isEmpty());
        assertEquals(20_000L, n.rowLockWaitMicros());
    }

    @Test
    void theSemaphoreSectionIsCut() {
        String status = """
                ----------
                SEMAPHORES
                ----------
                OS WAIT ARRAY INFO: reservation count 7
                --Thread 140 has waited at btr0cur.cc line 1 for 1.00 seconds the semaphore:

                ------------
                TRANSACTIONS
                ------------
                Trx id counter 11995
                """;
        assertEquals(List.of("OS WAIT ARRAY INFO: reservation count 7",
                "--Thread 140 has waited at btr0cur.cc line 1 for 1.00 seconds the semaphore:"),
                WaitSnapshot.semaphoreSection(status));
        assertEquals(List.of(), WaitSnapshot.semaphoreSection("----------\nSEMAPHORES\n----------\n------------\n"
                + "TRANSACTIONS\n------------\n"));
    }
}
