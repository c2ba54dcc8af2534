package io.clusterbench.workload.tpcc;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The transaction mix chooser and the {@code --weights} syntax. */
class TxMixTest {
    private static final int DRAWS = 1_000_000;
    /**
     * Stated tolerance: each type's observed share is within 0.3 percentage points of weight / sum. With a
     * million draws the binomial standard deviation is at most 0.05 points, so this is a 6-sigma bound.
     */
    private static final double TOLERANCE_POINTS = 0.3;

    @Test
    void standardMixMatchesItsWeightsOverAMillionEvents() {
        assertShares(TxMix.standard(false), new double[]{45, 43, 4, 4, 4, 0});
    }

    @Test
    void purgeAddsItsWeightOnlyWhenEnabled() {
        assertShares(TxMix.standard(true), new double[]{45 / 1.04, 43 / 1.04, 4 / 1.04, 4 / 1.04, 4 / 1.04, 4 / 1.04});
    }

    @Test
    void customWeightsAreHonoured() {
        assertShares(TxMix.parse("10,10,30,30,20", false), new double[]{10, 10, 30, 30, 20, 0});
        assertShares(TxMix.parse("new_order=50,payment=50,order_status=0,delivery=0,stock_level=0", false),
                new double[]{50, 50, 0, 0, 0, 0});
    }

    @Test
    void namedWeightsOverrideTheStandardMix() {
        TxMix mix = TxMix.parse("delivery=10", false);
        assertEquals(45, mix.weight(TxType.NEW_ORDER));
        assertEquals(10, mix.weight(TxType.DELIVERY));
        assertEquals("new_order=45,payment=43,order_status=4,delivery=10,stock_level=4", mix.toString());
    }

    @Test
    void badWeightsAreUserErrors() {
        assertThrows(UserException.class, () -> TxMix.parse("1,2,3", false));
        assertThrows(UserException.class, () -> TxMix.parse("a,b,c,d,e", false));
        assertThrows(UserException.class, () -> TxMix.parse("0,0,0,0,0", false));
        assertThrows(UserException.class, () -> TxMix.parse("-1,0,0,0,5", false));
        assertThrows(UserException.class, () -> TxMix.parse("nosuch=3", false));
        assertThrows(UserException.class, () -> TxMix.parse("purge=3", false));
    }

    private static void assertShares(TxMix mix, double[] expectedPercent) {
        SplittableRandom rng = new SplittableRandom(42);
        long[] counts = new long[TxType.values().length];
        for (int i = 0; i < DRAWS; i++) {
            counts[mix.choose(rng).ordinal()]++;
        }
        for (TxType t : TxType.values()) {
            double observed = 100.0 * counts[t.ordinal()] / DRAWS;
            assertTrue(Math.abs(observed - expectedPercent[t.ordinal()]) <= TOLERANCE_POINTS,
                    t.label() + ": observed " + observed + "% expected " + expectedPercent[t.ordinal()] + "%");
        }
    }
}
