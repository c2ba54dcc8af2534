package io.clusterbench.result;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The summary's percentile for an interval line is HdrHistogram's own {@code getValueAtPercentile}, reused or not. */
class LatencySummaryTest {

    @Test
    void aPercentileTheSummaryHoldsIsTheLibrarysValueAndOthersAreReadFromTheHistogram() {
        Histogram h = RunAccumulator.newHistogram();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            h.recordValue(1 + (long) Math.exp(r.nextDouble() * 14)); // 1 µs to about 1.2 s
        }
        LatencySummary s = LatencySummary.of(h);
        for (double p : new double[]{0, 1, 50, 90, 95, 99, 99.9, 99.99, 100}) {
            assertEquals(h.getValueAtPercentile(p), s.atPercentileMicros(h, p), "p" + p);
            assertEquals(LatencySummary.percentileMicros(h, p), s.atPercentileMicros(h, p), "p" + p);
        }
        Histogram empty = RunAccumulator.newHistogram();
        assertEquals(0, LatencySummary.of(empty).atPercentileMicros(empty, 95));
    }

    @org.junit.jupiter.api.Test
    void oneEventsMinMaxMeanAndSumAreOneNumberAndMaxNeverExceedsSum() {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3_600_000_000L, 3);
        h.recordValue(25_543);
        LatencySummary one = LatencySummary.of(h);
        assertEquals(one.maxMicros(), one.minMicros());
        assertEquals(one.maxMicros(), one.sumMicros(), 1e-9);
        assertEquals(one.maxMicros(), one.meanMicros(), 1e-9);
        for (long v = 1; v < 5_000_000; v = v * 3 + 7) {
            h.recordValue(v);
        }
        LatencySummary many = LatencySummary.of(h);
        assertTrue(many.minMicros() <= many.meanMicros() && many.meanMicros() <= many.maxMicros()
                && many.maxMicros() <= many.sumMicros() && many.p99Micros() <= many.maxMicros(), many.toString());
    }
}
