package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Wilson score interval against hand-computed values. */
class WilsonTest {

    @Test
    void zeroOutOfManyStartsAtZero() {
        double[] ci = Wilson.interval(0, 1800, Wilson.Z95);
        assertEquals(0.0, ci[0]);
        assertEquals(3.8415 / (1800 + 3.8415), ci[1], 1e-6, "z^2 / (n + z^2) when k = 0");
    }

    @Test
    void allOutOfManyEndsAtOne() {
        assertEquals(1.0, Wilson.interval(50, 50, Wilson.Z95)[1]);
    }

    @Test
    void sevenOutOfThreeThousand() {
        double[] ci = Wilson.interval(7, 3000, Wilson.Z95);
        assertEquals(0.00113, ci[0], 0.00002);
        assertEquals(0.00481, ci[1], 0.00002);
    }

    @Test
    void noTrialsSaysNothing() {
        assertArrayEquals(new double[]{0, 1}, Wilson.interval(0, 0, Wilson.Z95));
    }
}
