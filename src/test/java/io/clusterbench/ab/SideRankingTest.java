package io.clusterbench.ab;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A rank only where intervals separate; sides whose intervals overlap (also through a chain) share one. */
class SideRankingTest {
    private static SideRanking.Entry e(String side, double low, double high) {
        return new SideRanking.Entry(side, null, (low + high) / 2, low, high);
    }

    private static List<Integer> ranks(SideRanking.Entry... entries) {
        return SideRanking.rank(List.of(entries)).stream().map(SideRanking.Entry::rank).toList();
    }

    @Test
    void separatedIntervalsAreRankedByTpsAndTheBaselineIsThePointOne() {
        assertEquals(List.of(3, 2, 1), ranks(e("base", 1, 1), e("fits", 1.3, 1.5), e("large", 1.8, 2.2)));
        assertEquals(List.of(2, 3, 1), ranks(e("base", 1, 1), e("worse", 0.7, 0.9), e("better", 1.05, 1.2)));
    }

    @Test
    void overlappingIntervalsShareARankEvenThroughAChain() {
        assertEquals(List.of(1, 1, 1), ranks(e("base", 1, 1), e("b", 0.98, 1.03), e("c", 0.99, 1.01)));
        // p overlaps q, q overlaps r, p and r do not: all three share rank 1, below them the separated s
        assertEquals(List.of(1, 1, 1, 2), ranks(e("p", 1.10, 1.20), e("q", 1.05, 1.12), e("r", 1.01, 1.07),
                e("base", 1, 1)));
        // touching counts as overlapping
        assertEquals(List.of(1, 1), ranks(e("base", 1, 1), e("b", 1.0, 1.2)));
    }

    @Test
    void aSideWithoutAnIntervalIsNotRanked() {
        List<SideRanking.Entry> r = SideRanking.rank(List.of(e("base", 1, 1), new SideRanking.Entry("b", null, 1.1,
                Double.NaN, Double.NaN), e("c", 1.1, 1.2)));
        assertNull(r.get(1).rank());
        assertEquals(List.of(2, 1), List.of(r.get(0).rank(), r.get(2).rank()));
        assertEquals("c > base", new SideRanking(1, 0.95, r, List.of()).orderText());
    }

    @Test
    void theOrderTextJoinsSharedRanksWithEquals() {
        SideRanking r = new SideRanking(4, 0.95, SideRanking.rank(List.of(e("o3", 1, 1), e("pgo1", 1.02, 1.06),
                e("pgo2", 0.99, 1.01))), List.of());
        assertEquals("pgo1 > o3 = pgo2", r.orderText());
    }
}
