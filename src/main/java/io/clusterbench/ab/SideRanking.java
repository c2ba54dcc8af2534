package io.clusterbench.ab;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The sides of a comparison at one thread count ranked by tps, and the position effects of its blocks
 * (docs/metrics.md, "More than two sides"). A rank is given only where intervals separate: each side's tps ratio to
 * the baseline with its simultaneous interval (the baseline itself is the point 1), the sides sorted by interval and
 * joined into groups while their intervals overlap (touching counts, and so does a chain: if p overlaps q and q
 * overlaps r, all three share a rank), rank 1 the group with the highest tps. As every interval of a thread count
 * holds at once with at least 95% probability, so does every order between two ranks; sides that share a rank are
 * not shown to be equal. Immutable.
 *
 * @param threads         worker threads
 * @param confidence      the level at which the ratios' intervals hold together (0.95)
 * @param sides           one entry per side, in the order given (the baseline among them)
 * @param positionEffects per position of a block after the first, the tps of a run there over a first run's
 *                        (blocks, positions and sides as effects of one least-squares model on ln tps); empty when
 *                        the runs cannot estimate them
 */
public record SideRanking(int threads, double confidence, List<Entry> sides, List<PositionEffect> positionEffects) {

    public SideRanking {
        sides = List.copyOf(sides);
        positionEffects = positionEffects == null ? List.of() : List.copyOf(positionEffects);
    }

    /**
     * One side's place.
     *
     * @param side  the side's name
     * @param rank  1 for the group with the highest tps; null without an interval (fewer than 2 finished pairs)
     * @param ratio tps over the baseline's (1 for the baseline)
     * @param low   lower end of the ratio's simultaneous interval (1 for the baseline); NaN without one
     * @param high  upper end (1 for the baseline); NaN without one
     */
    public record Entry(String side, Integer rank, double ratio, double low, double high) {
    }

    /**
     * The effect of running in one position of a block rather than first.
     *
     * @param position   2 for the second run of a block, 3 for the third, …
     * @param ratio      tps of a run in that position over a first run's
     * @param low        lower end of its interval
     * @param high       upper end
     * @param confidence the interval's level: the position effects of a thread count share 95% (Bonferroni)
     */
    public record PositionEffect(int position, double ratio, double low, double high, double confidence) {
        /** @return true when the interval lies wholly above or below 1 */
        public boolean resolved() {
            return low > 1 || high < 1;
        }
    }

    /**
     * @param entries each side with its ratio and interval, rank left null
     * @return the same entries in the same order, ranked by the rule of the class
     */
    static List<Entry> rank(List<Entry> entries) {
        List<Entry> with = new ArrayList<>(entries.stream()
                .filter(e -> Double.isFinite(e.low()) && Double.isFinite(e.high())).toList());
        with.sort(Comparator.comparingDouble(Entry::high).thenComparingDouble(Entry::low).reversed());
        java.util.Map<String, Integer> ranks = new java.util.HashMap<>();
        int rank = 0;
        double groupLow = Double.POSITIVE_INFINITY;
        for (Entry e : with) {
            if (rank == 0 || e.high() < groupLow) {
                rank++;
                groupLow = e.low();
            } else {
                groupLow = Math.min(groupLow, e.low());
            }
            ranks.put(e.side(), rank);
        }
        return entries.stream().map(e -> new Entry(e.side(), ranks.get(e.side()), e.ratio(), e.low(), e.high())).toList();
    }

    /** @return the entry of {@code side}, or null */
    public Entry entry(String side) {
        return sides.stream().filter(e -> e.side().equals(side)).findFirst().orElse(null);
    }

    /**
     * @return e.g. "pgo2 > o3 = pgo1": the ranked sides from rank 1 down, '>' between ranks and '=' within one
     * (sides without a rank left out); "" when fewer than two sides are ranked
     */
    public String orderText() {
        List<Entry> ranked = sides.stream().filter(e -> e.rank() != null)
                .sorted(Comparator.comparingInt(Entry::rank).thenComparing(Comparator.comparingDouble(Entry::ratio)
                        .reversed())).toList();
        if (ranked.size() < 2) {
            return "";
        }
        StringBuilder b = new StringBuilder(ranked.get(0).side());
        for (int i = 1; i < ranked.size(); i++) {
            b.append(ranked.get(i).rank().equals(ranked.get(i - 1).rank()) ? " = " : " > ").append(ranked.get(i).side());
        }
        return b.toString();
    }
}
