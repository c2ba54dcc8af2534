package io.clusterbench.chores;

import io.clusterbench.anomaly.Isolation;
import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.runner.RunStatus;
import io.clusterbench.testing.AnomalyFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exit-status rule of {@code probe anomalies} on hand-built histories, through the same conversion and status
 * function as the command: exit 3 exactly when a setting shows a class its isolation or consistency level forbids.
 */
class AnomalyStatusTest {
    @Test
    void aLostUpdateAtRepeatableReadIsACheckFailure() {
        AnomalySetting s = AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(), Isolation.REPEATABLE_READ, "0");
        AnomalyDocument doc = AnomalyFixtures.document(List.of(s));
        assertEquals(RunStatus.CHECK_FAILED, AnomalyRun.status(doc));
        assertEquals(List.of("append lost-update (1)", "append G-single (1)").stream().sorted().toList(),
                s.violations().stream().sorted().toList());
        assertTrue(doc.violations().get(0).startsWith("wsrep_sync_wait=0 RR all-writers: "), doc.violations().toString());
    }

    @Test
    void theSameLostUpdateAtReadCommittedIsAllowed() {
        AnomalySetting s = AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(), Isolation.READ_COMMITTED, "0");
        assertEquals(RunStatus.COMPLETED, AnomalyRun.status(AnomalyFixtures.document(List.of(s))));
        AnomalyCheck.Count lost = s.checks().get(0).count("lost-update");
        assertEquals(1, lost.count());
        assertFalse(lost.forbidden());
        assertNull(lost.upperBound95Percent());
    }

    @Test
    void aStaleReadFailsTheCheckAtSyncWaitSevenOnlyNotAtZeroOrOne() {
        for (String level : List.of("0", "1")) {
            AnomalySetting s = AnomalyFixtures.setting(1, AnomalyFixtures.staleRead(), Isolation.REPEATABLE_READ, level);
            assertEquals(1, s.checks().get(0).count("stale-read").count());
            assertEquals(RunStatus.COMPLETED, AnomalyRun.status(AnomalyFixtures.document(List.of(s))), level);
        }
        AnomalySetting seven = AnomalyFixtures.setting(2, AnomalyFixtures.staleRead(), Isolation.REPEATABLE_READ, "7");
        assertEquals(RunStatus.CHECK_FAILED, AnomalyRun.status(AnomalyFixtures.document(List.of(seven))));
        assertTrue(seven.violations().contains("append stale-read (1)"), seven.violations().toString());
    }

    @Test
    void anInterruptedProbeExitsAsInterruptedWhateverItFound() {
        AnomalySetting s = AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(), Isolation.SERIALIZABLE, "7");
        AnomalyDocument doc = AnomalyFixtures.document(List.of(s));
        assertEquals(RunStatus.INTERRUPTED, AnomalyRun.status(doc.with("interrupted", 1, doc.settings())));
    }

    @Test
    void zeroCountsCarryTheirNinetyFivePercentBoundAndTheDocumentReadsBackAsWritten(@TempDir Path dir)
            throws Exception {
        AnomalySetting s = AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(), Isolation.REPEATABLE_READ, "7");
        AnomalyCheck.Count g0 = s.checks().get(0).count("G0");
        assertEquals(0, g0.count());
        assertEquals(5, g0.checked(), "acknowledged transactions, final reads included");
        assertEquals(100 * (1 - Math.pow(0.05, 1.0 / 5)), g0.upperBound95Percent(), 1e-9);
        AnomalyDocument doc = AnomalyFixtures.document(List.of(s));
        Path file = dir.resolve(AnomalyDocument.FILE);
        AnomalyDocument.write(file, doc.bytes());
        AnomalyDocument back = AnomalyDocument.read(AnomalyDocument.locate(dir));
        assertEquals(doc, back);
        assertEquals(RunStatus.CHECK_FAILED, AnomalyRun.status(back));
    }
}
