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
}
