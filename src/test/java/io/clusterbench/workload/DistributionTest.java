package io.clusterbench.workload;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DistributionTest {
    private static Distribution of(String name) {
        return Distribution.parse(name, 12, 1, 75, 0.2, 0.8);
    }

    @Test
    void everyTypeStaysInRange() {
        for (String name : new String[]{"uniform", "gaussian", "special", "pareto", "zipfian"}) {
            Distribution d = of(name);
            SplittableRandom rng = new SplittableRandom(1);
            for (int i = 0; i < 100_000; i++) {
                int v = d.next(rng, 1, 1000);
                assertTrue(v >= 1 && v <= 1000, name + " gave " + v);
            }
        }
    }

    @Test
    void sameSeedSameSequenceDifferentSeedDifferentSequence() {
        Distribution d = of("special");
        int[] a = draw(d, SessionContext.randomFor(42, 3));
        int[] b = draw(d, SessionContext.randomFor(42, 3));
        int[] c = draw(d, SessionContext.randomFor(43, 3));
        int[] otherWorker = draw(d, SessionContext.randomFor(42, 4));
        assertArrayEquals(a, b);
        assertFalse(java.util.Arrays.equals(a, c));
        assertFalse(java.util.Arrays.equals(a, otherWorker));
    }

    @Test
    void specialPutsMostDrawsOnOnePercentInTheMiddle() {
        // sysbench 1.0.20: rand-spec-res=75% of draws fall on rand-spec-pct=1% of the range, centred.
        Distribution d = of("special");
        SplittableRandom rng = new SplittableRandom(7);
        int inHot = 0;
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            int v = d.next(rng, 1, 10_000);
            if (v >= 4_950 && v <= 5_051) {
                inHot++;
            }
        }
        double share = (double) inHot / n;
        assertTrue(share > 0.70 && share < 0.85, "hot share " + share);
    }

    @Test
    void uniformIsFlat() {
        Distribution d = of("uniform");
        SplittableRandom rng = new SplittableRandom(9);
        int[] buckets = new int[10];
        for (int i = 0; i < 100_000; i++) {
            buckets[(d.next(rng, 1, 100) - 1) / 10]++;
        }
        for (int b : buckets) {
            assertTrue(Math.abs(b - 10_000) < 600, "bucket " + b);
        }
    }

    @Test
    void zipfianFavoursLowValues() {
        Distribution d = of("zipfian");
        SplittableRandom rng = new SplittableRandom(3);
        int ones = 0;
        int tens = 0;
        for (int i = 0; i < 100_000; i++) {
            int v = d.next(rng, 1, 1000);
            if (v == 1) {
                ones++;
            }
            if (v == 10) {
                tens++;
            }
        }
        // P(k) ∝ k^-0.8: P(1)/P(10) = 10^0.8 ≈ 6.3
        double ratio = (double) ones / tens;
        assertTrue(ratio > 5 && ratio < 8, "ratio " + ratio);
    }

    @Test
    void degenerateRangeGivesItsBound() {
        assertEquals(5, of("gaussian").next(new SplittableRandom(1), 5, 5));
    }

    @Test
    void badParametersAreUserErrors() {
        assertThrows(UserException.class, () -> of("poisson"));
        assertThrows(UserException.class, () -> Distribution.parse("pareto", 12, 1, 75, 1.5, 0.8));
        assertThrows(UserException.class, () -> Distribution.parse("special", 0, 1, 75, 0.2, 0.8));
    }

    private static int[] draw(Distribution d, SplittableRandom rng) {
        int[] v = new int[200];
        for (int i = 0; i < v.length; i++) {
            v[i] = d.next(rng, 1, 10_000);
        }
        return v;
    }
}
