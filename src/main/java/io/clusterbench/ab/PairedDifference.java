package io.clusterbench.ab;

import java.util.List;
import java.util.Locale;

/**
 * The difference B − A of one figure from paired runs, with a confidence interval: the same pairs, order handling
 * and interval method as {@link PairedRatio} (crossover analysis from {@value PairedRatio#MIN_CROSSOVER_PAIRS} pairs
 * with both orders, else the paired t-interval), on d = B − A instead of ln(B/A). For figures that can be 0 on a
 * side (a share of samples, a wait time per event), where a ratio is undefined. Immutable.
 *
 * @param pairs      pairs used (both values finite)
 * @param difference B − A over the pairs, in the figure's unit, order effect removed under crossover
 * @param low        lower end of the interval; NaN below 2 pairs
 * @param high       upper end; NaN below 2 pairs
 * @param confidence the interval's confidence level (0.95, or higher where several figures are judged at once)
 * @param method     {@code crossover} or {@code paired}; null without pairs
 * @param clamped    true when {@code low} or {@code high} was cut to the figure's possible range ({@link #clampedTo})
 */
public record PairedDifference(int pairs, double difference, double low, double high, double confidence,
                               String method, boolean clamped) {

    /**
     * @param a          one value per pair, side A (same order as {@code b}); pairs with NaN on either side are left out
     * @param b          one value per pair, side B
     * @param bFirst     per pair, whether B ran first; null when unknown
     * @param confidence the interval's confidence level, in (0, 1)
     * @return the difference; with no usable pair, difference NaN and pairs 0
     * @throws IllegalArgumentException when the lists differ in length
     */
    public static PairedDifference of(List<Double> a, List<Double> b, List<Boolean> bFirst, double confidence) {
        return ofBlocks(a, b, PairOrder.ofBFirst(bFirst), confidence);
    }

    /**
     * The same with the pairs' positions in their blocks (any number of sides).
     *
     * @param order per pair, where A's and B's runs stood in their block; null when unknown
     */
    public static PairedDifference ofBlocks(List<Double> a, List<Double> b, PairOrder order, double confidence) {
        return ofBlocks(a, b, order, confidence, null);
    }

    /**
     * The same with a floor under the interval's spread: the variance each pair's B − A has from counting alone (for
     * shares of profile samples, the two sides' binomial variances added). Values that agree by chance more closely
     * than counting allows (a function seen in a few samples of some steps, none in others) then give an interval
     * no narrower than the counting does.
     *
     * @param floorVariance per pair, the variance of B − A from counting (0 or NaN: none); null for no floor
     * @throws IllegalArgumentException when the lists differ in length
     */
    public static PairedDifference ofBlocks(List<Double> a, List<Double> b, PairOrder order, double confidence,
                                            List<Double> floorVariance) {
        PairedEstimate e = PairedEstimate.of(a, b, order, false, confidence, floorVariance);
        return new PairedDifference(e.pairs(), e.estimate(), e.estimate() - e.half(), e.estimate() + e.half(),
                confidence, e.method(), false);
    }

    /**
     * The same interval cut to the figure's possible range: a difference of two shares in percent cannot lie outside
     * [−100, +100] points, so an interval reaching beyond says no more than that range does (few pairs, a
     * simultaneous level).
     *
     * @param bound the largest possible |B − A|, e.g. 100 for percent points
     * @return this, or a copy with {@code low}, {@code high} cut to [−bound, +bound] and {@code clamped} set
     */
    public PairedDifference clampedTo(double bound) {
        if (!(low < -bound) && !(high > bound)) {
            return this;
        }
        return new PairedDifference(pairs, difference, Math.max(low, -bound), Math.min(high, bound), confidence, method,
                true);
    }

    /** @return true when the interval lies wholly above or below 0 (a change is resolved) */
    public boolean resolved() {
        return pairs >= 2 && (low > 0 || high < 0);
    }

    /**
     * @param unit   appended to the numbers, e.g. " pts" or " µs"
     * @param digits decimals
     * @return e.g. "B +3.2 pts [+1.0, +5.4]" when resolved, "no change resolved: [-0.7, +1.2] pts", "B +3.2 pts
     * (1 pair: no interval)", "no pairs"
     */
    public String text(String unit, int digits) {
        return text("B", unit, digits);
    }

    /**
     * @param side the compared side's name, in place of B
     * @return {@link #text(String, int)} naming {@code side}, e.g. "pgo1 +3.2 pts [+1.0, +5.4]"
     */
    public String text(String side, String unit, int digits) {
        if (pairs == 0) {
            return "no pairs";
        }
        String f = "%+." + digits + "f";
        if (pairs < 2) {
            return String.format(Locale.ROOT, "%s " + f + "%s (1 pair: no interval)", side, difference, unit);
        }
        String ci = String.format(Locale.ROOT, "[" + f + ", " + f + "]", low, high);
        String cut = clamped ? " (cut to the possible range)" : "";
        return resolved() ? String.format(Locale.ROOT, "%s " + f + "%s %s", side, difference, unit, ci) + cut
                : "no change resolved: " + ci + unit + cut;
    }
}
