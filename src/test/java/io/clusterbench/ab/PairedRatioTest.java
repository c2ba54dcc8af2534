package io.clusterbench.ab;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Paired log-ratio t-interval, checked against values worked by hand (t(0.975,3) = 3.182446, t(0.8,3) = 0.978472). */
class PairedRatioTest {
    @Test
    void intervalMatchesTheTFormula() {
        // ln ratios 0.01, 0.02, 0.03, 0.02: mean 0.02, s = 0.0081650, s/sqrt(4) = 0.0040825
        List<Double> a = List.of(100.0, 100.0, 100.0, 100.0);
        List<Double> b = List.of(100 * Math.exp(0.01), 100 * Math.exp(0.02), 100 * Math.exp(0.03), 100 * Math.exp(0.02));
        PairedRatio r = PairedRatio.of(a, b);
        assertEquals(4, r.pairs());
        assertEquals(Math.exp(0.02), r.ratio(), 1e-12);
        assertEquals(Math.exp(0.02 - 3.182446 * 0.0040825), r.low(), 1e-6);
        assertEquals(Math.exp(0.02 + 3.182446 * 0.0040825), r.high(), 1e-6);
        assertEquals(Math.expm1((3.182446 + 0.978472) * 0.0040825) * 100, r.mddPercent(), 1e-3);
        assertTrue(r.resolved());
        assertEquals("B +2.0% [+0.7, +3.4]", r.text());
    }

    @Test
    void intervalContainingOneIsNoDifference() {
        PairedRatio r = PairedRatio.of(List.of(100.0, 100.0, 100.0), List.of(101.0, 99.0, 100.5));
        assertFalse(r.resolved());
        assertTrue(r.text().startsWith("no difference resolved: [-"), r.text());
    }

    @Test
    void theRatioIsSymmetricInAAndB() {
        List<Double> a = List.of(10.0, 12.0, 11.0, 9.5);
        List<Double> b = List.of(11.0, 12.5, 11.8, 10.0);
        PairedRatio ab = PairedRatio.of(a, b);
        PairedRatio ba = PairedRatio.of(b, a);
        assertEquals(1 / ab.ratio(), ba.ratio(), 1e-12);
        assertEquals(1 / ab.high(), ba.low(), 1e-12);
    }

    @Test
    void pairsForOnePercentShrinkWithNoise() {
        PairedRatio quiet = PairedRatio.of(List.of(100.0, 100.0, 100.0), List.of(100.2, 99.9, 100.1));
        PairedRatio noisy = PairedRatio.of(List.of(100.0, 100.0, 100.0), List.of(104.0, 97.0, 101.0));
        assertTrue(quiet.pairsFor1Percent() < noisy.pairsFor1Percent());
        // the returned count really reaches 1%, and one fewer does not (checked through the MDD of a sample of that size)
        assertTrue(noisy.pairsFor1Percent() > 3);
    }

    @Test
    void tooFewPairsGiveNoInterval() {
        PairedRatio one = PairedRatio.of(List.of(100.0), List.of(110.0));
        assertEquals(1, one.pairs());
        assertTrue(Double.isNaN(one.low()));
        assertNull(one.pairsFor1Percent());
        assertFalse(one.resolved());
        assertEquals("no pairs", PairedRatio.of(List.of(0.0), List.of(5.0)).text());
    }
}
