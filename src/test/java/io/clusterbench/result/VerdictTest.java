package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The verdict rule of docs/metrics.md ("Comparison"): a difference is called only without overlap. */
class VerdictTest {
    private static Spread s(double... v) {
        return Spread.of(java.util.Arrays.stream(v).boxed().toList());
    }

    @Test
    void rangesThatDoNotOverlapGiveADirectionAndTheMedianChange() {
        Verdict v = Verdict.of(ComparedFigure.TPS, "A", s(100, 102, 104), "B", s(110, 112, 115));
        assertEquals(Verdict.Kind.BETTER, v.kind());
        assertEquals("B faster by 9.8%", v.text());
        assertEquals(9.80, v.changePercent(), 0.01);
        Verdict slower = Verdict.of(ComparedFigure.TPS, "A", s(110, 112, 115), "B", s(100, 102, 104));
        assertEquals(Verdict.Kind.WORSE, slower.kind());
        assertEquals("B slower by 8.9%", slower.text());
    }

    @Test
    void forLatencyLowerIsBetter() {
        Verdict lower = Verdict.of(ComparedFigure.P95, "A", s(2000, 2050, 2100), "B", s(1500, 1550, 1600));
        assertEquals(Verdict.Kind.BETTER, lower.kind());
        assertEquals("B lower by 24.4%", lower.text());
        Verdict higher = Verdict.of(ComparedFigure.P99, "A", s(1500, 1550, 1600), "C", s(2000, 2050, 2100));
        assertEquals(Verdict.Kind.WORSE, higher.kind());
        assertEquals("C higher by 32.3%", higher.text());
    }

    @Test
    void overlappingRangesAreWithinNoiseEvenWithDifferentMedians() {
        Verdict v = Verdict.of(ComparedFigure.TPS, "A", s(90, 100, 130), "B", s(125, 140, 150));
        assertEquals(Verdict.Kind.WITHIN_NOISE, v.kind());
        assertEquals("within noise", v.text());
        assertEquals(40.0, v.changePercent(), 1e-9);
        Verdict touching = Verdict.of(ComparedFigure.TPS, "A", s(90, 95, 100), "B", s(100, 105, 110));
        assertEquals(Verdict.Kind.WITHIN_NOISE, touching.kind(), "closed ranges that share an end overlap");
    }

    /** Two identical sweeps, 2 threads, measured on the 2-core CI machine: disjoint ranges from noise alone. */
    @Test
    void disjointRangesWithAGapSmallerThanTheSpreadAreNoise() {
        Verdict v = Verdict.of(ComparedFigure.TPS, "A", s(399.74, 407.41, 529.71), "B", s(269.08, 364.55, 374.18));
        assertEquals(Verdict.Kind.WITHIN_NOISE, v.kind());
        assertEquals("within noise (ranges apart, gap smaller than the spread)", v.text());
    }

    @Test
    void aSingleRunNeverClaimsADifference() {
        Verdict both = Verdict.of(ComparedFigure.TPS, "A", s(100), "B", s(200));
        assertEquals(Verdict.Kind.NO_SPREAD, both.kind());
        assertEquals("too few runs to judge (1 run each: no spread, repeat with --repeat)", both.text());
        assertEquals(100.0, both.changePercent(), 1e-9);
        Verdict one = Verdict.of(ComparedFigure.TPS, "A", s(100, 101, 102), "B", s(200));
        assertEquals(Verdict.Kind.NO_SPREAD, one.kind());
        assertEquals("too few runs to judge (B has 1 run: no spread, repeat with --repeat)", one.text());
    }

    @Test
    void twoRunsAreTooFewToCall() {
        Verdict two = Verdict.of(ComparedFigure.TPS, "A", s(100, 101), "B", s(200, 201));
        assertEquals(Verdict.Kind.NO_SPREAD, two.kind());
        assertEquals("too few runs to judge (2 runs each: too few to call, repeat with --repeat 3 or more)", two.text());
        Verdict mixed = Verdict.of(ComparedFigure.TPS, "A", s(100, 101), "B", s(200, 201, 202));
        assertEquals("too few runs to judge (A has 2 runs: too few to call, repeat with --repeat 3 or more)", mixed.text());
    }

    @Test
    void aMissingSideIsNamed() {
        Verdict v = Verdict.of(ComparedFigure.TPS, "A", s(100, 101, 102), "B", null);
        assertEquals(Verdict.Kind.MISSING, v.kind());
        assertEquals("not measured in B", v.text());
        assertNull(v.changePercent());
        assertEquals("not measured in A", Verdict.of(ComparedFigure.TPS, "A", Spread.of(List.of()), "B", s(1, 2)).text());
    }
}
