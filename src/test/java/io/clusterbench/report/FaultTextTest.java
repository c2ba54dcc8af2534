package io.clusterbench.report;

import io.clusterbench.result.FaultEvent;
import io.clusterbench.result.FaultReport;
import io.clusterbench.result.RecoveryRecord;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The recovery table prints every duration with its unit, as its neighbours do. */
class FaultTextTest {
    @Test
    void stallCarriesItsUnitLikeDetectAndRecovery() {
        FaultReport r = new FaultReport("5s kill n3",
                List.of(new FaultEvent(5, 5.0, "kill", "n3", "kill n3", true, "n3 killed (SIGKILL)", 0.3, null)),
                List.of(new RecoveryRecord("kill n3", 5.0, 40.0, 1.0, 2.0, 5.0, 20.0, Map.of())), List.of());
        String row = FaultText.lines(r).stream().filter(l -> l.contains("kill n3") && l.contains("40.0")).findFirst().orElseThrow();
        assertTrue(row.matches(".*1\\.0 s +2\\.0 s +5\\.0 s.*"), row);
    }

    @Test
    void aFaultNotBackSaysByWhenItsWindowEnded() {
        FaultReport r = new FaultReport("5s kill n3; 12s restart n3",
                List.of(new FaultEvent(5, 5.0, "kill", "n3", "kill n3", true, "n3 killed (SIGKILL)", 0.3, null)),
                List.of(new RecoveryRecord("kill n3", 5.0, 40.0, 1.0, 2.0, -1, 12.0, Map.of())), List.of());
        String row = FaultText.lines(r).stream().filter(l -> l.contains("kill n3") && l.contains("40.0")).findFirst().orElseThrow();
        assertTrue(row.contains("not back by 12.0 s"), row);
    }

    @Test
    void aNoOpResumeOrHealIsNotReportedAsARejoin() {
        assertTrue(io.clusterbench.sandbox.StateTransferLog.nothingToUndo("n3", "heal").equals(
                "n3 was not cut off: nothing to heal"));
        assertTrue(io.clusterbench.sandbox.StateTransferLog.nothingToUndo("n3", "resume").equals(
                "n3 was not paused: nothing to resume"));
        String none = io.clusterbench.sandbox.StateTransferLog.describe("n3",
                new io.clusterbench.result.StateTransferRecord("none", "", "", -1, 1.1));
        assertTrue(none.equals("n3 back without a state transfer; Synced 1.1 s after the action"), none);
    }
}
