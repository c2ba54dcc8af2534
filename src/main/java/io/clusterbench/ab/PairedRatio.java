package io.clusterbench.ab;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;
import java.util.Locale;

/**
 * The ratio B/A of one figure from paired runs, with a 95% confidence interval, the minimum detectable
 * difference at the observed noise and the pairs needed to resolve 1%. Method (docs/metrics.md, "A/B
 * comparisons"): paired log-ratio t-interval. Each pair gives d = ln(B/A); with n pairs, mean m and sample
 * standard deviation s, the ratio is exp(m) and the interval exp(m ± t(0.975, n−1)·s/√n). Immutable.
 *
 * @param pairs                pairs used (both runs finished with a value &gt; 0)
 * @param ratio                geometric mean of B/A over the pairs (1.018 = B 1.8% higher)
 * @param low                  lower end of the 95% confidence interval of the ratio; NaN below 2 pairs
 * @param high                 upper end; NaN below 2 pairs
 * @param logSd                sample standard deviation of ln(B/A) over the pairs; NaN below 2 pairs
 * @param mddPercent           minimum detectable difference, percent: the true difference that these
 *                             pairs would resolve with 80% power at a 5% two-sided level,
 *                             (exp((t(0.975,n−1) + t(0.80,n−1))·s/√n) − 1) × 100; NaN below 2 pairs
 * @param pairsFor1Percent     pairs that would give an MDD of 1% at this noise (the same formula solved
 *                             for n); null below 2 pairs or above {@value #MAX_PAIRS}
 */
public record PairedRatio(int pairs, double ratio, double low, double high, double logSd, double mddPercent,
                          Integer pairsFor1Percent) {
    /** Confidence level of the interval. */
    public static final double CONFIDENCE = 0.95;
    /** Power used for the minimum detectable difference. */
    public static final double POWER = 0.80;
    /** Largest pair count {@link #pairsFor1Percent} reports. */
    public static final int MAX_PAIRS = 10_000;

    /**
     * @param a one value per pair, side A (same order as {@code b}); pairs with a value &lt;= 0 or NaN on
     *          either side are left out
     * @param b one value per pair, side B
     * @return the ratio; with no usable pair, ratio NaN and pairs 0
     * @throws IllegalArgumentException when the lists differ in length
     */
    public static PairedRatio of(List<Double> a, List<Double> b) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException("paired values: " + a.size() + " for A but " + b.size() + " for B");
        }
        double[] d = new double[a.size()];
        int n = 0;
        for (int i = 0; i < a.size(); i++) {
            double x = a.get(i);
            double y = b.get(i);
            if (x > 0 && y > 0 && Double.isFinite(x) && Double.isFinite(y)) {
                d[n++] = Math.log(y / x);
            }
        }
        if (n == 0) {
            return new PairedRatio(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null);
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += d[i];
        }
        mean /= n;
        if (n < 2) {
            return new PairedRatio(n, Math.exp(mean), Double.NaN, Double.NaN, Double.NaN, Double.NaN, null);
        }
        double ss = 0;
        for (int i = 0; i < n; i++) {
            ss += (d[i] - mean) * (d[i] - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double half = tQuantile(0.5 + CONFIDENCE / 2, n - 1) * sd / Math.sqrt(n);
        double mdd = Math.expm1(detectable(sd, n)) * 100;
        return new PairedRatio(n, Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), sd, mdd,
                pairsFor(sd, Math.log(1.01)));
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
     * @return e.g. "B +1.8% [+1.1, +2.5]" when resolved, "no difference resolved: [-0.7, +1.2]" when the
     * interval contains 0, "B +1.8% (1 pair: no interval)" below 2 pairs, "no pairs" without any
     */
    public String text() {
        if (pairs == 0) {
            return "no pairs";
        }
        if (pairs < 2) {
            return String.format(Locale.ROOT, "B %+.1f%% (1 pair: no interval; needs --repeat >= 2)", percent());
        }
        String ci = String.format(Locale.ROOT, "[%+.1f, %+.1f]", lowPercent(), highPercent());
        return resolved() ? String.format(Locale.ROOT, "B %+.1f%% %s", percent(), ci) : "no difference resolved: " + ci;
    }

    /** @return ln-scale detectable difference (t(0.975,n−1) + t(0.80,n−1))·s/√n */
    private static double detectable(double sd, int n) {
        return (tQuantile(0.5 + CONFIDENCE / 2, n - 1) + tQuantile(POWER, n - 1)) * sd / Math.sqrt(n);
    }

    private static Integer pairsFor(double sd, double target) {
        if (sd == 0) {
            return 2;
        }
        // the normal approximation is a lower bound (t quantiles exceed z), so the search starts there
        double z = 1.959964 + 0.841621;
        double approx = Math.pow(z * sd / target, 2);
        if (approx > MAX_PAIRS) {
            return null;
        }
        for (int n = Math.max(2, (int) Math.floor(approx)); n <= MAX_PAIRS; n++) {
            if (detectable(sd, n) <= target) {
                return n;
            }
        }
        return null;
    }

    private static double tQuantile(double p, int degreesOfFreedom) {
        return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(p);
    }
}
