package io.clusterbench.ab;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the two runs of each pair stood in their block, for the crossover analysis of {@link PairedEstimate}: a
 * block is one run of every side at one thread count and repeat ({@link AbSchedule}), and a run's position is its
 * place in the block, 0 for the first. With two sides a pair is a block and the position says which side ran first.
 * Immutable.
 *
 * @param sides runs per block (the number of sides), &gt;= 2
 * @param a     per pair, the position of A's run (the baseline's), 0 … sides − 1
 * @param b     per pair, the position of B's run (the compared side's), never A's
 */
public record PairOrder(int sides, List<Integer> a, List<Integer> b) {

    public PairOrder {
        a = List.copyOf(a);
        b = List.copyOf(b);
        if (sides < 2 || a.size() != b.size()) {
            throw new IllegalArgumentException("a pair order needs 2 or more sides and one position per side and pair");
        }
    }

    /**
     * @param bFirst per pair of a two-sided block, whether B ran first; null when unknown
     * @return the positions (B first: B 0, A 1), or null for null
     */
    public static PairOrder ofBFirst(List<Boolean> bFirst) {
        if (bFirst == null) {
            return null;
        }
        List<Integer> a = new ArrayList<>();
        List<Integer> b = new ArrayList<>();
        for (boolean first : bFirst) {
            a.add(first ? 1 : 0);
            b.add(first ? 0 : 1);
        }
        return new PairOrder(2, a, b);
    }

    /** @return pairs described */
    public int pairs() {
        return a.size();
    }

    /**
     * The pair's row of position contrasts for the crossover model d = δ + Σₖ πₖ·xₖ (k = 1 … sides − 1, π the
     * effect of running in position k rather than first): xₖ = [B at k] − [A at k].
     *
     * @param pair 0-based pair index
     * @return sides − 1 values, each −1, 0 or 1
     */
    double[] contrast(int pair) {
        double[] x = new double[sides - 1];
        if (b.get(pair) > 0) {
            x[b.get(pair) - 1] += 1;
        }
        if (a.get(pair) > 0) {
            x[a.get(pair) - 1] -= 1;
        }
        return x;
    }
}
