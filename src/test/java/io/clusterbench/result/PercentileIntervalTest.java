package io.clusterbench.result;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PercentileIntervalTest {
    @Test
    void theEndsAreTheRanksNqPlusMinusTwoStandardDeviationsOfTheBinomial() {
        // 10,000 values at p99: 100 ± 1.96 × √99 ≈ 100 ± 19.5 values beyond, i.e. 98.805 – 99.195
        double[] p = PercentileInterval.percentiles(10_000, 99);
        assertEquals(98.805, p[0], 0.001);
        assertEquals(99.195, p[1], 0.001);
        assertArrayEquals(new double[]{0, 100}, PercentileInterval.percentiles(1, 50), 1e-9);
    }

    @Test
    void onUniformValuesTheIntervalHoldsThePercentileAndNarrowsWithMoreValues() {
        Random random = new Random(7);
        double wideWidth = 0;
        for (int n : new int[]{1_000, 100_000}) {
            Histogram h = new Histogram(3_600_000_000L, 3);
            for (int i = 0; i < n; i++) {
                h.recordValue(1 + random.nextInt(10_000)); // 1..10,000 µs: p99 = 9,900
            }
            long[] ci = PercentileInterval.micros(h, 99);
            assertTrue(ci[0] <= h.getValueAtPercentile(99) && h.getValueAtPercentile(99) <= ci[1], n + ": "
                    + ci[0] + "–" + ci[1]);
            assertTrue(ci[0] <= 9_910 && ci[1] >= 9_890, n + ": the true p99 inside " + ci[0] + "–" + ci[1]);
            if (n == 1_000) {
                wideWidth = ci[1] - ci[0];
            } else {
                assertTrue(ci[1] - ci[0] < wideWidth / 5, "100× the values, a tenth of the width");
            }
        }
        assertArrayEquals(new long[]{0, 0}, PercentileInterval.micros(new Histogram(3), 99));
    }
}
