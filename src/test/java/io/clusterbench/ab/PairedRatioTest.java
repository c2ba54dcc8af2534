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
        assertEquals("B +2.0% [+0.7%, +3.4%]", r.text());
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

    @Test
    void anOrderEffectIsRemovedWhenBothOrdersOccur() {
        // A vs A with the second run of every pair 5% faster: ln(B/A) = +0.06, +0.04 with A first (B second),
        // -0.04, -0.06 with B first. Crossover: m1 = 0.05, m2 = -0.05, ratio exp(0) = 1, order effect exp(0.05);
        // pooled s = sqrt(4 * 0.01^2 / 2) = 0.0141421, se = s/2 * sqrt(1/2 + 1/2) = 0.00707107, t(0.975, 2) = 4.302653
        List<Double> a = List.of(100.0, 100.0, 100.0, 100.0);
        List<Double> b = List.of(100 * Math.exp(0.06), 100 * Math.exp(-0.04), 100 * Math.exp(0.04), 100 * Math.exp(-0.06));
        PairedRatio r = PairedRatio.of(a, b, List.of(false, true, false, true));
        assertEquals("crossover", r.method());
        assertEquals(1.0, r.ratio(), 1e-12);
        assertEquals(Math.exp(-4.302653 * 0.00707107), r.low(), 1e-6);
        assertEquals(Math.exp(4.302653 * 0.00707107), r.high(), 1e-6);
        assertEquals(Math.exp(0.05), r.orderEffect(), 1e-12);
        assertEquals(Math.exp(0.05 - 4.302653 * 0.00707107), r.orderEffectLow(), 1e-6);
        assertTrue(r.orderEffectResolved());
        assertFalse(r.resolved());
        // the same values without their order: the order effect widens the paired interval (s = 0.05888)
        PairedRatio blind = PairedRatio.of(a, b);
        assertEquals("paired", blind.method());
        assertTrue(blind.high() - blind.low() > 2 * (r.high() - r.low()), blind + " vs " + r);
        assertNull(blind.orderEffect());
    }

    @Test
    void oneOrderOnlyOrTooFewPairsStayPaired() {
        List<Double> a = List.of(100.0, 100.0, 100.0, 100.0);
        List<Double> b = List.of(105.0, 106.0, 104.0, 105.5);
        assertEquals("paired", PairedRatio.of(a, b, List.of(false, false, false, false)).method());
        assertEquals("paired", PairedRatio.of(a.subList(0, 3), b.subList(0, 3), List.of(false, true, false)).method());
        // a pair left out (no value) does not count toward the orders
        assertEquals("paired", PairedRatio.of(List.of(100.0, 100.0, 100.0, 0.0), b, List.of(false, false, false, true))
                .method());
        assertEquals("crossover", PairedRatio.of(a, b, List.of(false, false, false, true)).method());
    }

    @Test
    void crossoverPairsForOnePercentCountTheLostDegreeOfFreedom() {
        List<Double> a = List.of(100.0, 100.0, 100.0, 100.0, 100.0, 100.0);
        List<Double> b = List.of(101.0, 99.5, 100.7, 100.2, 99.1, 100.9);
        PairedRatio paired = PairedRatio.of(a, b);
        PairedRatio cross = PairedRatio.of(a, b, List.of(false, true, false, true, false, true));
        assertTrue(cross.pairsFor1Percent() >= 3);
        assertTrue(Math.abs(cross.pairsFor1Percent() - paired.pairsFor1Percent() * cross.logSd() * cross.logSd()
                / (paired.logSd() * paired.logSd())) < 3, cross + " vs " + paired);
    }
}
