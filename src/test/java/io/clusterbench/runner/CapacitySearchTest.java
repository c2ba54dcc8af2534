package io.clusterbench.runner;

import io.clusterbench.result.CapacityRecord;
import org.junit.jupiter.api.Test;

import java.util.function.DoubleUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CapacitySearchTest {
    /** A server whose p99 (µs) at a rate is given, that keeps up with every rate below 1000 tps. */
    private static CapacityRecord search(double closedLoopTps, long closedP99, DoubleUnaryOperator p99AtRate,
                                         long targetMicros, int steps) {
        CapacitySearch s = new CapacitySearch(99, targetMicros, 8, steps);
        for (double rate = s.nextRate(); rate >= 0; rate = s.nextRate()) {
            if (rate == 0) {
                s.record(0, closedLoopTps, closedP99, 0);
            } else {
                s.record(rate, Math.min(rate, closedLoopTps), (long) p99AtRate.applyAsDouble(rate), 0);
            }
        }
        return s.result();
    }

    @Test
    void theFirstStepIsTheClosedLoopThenRatesBisectBelowItsMaximum() {
        CapacitySearch s = new CapacitySearch(99, 20_000, 8, 6);
        assertEquals(0, s.nextRate());
        s.record(0, 1000, 50_000, 0);
        assertEquals(500, s.nextRate());
        s.record(500, 500, 5_000, 0); // met
        assertEquals(750, s.nextRate());
        s.record(750, 749, 30_000, 0); // missed
        assertEquals(625, s.nextRate());
    }

    @Test
    void theCapacityIsTheHighestRateThatMetTheTargetAndTheSearchEndsAtTheResolution() {
        // latency crosses 20 ms at 700 tps
        CapacityRecord c = search(1000, 60_000, rate -> rate < 700 ? 10_000 : 40_000, 20_000, 20);
        assertTrue(c.capacityTps() < 700 && c.capacityTps() >= 700 - 1000 * CapacitySearch.RESOLUTION, c.toString());
        assertTrue(c.lowestMissedRate() >= 700 && c.lowestMissedRate() - c.capacityTps()
                <= 1000 * CapacitySearch.RESOLUTION, c.toString());
        assertTrue(c.steps().size() < 21, "ended at the resolution: " + c.steps().size());
        assertFalse(c.closedLoopMet());
    }

    @Test
    void aStepThatDidNotKeepUpWithItsRateMissesWhateverItsLatency() {
        CapacitySearch s = new CapacitySearch(99, 20_000, 8, 1);
        s.record(0, 1000, 60_000, 0);
        CapacityRecord.Step step = s.record(s.nextRate(), 400, 1_000, 0); // 400 of 500 tps: 80%
        assertFalse(step.keptUp());
        assertFalse(step.met());
        assertEquals(0, s.result().capacityTps());
        assertEquals(500, s.result().lowestMissedRate());
    }

    @Test
    void aClosedLoopThatMeetsTheTargetEndsTheSearchAtItsMaximum() {
        CapacityRecord c = search(1000, 5_000, rate -> 1_000, 20_000, 6);
        assertTrue(c.closedLoopMet());
        assertEquals(1, c.steps().size());
        assertEquals(1000, c.capacityTps());
        assertNull(c.lowestMissedRate());
    }

    @Test
    void theStepsAreBoundedByTheGivenNumber() {
        CapacityRecord c = search(1000, 60_000, rate -> rate < 333.3 ? 10_000 : 40_000, 20_000, 3);
        assertEquals(4, c.steps().size()); // the closed loop and 3 open-loop steps
    }
}
