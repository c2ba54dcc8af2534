package io.clusterbench.ab;

import java.util.List;

/**
 * The estimate shared by {@link PairedRatio} and {@link PairedDifference}: one value d per pair (ln(B/A) for a
 * ratio, B − A for a difference), then the AB/BA crossover analysis when both pair orders occur among at least
 * {@value PairedRatio#MIN_CROSSOVER_PAIRS} pairs, else the paired t-interval (the method is described on
 * {@link PairedRatio}). Immutable.
 *
 * @param pairs    pairs used
 * @param estimate mean of d (order effect removed under crossover)
 * @param sd       standard deviation of d (pooled within order under crossover); NaN below 2 pairs
 * @param se       standard error of the estimate; NaN below 2 pairs
 * @param df       degrees of freedom; 0 below 2 pairs
 * @param half     half-width of the interval at the asked confidence, t(1 − (1 − c)/2, df)·se; NaN below 2 pairs
 * @param method   {@code crossover} or {@code paired}; null without pairs
 * @param order    the order effect on d's scale, (m₁ − m₂)/2 (second run minus first); NaN unless crossover
 */
record PairedEstimate(int pairs, double estimate, double sd, double se, int df, double half, String method,
                      double order) {

    /**
     * @param a          one value per pair, side A
     * @param b          one value per pair, side B (same order)
     * @param bFirst     per pair, whether B ran first; null when unknown (then the paired analysis)
     * @param logRatio   true: d = ln(B/A), pairs with a value &lt;= 0 left out; false: d = B − A
     * @param confidence the interval's confidence level, e.g. 0.95
     * @throws IllegalArgumentException when the lists differ in length
     */
    static PairedEstimate of(List<Double> a, List<Double> b, List<Boolean> bFirst, boolean logRatio, double confidence) {
        if (a.size() != b.size() || (bFirst != null && bFirst.size() != a.size())) {
            throw new IllegalArgumentException("paired values: " + a.size() + " for A but " + b.size() + " for B");
        }
        double[] d = new double[a.size()];
        boolean[] second = new boolean[a.size()];
        int n = 0;
        int bSecond = 0;
        for (int i = 0; i < a.size(); i++) {
            double x = a.get(i);
            double y = b.get(i);
            boolean usable = Double.isFinite(x) && Double.isFinite(y) && (!logRatio || (x > 0 && y > 0));
            if (usable) {
                second[n] = bFirst != null && !bFirst.get(i);
                bSecond += second[n] ? 1 : 0;
                d[n++] = logRatio ? Math.log(y / x) : y - x;
            }
        }
        if (n == 0) {
            return new PairedEstimate(0, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, null, Double.NaN);
        }
        if (bFirst != null && n >= PairedRatio.MIN_CROSSOVER_PAIRS && bSecond > 0 && bSecond < n) {
            return crossover(d, second, n, bSecond, confidence);
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += d[i];
        }
        mean /= n;
        if (n < 2) {
            return new PairedEstimate(n, mean, Double.NaN, Double.NaN, 0, Double.NaN, "paired", Double.NaN);
        }
        double ss = 0;
        for (int i = 0; i < n; i++) {
            ss += (d[i] - mean) * (d[i] - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double se = sd / Math.sqrt(n);
        return new PairedEstimate(n, mean, sd, se, n - 1, half(se, n - 1, confidence), "paired", Double.NaN);
    }

    /** The AB/BA cross-over estimate: {@code second[i]} marks the pairs run A first (B second). */
    private static PairedEstimate crossover(double[] d, boolean[] second, int n, int n1, double confidence) {
        int n2 = n - n1;
        double m1 = 0;
        double m2 = 0;
        for (int i = 0; i < n; i++) {
            if (second[i]) {
                m1 += d[i];
            } else {
                m2 += d[i];
            }
        }
        m1 /= n1;
        m2 /= n2;
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double m = second[i] ? m1 : m2;
            ss += (d[i] - m) * (d[i] - m);
        }
        double sd = Math.sqrt(ss / (n - 2));
        double se = sd / 2 * Math.sqrt(1.0 / n1 + 1.0 / n2);
        return new PairedEstimate(n, (m1 + m2) / 2, sd, se, n - 2, half(se, n - 2, confidence), "crossover",
                (m1 - m2) / 2);
    }

    private static double half(double se, int df, double confidence) {
        return se == 0 ? 0 : PairedRatio.tQuantile(0.5 + confidence / 2, df) * se;
    }
}
