package io.clusterbench.report;

import io.clusterbench.result.CapacityRecord;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The console lines of a capacity search: the bracket, the curve by offered rate, the rule. */
class CapacityTextTest {
    private static final CapacityRecord.Rule RULE = new CapacityRecord.Rule(100, 10_000, 3, 120, 8, 0.02);

    private static CapacityRecord.Run run(int repeat, double tps, long micros, boolean met, boolean counted) {
        return new CapacityRecord.Run(repeat, 30, 30, Math.round(tps * 30), tps, micros, micros - 100, micros + 100,
                true, met, counted, 0);
    }

    private static CapacityRecord.Step step(double rate, boolean met, CapacityRecord.Run... runs) {
        List<CapacityRecord.Run> counted = java.util.Arrays.stream(runs).filter(CapacityRecord.Run::counted).toList();
        return new CapacityRecord.Step(rate, counted.get(0).tps(), counted.get(0).latencyMicros(),
                counted.stream().mapToLong(CapacityRecord.Run::latencyMicros).min().orElse(0),
                counted.stream().mapToLong(CapacityRecord.Run::latencyMicros).max().orElse(0), true, met, 0,
                List.of(runs));
    }

    private static CapacityRecord search() {
        return new CapacityRecord(99, 20_000, 64, RULE, 1000, false, 750, 781.25, List.of(
                step(0, false, run(1, 1000, 50_000, false, true), run(2, 990, 52_000, false, true)),
                step(500, true, run(1, 500, 5_000, true, true), run(2, 500, 6_000, true, true)),
                step(1000, false, run(1, 990, 90_000, false, true), run(2, 995, 95_000, false, true)),
                step(750, true, run(1, 400, 19_000, true, false), run(2, 750, 18_000, true, true),
                        run(3, 750, 21_000, false, true), run(4, 750, 19_500, true, true)),
                step(781.25, false, run(1, 781, 30_000, false, true), run(2, 781, 33_000, false, true))));
    }

    @Test
    void theVerdictGivesTheCapacityWithItsBracketAndShareOfTheClosedLoop() {
        assertEquals("Capacity at p99 within 20.00 ms, 64 threads: capacity 750.00 events/s; bracket [750.00, 781.25] "
                + "events/s, missed at 781.25; 75% of the closed-loop maximum 1000.00 tps", CapacityText.verdict(search()));
    }

    @Test
    void theCurveListsEveryStepByOfferedRateWithItsSpreadOverCountedRuns() {
        List<String> curve = CapacityText.curve(search());
        assertEquals(2 + 5, curve.size());
        assertTrue(curve.get(2).startsWith("  closed loop "), curve.get(2));
        assertTrue(curve.get(3).startsWith("  500.00 "), curve.get(3));
        assertTrue(curve.get(4).contains("18.00 [18.00–21.00] ×3"), "the short run is left out: " + curve.get(4));
        assertTrue(curve.get(5).startsWith("  781.25") && curve.get(5).endsWith("missed"), curve.get(5));
        assertTrue(curve.get(6).startsWith("  1000.00"), "by offered rate, not in the order run: " + curve.get(6));
    }

    @Test
    void theRuleIsPrintedWithItsNumbers() {
        String rule = String.join("\n", CapacityText.rule(search()));
        assertTrue(rule.contains("events needed per run 10000 (100 beyond p99)"), rule);
        assertTrue(rule.contains("every run at most 120 s"), rule);
        assertTrue(rule.contains("more than half of its 3 counted runs met"), rule);
    }

    @Test
    void aShortRunSaysItWasNotCountedAndHowLongTheNextRuns() {
        CapacityRecord.Run shortRun = run(1, 400, 19_000, true, false);
        assertEquals("run 1: p99 19.00 ms [95% interval 18.90–19.10], 12000 events (10000 needed): short, not counted; "
                + "runs lengthened to 40 s: not judged", CapacityText.runLine(search(), new CapacityRecord.Run(1, 30, 30,
                12_000, 400, 19_000, 18_900, 19_100, true, true, false, 0), 750, 40L));
        assertTrue(CapacityText.runLine(search(), shortRun, 750, null).endsWith("not judged"));
    }

    @Test
    void noRateMetAndAClosedLoopThatMetSayWhatTheyMean() {
        CapacityRecord none = new CapacityRecord(95, 1, 2, RULE, 1000, false, 0, 250.0, List.of());
        assertTrue(CapacityText.verdict(none).endsWith("not met at any rate tried (lowest: 250.00 events/s; "
                + "closed-loop maximum 1000.00 tps)"), CapacityText.verdict(none));
        CapacityRecord closed = new CapacityRecord(99.9, 5_000_000, 1, RULE, 1000, true, 1000, null, List.of());
        assertEquals("Capacity at p99.9 within 5000.00 ms, 1 thread: at least 1000.00 tps, the closed-loop maximum, "
                + "which already meets the target (more threads may take more)", CapacityText.verdict(closed));
    }
}
