package io.clusterbench.runner;

import io.clusterbench.result.CapacityRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The repeat and event rule of a capacity step (docs/metrics.md, "Capacity at a latency target"). */
class CapacityStepRunsTest {
    private static final long[] CI = {0, 0};

    /** p99 within 20 ms, 3 runs, 100 events beyond p99 (10,000 a run), runs at most 120 s. */
    private static CapacitySpec spec(int repeats) {
        return new CapacitySpec(99, 20_000, 8, repeats, 100, Duration.ofSeconds(120));
    }

    @Test
    void aRunNeedsTailEventsBeyondThePercentile() {
        assertEquals(10_000, spec(3).minEvents());
        assertEquals(2_000, new CapacitySpec(95, 1, 1, 1, 100, Duration.ofSeconds(1)).minEvents());
        assertEquals(100_000, new CapacitySpec(99.9, 1, 1, 1, 100, Duration.ofSeconds(1)).minEvents());
        assertEquals(200, new CapacitySpec(90, 1, 1, 1, 20, Duration.ofSeconds(1)).minEvents());
    }

    @Test
    void anOpenLoopRunIsPlannedLongEnoughForItsEventsAtNinetyFivePercentOfTheRate() {
        // 10,000 events at 95% of 500/s: 21.05 s -> 22 s
        assertEquals(Duration.ofSeconds(22), new CapacityStepRuns(spec(3), 500, 10).nextRunTime());
        // --time is the shortest run
        assertEquals(Duration.ofSeconds(30), new CapacityStepRuns(spec(3), 5000, 30).nextRunTime());
        // --max-run-time the longest: 10,000 events at 10/s would take 1053 s
        assertEquals(Duration.ofSeconds(120), new CapacityStepRuns(spec(3), 10, 10).nextRunTime());
        // the closed loop runs --time first
        assertEquals(Duration.ofSeconds(10), new CapacityStepRuns(spec(3), 0, 10).nextRunTime());
    }

    @Test
    void aShortRunIsNotCountedAndTheRunsAreLengthened() {
        CapacityStepRuns step = new CapacityStepRuns(spec(3), 0, 10);
        CapacityRecord.Run first = step.add(10, 4_000, 400, 10_000, CI, 0);
        assertFalse(first.counted());
        // 10 s x 1.1 x 10,000 / 4,000 = 27.5 -> 28 s
        assertEquals(Duration.ofSeconds(28), step.nextRunTime());
        assertTrue(step.add(28, 11_200, 400, 10_000, CI, 0).counted());
        assertEquals(Duration.ofSeconds(28), step.nextRunTime(), "a counted run leaves the length alone");
    }

    @Test
    void aRunAtTheLongestLengthCountsWithFewerEvents() {
        CapacityStepRuns step = new CapacityStepRuns(spec(1), 10, 10);
        assertEquals(Duration.ofSeconds(120), step.nextRunTime());
        CapacityRecord.Run run = step.add(120, 1_200, 10, 5_000, CI, 0);
        assertTrue(run.counted());
        assertTrue(run.met());
        assertNull(step.nextRunTime());
    }

    @Test
    void afterTwoShortRunsRunsCountWhateverTheirEvents() {
        CapacityStepRuns step = new CapacityStepRuns(spec(1), 0, 10);
        assertFalse(step.add(10, 5_000, 500, 10_000, CI, 0).counted());
        assertEquals(Duration.ofSeconds(22), step.nextRunTime());
        assertFalse(step.add(22, 5_000, 227, 10_000, CI, 0).counted(), "the server slowed down");
        assertEquals(Duration.ofSeconds(49), step.nextRunTime());
        assertTrue(step.add(49, 5_000, 102, 10_000, CI, 0).counted());
        assertNull(step.nextRunTime());
        assertEquals(3, step.step().runs().size());
        assertEquals(1, step.step().counted().size());
    }

    @Test
    void aRunThatFellBehindItsRateIsACountedMissAtAnyCount() {
        CapacityStepRuns step = new CapacityStepRuns(spec(3), 1000, 10);
        CapacityRecord.Run run = step.add(11, 900, 90, 1_000, CI, 0); // 9% of the rate, fast but behind
        assertFalse(run.keptUp());
        assertFalse(run.met());
        assertTrue(run.counted());
    }

    @Test
    void aRunWithoutEventsNeverMeetsTheTarget() {
        CapacityRecord.Run run = new CapacityStepRuns(spec(1), 0, 10).add(10, 0, 0, 0, CI, 12);
        assertTrue(run.counted(), "it cannot be lengthened into events");
        assertFalse(run.met());
    }

    @Test
    void aStepIsMetWhenMoreThanHalfOfItsRunsMetAndStopsOnceDecided() {
        CapacityStepRuns step = new CapacityStepRuns(spec(3), 100, 10);
        long seconds = step.nextRunTime().toSeconds();
        step.add(seconds, 10_500, 100, 19_000, CI, 0);
        step.add(seconds, 10_500, 100, 25_000, CI, 0);
        assertEquals(Duration.ofSeconds(seconds), step.nextRunTime(), "1 met, 1 missed: the third decides");
        step.add(seconds, 10_500, 100, 18_000, CI, 0);
        assertNull(step.nextRunTime());
        CapacityRecord.Step s = step.step();
        assertTrue(s.met());
        assertEquals(19_000, s.latencyMicros(), "the median run's percentile");
        assertEquals(18_000, s.latencyMinMicros());
        assertEquals(25_000, s.latencyMaxMicros());

        CapacityStepRuns twoMissed = new CapacityStepRuns(spec(3), 100, 10);
        twoMissed.add(seconds, 10_500, 100, 21_000, CI, 0);
        twoMissed.add(seconds, 10_500, 100, 30_000, CI, 0);
        assertNull(twoMissed.nextRunTime(), "two of three missed: the third cannot change the verdict");
        assertFalse(twoMissed.step().met());
        assertEquals(2, twoMissed.step().runs().size());
    }

    @Test
    void withAnEvenCountMoreThanHalfMeansAllButFewerThanHalf() {
        CapacityStepRuns step = new CapacityStepRuns(spec(4), 100, 10);
        long seconds = step.nextRunTime().toSeconds();
        step.add(seconds, 10_500, 100, 10_000, CI, 0);
        step.add(seconds, 10_500, 100, 10_000, CI, 0);
        step.add(seconds, 10_500, 100, 90_000, CI, 0);
        assertEquals(Duration.ofSeconds(seconds), step.nextRunTime(), "2 of 4 met is not more than half");
        step.add(seconds, 10_500, 100, 90_000, CI, 0);
        assertFalse(step.step().met());
    }

    @Test
    void theStepsMediansAreOverCountedRunsOnly() {
        CapacityStepRuns step = new CapacityStepRuns(spec(1), 0, 10);
        step.add(10, 100, 10, 99_000, CI, 3); // short
        step.add(step.nextRunTime().toSeconds(), 11_000, 11, 12_000, CI, 2);
        CapacityRecord.Step s = step.step();
        assertEquals(11, s.tps());
        assertEquals(12_000, s.latencyMicros());
        assertEquals(5, s.errors(), "errors of every run");
        assertTrue(s.met());
    }
}
