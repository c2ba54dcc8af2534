package io.clusterbench.ab;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;
import java.util.Locale;

/**
 * The ratio B/A of one figure from paired runs, with a confidence interval (95%, or higher where several
 * comparisons are judged at once), the minimum detectable difference at the observed noise and the pairs needed to
 * resolve 1%. B is the compared side and A the baseline; a pair is the two sides' runs in one block of the schedule
 * (with two sides the block is the pair). Method (docs/metrics.md, "A/B comparisons"): each pair gives d = ln(B/A).
 * <ul>
 *   <li><b>crossover</b> (the cross-over analysis of clinical trials, e.g. Senn, <i>Cross-over Trials in Clinical
 *   Research</i>, ch. 3; Jones &amp; Kenward, <i>Design and Analysis of Cross-Over Trials</i>, ch. 4 for more than
 *   two treatments), used when the positions of the runs in their blocks are known, there are at least
 *   {@value #MIN_CROSSOVER_PAIRS} pairs and the positions allow it: least squares of d on an intercept and one
 *   effect per position of a block after the first, so a position effect (the second run of a block faster than the
 *   first, a client or server still warming) drops out of the ratio and out of s. With two sides it is the AB/BA
 *   analysis: with n₁ pairs run A first (mean m₁) and n₂ run B first (mean m₂), the ratio is exp((m₁ + m₂)/2), the
 *   pooled within-order standard deviation s has n − 2 degrees of freedom and the standard error is
 *   (s/2)·√(1/n₁ + 1/n₂); the order effect itself is exp((m₁ − m₂)/2), the second run over the first. With k sides
 *   the residual degrees of freedom are n − k on a full Williams cycle.</li>
 *   <li><b>paired</b> (paired log-ratio t-interval) otherwise: mean m and sample standard deviation s of the
 *   n values, ratio exp(m), standard error s/√n with n − 1 degrees of freedom.</li>
 * </ul>
 * The interval is exp(estimate ± t(1 − α/2, df)·se). Immutable.
 *
 * @param pairs                pairs used (both runs finished with a value &gt; 0)
 * @param ratio                B/A over the pairs, position effects removed under crossover (1.018 = B 1.8% higher)
 * @param low                  lower end of the confidence interval of the ratio; NaN below 2 pairs
 * @param high                 upper end; NaN below 2 pairs
 * @param logSd                standard deviation of ln(B/A) the interval is built on (the residual one under
 *                             crossover); NaN below 2 pairs
 * @param mddPercent           minimum detectable difference, percent: the true difference that these
 *                             pairs would resolve with 80% power at the interval's two-sided level (5%, or 5%
 *                             shared among the comparisons of {@link #simultaneous}),
 *                             (exp((t(1 − α/2, df) + t(0.80, df))·se) − 1) × 100; NaN below 2 pairs
 * @param pairsFor1Percent     pairs (split evenly between the orders) that would give an MDD of 1% at this
 *                             noise; null below 2 pairs or above {@value #MAX_PAIRS}
 * @param method               {@code crossover} or {@code paired} (see above); null with no pairs
 * @param orderEffect          second run of a pair over the first, as a ratio (1.05 = the second run 5%
 *                             higher whichever side it is); null unless {@code method} is crossover with two sides
 * @param orderEffectLow       lower end of the order effect's interval; null unless crossover with two sides
 * @param orderEffectHigh      upper end; null unless crossover with two sides
 */
public record PairedRatio(int pairs, double ratio, double low, double high, double logSd, double mddPercent,
                          Integer pairsFor1Percent, String method, Double orderEffect, Double orderEffectLow,
                          Double orderEffectHigh) {
    /** Confidence level of the interval. */
    public static final double CONFIDENCE = 0.95;
    /** Power used for the minimum detectable difference. */
    public static final double POWER = 0.80;
    /**
     * Fewest pairs for the crossover analysis. At 3 pairs its one degree of freedom (t(0.975, 1) = 12.7) gives
     * an interval about 3× as wide as the paired one, which on a balanced schedule stays valid: an order effect
     * widens the paired interval more than it shifts its centre (by a third of the effect at 2 AB + 1 BA).
     */
    public static final int MIN_CROSSOVER_PAIRS = 4;
    /** Largest pair count {@link #pairsFor1Percent} reports. */
    public static final int MAX_PAIRS = 10_000;

    /**
     * The paired analysis of values whose pair order is unknown.
     *
     * @param a one value per pair, side A (same order as {@code b}); pairs with a value &lt;= 0 or NaN on
     *          either side are left out
     * @param b one value per pair, side B
     * @return the ratio; with no usable pair, ratio NaN and pairs 0
     * @throws IllegalArgumentException when the lists differ in length
     */
    public static PairedRatio of(List<Double> a, List<Double> b) {
        return of(a, b, null);
    }

    /**
     * @param a      one value per pair, side A (same order as {@code b}); pairs with a value &lt;= 0 or NaN on
     *               either side are left out
     * @param b      one value per pair, side B
     * @param bFirst per pair, whether B ran first; null when unknown (then always the paired analysis)
     * @return the ratio (crossover when both orders occur among at least {@value #MIN_CROSSOVER_PAIRS} usable
     * pairs, else paired); with
     * no usable pair, ratio NaN and pairs 0
     * @throws IllegalArgumentException when the lists differ in length
     */
    public static PairedRatio of(List<Double> a, List<Double> b, List<Boolean> bFirst) {
        return ofBlocks(a, b, PairOrder.ofBFirst(bFirst), CONFIDENCE);
    }

    /**
     * The same with the interval ({@code low}, {@code high}, the order effect's) at another confidence level, for a
     * figure judged together with others (a simultaneous interval); {@code mddPercent} and {@code pairsFor1Percent}
     * stay at the 5% level and 80% power.
     *
     * @param confidence in (0, 1)
     */
    public static PairedRatio of(List<Double> a, List<Double> b, List<Boolean> bFirst, double confidence) {
        return ofBlocks(a, b, PairOrder.ofBFirst(bFirst), confidence);
    }

    /**
     * The same with the pairs' positions in their blocks (any number of sides).
     *
     * @param order per pair, where A's and B's runs stood in their block; null when unknown
     * @param confidence in (0, 1); {@code mddPercent} and {@code pairsFor1Percent} stay at the 5% level
     */
    public static PairedRatio ofBlocks(List<Double> a, List<Double> b, PairOrder order, double confidence) {
        return of(a, b, order, confidence, CONFIDENCE);
    }

    /**
     * One of {@code comparisons} ratios judged together (every side against the baseline at one thread count):
     * the interval at 1 − 0.05/comparisons (Bonferroni), so all of them hold at once with at least 95%
     * probability, and the minimum detectable difference and the pairs for 1% at that same level. One comparison
     * gives {@link #ofBlocks} at 95%.
     *
     * @param comparisons ratios judged together, &gt;= 1
     * @throws IllegalArgumentException for comparisons &lt; 1
     */
    public static PairedRatio simultaneous(List<Double> a, List<Double> b, PairOrder order, int comparisons) {
        if (comparisons < 1) {
            throw new IllegalArgumentException("comparisons must be >= 1");
        }
        double level = bonferroni(comparisons);
        return of(a, b, order, level, level);
    }

    /** @return the confidence level of each of {@code comparisons} intervals that hold together at 95% */
    public static double bonferroni(int comparisons) {
        return 1 - (1 - CONFIDENCE) / comparisons;
    }

    private static PairedRatio of(List<Double> a, List<Double> b, PairOrder order, double confidence,
                                  double mddConfidence) {
        PairedEstimate e = PairedEstimate.of(a, b, order, true, confidence);
        if (e.pairs() == 0) {
            return new PairedRatio(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null, null, null,
                    null, null);
        }
        if (e.pairs() < 2) {
            return new PairedRatio(1, Math.exp(e.estimate()), Double.NaN, Double.NaN, Double.NaN, Double.NaN, null,
                    "paired", null, null, null);
        }
        boolean crossover = "crossover".equals(e.method());
        boolean order2 = crossover && Double.isFinite(e.order());
        double mdd = e.se() == 0 ? 0 : Math.expm1(detectable(e.se(), e.df(), mddConfidence)) * 100;
        return new PairedRatio(e.pairs(), Math.exp(e.estimate()), Math.exp(e.estimate() - e.half()),
                Math.exp(e.estimate() + e.half()), e.sd(), mdd,
                pairsFor(e.sd(), Math.log(1.01), e.pairs() - e.df(), mddConfidence), e.method(),
                order2 ? Math.exp(e.order()) : null, order2 ? Math.exp(e.order() - e.half()) : null,
                order2 ? Math.exp(e.order() + e.half()) : null);
    }

    /** @return true when the order effect's interval lies wholly above or below 1 (crossover only) */
    public boolean orderEffectResolved() {
        return orderEffectLow != null && (orderEffectLow > 1 || orderEffectHigh < 1);
    }

    /** @return true when the interval lies wholly above or below 1 (a difference is resolved) */
    public boolean resolved() {
        return pairs >= 2 && (low > 1 || high < 1);
    }

    /** @return (ratio − 1) × 100 */
    public double percent() {
        return (ratio - 1) * 100;
    }

    /** @return (low − 1) × 100 */
    public double lowPercent() {
        return (low - 1) * 100;
    }

    /** @return (high − 1) × 100 */
    public double highPercent() {
        return (high - 1) * 100;
    }

    /**
     * @return e.g. "B +1.8% [+1.1%, +2.5%]" when resolved, "no difference resolved: [-0.7%, +1.2%]" when the
     * interval contains 0, "B +1.8% (1 pair: no interval; it needs 2 finished pairs)" below 2 pairs, "no pairs" without any
     */
    public String text() {
        return text("B");
    }

    /**
     * @param side the compared side's name
     * @return {@link #text()} with {@code side} in place of B, e.g. "pgo1 +1.8% [+1.1%, +2.5%]"
     */
    public String text(String side) {
        if (pairs == 0) {
            return "no pairs";
        }
        if (pairs < 2) {
            return String.format(Locale.ROOT, "%s %+.1f%% (1 pair: no interval; it needs 2 finished pairs)", side,
                    percent());
        }
        String ci = String.format(Locale.ROOT, "[%+.1f%%, %+.1f%%]", lowPercent(), highPercent());
        return resolved() ? String.format(Locale.ROOT, "%s %+.1f%% %s", side, percent(), ci)
                : "no difference resolved: " + ci;
    }

    /** @return ln-scale detectable difference (t(1 − α/2, df) + t(0.80, df))·se at confidence 1 − α */
    private static double detectable(double se, int df, double confidence) {
        return (tQuantile(0.5 + confidence / 2, df) + tQuantile(POWER, df)) * se;
    }

    /**
     * @param lost degrees of freedom the method spends besides the residual ones (paired 1, AB/BA crossover 2,
     *             crossover over k positions k)
     * @return pairs whose MDD would reach {@code target} (ln scale) at noise {@code sd}, orders split evenly
     */
    private static Integer pairsFor(double sd, double target, int lost, double confidence) {
        if (sd == 0) {
            return lost + 1;
        }
        // the normal approximation is a lower bound (t quantiles exceed z), so the search starts there;
        // with the orders split evenly the crossover standard error is s/√n too, only its df differ
        double z = 1.959964 + 0.841621;
        double approx = Math.pow(z * sd / target, 2);
        if (approx > MAX_PAIRS) {
            return null;
        }
        for (int n = Math.max(lost + 1, (int) Math.floor(approx)); n <= MAX_PAIRS; n++) {
            if (detectable(sd / Math.sqrt(n), n - lost, confidence) <= target) {
                return n;
            }
        }
        return null;
    }

    static double tQuantile(double p, int degreesOfFreedom) {
        return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(p);
    }
}
