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

    private static FaultEvent event(double at, String action, String argument) {
        return new FaultEvent(at, at, action, "n3", action + " n3 " + argument, true, "", 0.1, null);
    }

    private static double[] series(int seconds, double tps) {
        double[] out = new double[seconds];
        java.util.Arrays.fill(out, tps);
        return out;
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

    @Test
    void aKillsBackTo90EndsAtTheRestartAndLeavesTheRestartsDipToTheRestart() {
        double[] tps = series(40, 100);
        tps[10] = 40;
        tps[11] = 60;
        tps[12] = 80; // back from 13 s
        for (int i = 25; i < 29; i++) {
            tps[i] = 0.51; // the restart's dip: a stall, though not exactly 0 tps
        }
        List<RecoveryRecord> r = Recovery.compute(List.of(event(10, "kill"), event(25, "restart")), intervals(tps), 40);
        RecoveryRecord kill = r.get(0);
        assertEquals(3.0, kill.recoverySeconds(), "back at 13 s, 3 s after the kill; the restart's dip is not the kill's");
        assertEquals(25.0, kill.windowEndSeconds());
        assertEquals(0.0, kill.stallSeconds(), "40 tps is no stall");
        RecoveryRecord restart = r.get(1);
        assertEquals(4.0, restart.stallSeconds(), "four intervals below 10% of the 100 tps baseline");
        assertEquals(4.0, restart.recoverySeconds());
    }

    @Test
    void aFaultNotBackBeforeTheNextOneIsNotBackInItsWindow() {
        double[] tps = series(20, 100);
        for (int i = 5; i < 20; i++) {
            tps[i] = i < 12 ? 30 : 100;
        }
        List<RecoveryRecord> r = Recovery.compute(List.of(event(5, "kill"), event(10, "restart")), intervals(tps), 20);
        assertEquals(-1, r.get(0).recoverySeconds(), "still at 30% when the restart came");
        assertEquals(10.0, r.get(0).windowEndSeconds());
    }

    @Test
    void endingASlowdownOrALinkDelayIsNoRecoveryRowAndEndsNoWindow() {
        double[] tps = series(20, 100);
        for (int i = 5; i < 12; i++) {
            tps[i] = 50;
        }
        List<FaultEvent> events = List.of(event(5, "slow", "30%"), event(8, "link", "off"), event(12, "slow", "0%"),
                event(15, "heal"), event(16, "resume"));
        List<RecoveryRecord> r = Recovery.compute(events, intervals(tps), 20);
        assertEquals(1, r.size(), "only the slowdown takes capacity away: " + r);
        assertEquals("slow n3 30%", r.get(0).step());
        assertEquals(20.0, r.get(0).windowEndSeconds(), "the end of the slowdown belongs to its recovery");
        assertEquals(7.0, r.get(0).recoverySeconds(), "back at 12 s, when the slowdown ended");
    }
}
