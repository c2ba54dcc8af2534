package io.clusterbench.result;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RecoveryTest {
    private static List<IntervalRecord> intervals(double... tps) {
        List<IntervalRecord> out = new ArrayList<>();
        LatencySummary none = LatencySummary.of(new Histogram(3));
        for (int i = 0; i < tps.length; i++) {
            Map<String, Long> errors = tps[i] < 50 && tps[i] > 0 ? Map.of("2013/08000", 2L) : Map.of();
            out.add(new IntervalRecord(i, i + 1, 4, (long) tps[i], tps[i], 0, 0, 0, 0, 0, 0, 0, 0, 0, none, 0, 0,
                    errors, Map.of(), 0, 0, 0, 0));
        }
        return out;
    }

    private static FaultEvent event(double at, String action) {
        return new FaultEvent(at, at, action, "n3", action + " n3", true, "", 0.1, null);
    }

    @Test
    void killFiguresFromTheIntervals() {
        // baseline 100; killed at 3.0; 40 (errors), 0, 0, 80, then back at 6..
        List<IntervalRecord> iv = intervals(100, 100, 100, 40, 0, 0, 80, 95, 100, 100);
        List<RecoveryRecord> r = Recovery.compute(List.of(event(3.0, "kill"), event(8.0, "start")), iv, 10);
        assertEquals(1, r.size(), "start is not disruptive");
        RecoveryRecord kill = r.get(0);
        assertEquals(100, kill.baselineTps());
        assertEquals(1.0, kill.detectSeconds(), "the interval 3-4 ended 1 s after the fault");
        assertEquals(2.0, kill.stallSeconds());
        assertEquals(4.0, kill.recoverySeconds(), "from 7 s on tps stayed >= 90");
        assertEquals(Map.of("2013/08000", 2L), kill.errorsByCode());
    }

    @Test
    void aFaultThatCostsNothingRecoversInZeroAndAFaultThatNeverRecoversSaysSo() {
        assertEquals(0.0, Recovery.compute(List.of(event(2, "pause")), intervals(100, 100, 100, 99), 4).get(0)
                .recoverySeconds());
        RecoveryRecord never = Recovery.compute(List.of(event(2, "kill")), intervals(100, 100, 0, 0), 4).get(0);
        assertEquals(-1, never.recoverySeconds());
        assertEquals(2.0, never.stallSeconds());
    }

    @Test
    void theSecondFaultUsesThePreScheduleBaselineAndWindowsEndAtTheNextFault() {
        List<RecoveryRecord> r = Recovery.compute(List.of(event(2, "kill"), event(4, "restart")),
                intervals(100, 100, 0, 0, 0, 100), 6);
        assertEquals(100, r.get(1).baselineTps());
        assertEquals(2.0, r.get(0).stallSeconds(), "the kill's window ends at the restart");
        assertEquals(4.0, r.get(0).windowEndSeconds());
        assertEquals(1.0, r.get(1).stallSeconds());
        assertEquals(1.0, r.get(1).recoverySeconds());
    }
}
