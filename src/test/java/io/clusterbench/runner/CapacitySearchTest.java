package io.clusterbench.runner;

import io.clusterbench.result.CapacityRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CapacitySearchTest {
    private static CapacitySpec spec(int steps) {
        return new CapacitySpec(99, 20_000, steps, 1, 100, Duration.ofSeconds(60));
    }

    private static CapacityRecord.Step step(double rate, double tps, boolean met) {
        return new CapacityRecord.Step(rate, tps, met ? 10_000 : 40_000, 0, 0, true, met, 0, List.of());
    }

    /** Runs a search against a server whose open-loop steps meet the target exactly below {@code capacity}. */
    private static CapacityRecord search(double closedLoopTps, boolean closedMet, DoublePredicate metAt, int steps,
                                         List<Double> rates) {
        CapacitySearch s = new CapacitySearch(spec(steps), 8);
        for (double rate = s.nextRate(); rate >= 0; rate = s.nextRate()) {
            rates.add(rate);
            s.record(rate == 0 ? step(0, closedLoopTps, closedMet) : step(rate, rate, metAt.test(rate)));
        }
        return s.result();
    }

    @Test
    void theFirstStepIsClosedLoopThenHalfItsMaximumThenDoublingWhileMet() {
        CapacitySearch s = new CapacitySearch(spec(10), 8);
        assertEquals(0, s.nextRate());
        s.record(step(0, 1000, false));
        assertEquals(500, s.nextRate());
        s.record(step(500, 500, true));
        assertEquals(1000, s.nextRate(), "doubling the highest met rate while nothing missed");
        s.record(step(1000, 1000, true));
        assertEquals(2000, s.nextRate());
        s.record(step(2000, 1500, false));
        assertEquals(1500, s.nextRate(), "bisection between 1000 met and 2000 missed");
    }

    @Test
    void whileEveryStepMissesTheRateHalves() {
        CapacitySearch s = new CapacitySearch(spec(10), 8);
        s.record(step(0, 1000, false));
        s.record(step(s.nextRate(), 500, false));
        assertEquals(250, s.nextRate());
        s.record(step(250, 250, false));
        assertEquals(125, s.nextRate());
        s.record(step(125, 125, true));
        assertEquals(187.5, s.nextRate(), "then bisection");
    }

    @Test
    void theBracketHoldsTheCapacityAndTheSearchEndsAtTheResolution() {
        for (double capacity : new double[]{70, 333.3, 700, 999, 1300, 2900}) {
            List<Double> rates = new ArrayList<>();
            CapacityRecord c = search(1000, false, rate -> rate < capacity, 30, rates);
            assertTrue(c.capacityTps() < capacity && c.lowestMissedRate() >= capacity, capacity + ": " + c);
            assertTrue(c.lowestMissedRate() - c.capacityTps() <= CapacitySpec.RESOLUTION * c.lowestMissedRate(),
                    capacity + ": ended at the resolution " + c);
            assertTrue(rates.size() <= 1 + 12, capacity + ": steps " + rates);
            assertEquals(rates.size(), rates.stream().distinct().count(), "no rate runs twice: " + rates);
        }
    }

    @Test
    void aCapacityAboveTheClosedLoopMaximumIsFoundByDoubling() {
        List<Double> rates = new ArrayList<>();
        CapacityRecord c = search(1000, false, rate -> rate < 1300, 10, rates);
        assertEquals(List.of(0.0, 500.0, 1000.0, 2000.0, 1500.0, 1250.0), rates.subList(0, 6));
        assertTrue(c.capacityTps() > 1000, c.toString());
    }

    @Test
    void aClosedLoopThatMeetsTheTargetEndsTheSearchAtItsMaximum() {
        List<Double> rates = new ArrayList<>();
        CapacityRecord c = search(1000, true, rate -> true, 6, rates);
        assertTrue(c.closedLoopMet());
        assertEquals(List.of(0.0), rates);
        assertEquals(1000, c.capacityTps());
        assertNull(c.lowestMissedRate());
    }

    @Test
    void theOpenLoopStepsAreBoundedByTheGivenNumber() {
        List<Double> rates = new ArrayList<>();
        CapacityRecord c = search(1000, false, rate -> rate < 333.3, 3, rates);
        assertEquals(4, rates.size(), "the closed loop and 3 open-loop steps: " + rates);
        assertFalse(c.closedLoopMet());
        assertTrue(c.capacityTps() < 333.3 && c.lowestMissedRate() >= 333.3, c.toString());
    }

    @Test
    void noRateMetGivesCapacityZeroAndTheLowestMissed() {
        CapacityRecord c = search(1000, false, rate -> false, 4, new ArrayList<>());
        assertEquals(0, c.capacityTps());
        assertEquals(62.5, c.lowestMissedRate());
    }
}
