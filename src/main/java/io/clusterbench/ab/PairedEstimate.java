package io.clusterbench.ab;

import java.util.ArrayList;
import java.util.List;

/**
 * The estimate shared by {@link PairedRatio} and {@link PairedDifference}: one value d per pair (ln(B/A) for a
 * ratio, B − A for a difference), then the crossover analysis when the pairs' positions allow it, else the paired
 * t-interval (the methods are described on {@link PairedRatio}). Immutable.
 *
 * @param pairs    pairs used
 * @param estimate mean of d (position effects removed under crossover)
 * @param sd       standard deviation of d (the residual one under crossover), at least the pairs' counting floor
 *                 where one is given (see {@link #of(List, List, PairOrder, boolean, double, List)}); NaN below 2
 *                 pairs
 * @param se       standard error of the estimate; NaN below 2 pairs
 * @param df       degrees of freedom; 0 below 2 pairs
 * @param half     half-width of the interval at the asked confidence, t(1 − (1 − c)/2, df)·se; NaN below 2 pairs
 * @param method   {@code crossover} or {@code paired}; null without pairs
 * @param order    with two sides under crossover, the order effect on d's scale, (m₁ − m₂)/2 (second run minus
 *                 first); NaN otherwise
 */
record PairedEstimate(int pairs, double estimate, double sd, double se, int df, double half, String method,
                      double order) {

    /**
     * @param a          one value per pair, side A
     * @param b          one value per pair, side B (same order)
     * @param order      per pair, where A's and B's runs stood in their block; null when unknown (then the paired
     *                   analysis)
     * @param logRatio   true: d = ln(B/A), pairs with a value &lt;= 0 left out; false: d = B − A
     * @param confidence the interval's confidence level, e.g. 0.95
     * @throws IllegalArgumentException when the lists differ in length
     */
    static PairedEstimate of(List<Double> a, List<Double> b, PairOrder order, boolean logRatio, double confidence) {
        return of(a, b, order, logRatio, confidence, null);
    }

    /**
     * The same with a floor under the spread of d: per pair, the variance d has from counting alone (for a share of
     * profile samples, the binomial variance of each side's share added). The residual standard deviation used is
     * at least the root of the used pairs' mean floor, so a few pairs whose values happen to agree (a share that
     * is 3 samples in two steps and 0 in the others) cannot give an interval narrower than the counting allows.
     *
     * @param floorVariance per pair, d's variance from counting, in d's unit squared (NaN or 0: none); null for none
     */
    static PairedEstimate of(List<Double> a, List<Double> b, PairOrder order, boolean logRatio, double confidence,
                             List<Double> floorVariance) {
        if (a.size() != b.size() || (order != null && order.pairs() != a.size())
                || (floorVariance != null && floorVariance.size() != a.size())) {
            throw new IllegalArgumentException("paired values: " + a.size() + " for A but " + b.size() + " for B");
        }
        double[] d = new double[a.size()];
        List<Integer> used = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            double x = a.get(i);
            double y = b.get(i);
            if (Double.isFinite(x) && Double.isFinite(y) && (!logRatio || (x > 0 && y > 0))) {
                d[used.size()] = logRatio ? Math.log(y / x) : y - x;
                used.add(i);
            }
        }
        int n = used.size();
        double floorSd = floorSd(floorVariance, used);
        if (n == 0) {
            return new PairedEstimate(0, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, null, Double.NaN);
        }
        if (order != null && n >= PairedRatio.MIN_CROSSOVER_PAIRS) {
            PairedEstimate cross = crossover(java.util.Arrays.copyOf(d, n), order, used, confidence, floorSd);
            if (cross != null) {
                return cross;
            }
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
        double sd = Math.max(Math.sqrt(ss / (n - 1)), floorSd);
        double se = sd / Math.sqrt(n);
        return new PairedEstimate(n, mean, sd, se, n - 1, half(se, n - 1, confidence), "paired", Double.NaN);
    }

    /**
     * The crossover estimate: least squares of d on an intercept (the difference B − A) and the position contrasts
     * of {@link PairOrder#contrast} (one effect per position after the first), so a run's position in its block
     * drops out of the difference. With two sides this is the AB/BA analysis: with n₁ pairs run A first (mean m₁)
     * and n₂ run B first (mean m₂), estimate (m₁ + m₂)/2, order effect (m₁ − m₂)/2, s pooled within the two orders
     * with n − 2 degrees of freedom, se = (s/2)·√(1/n₁ + 1/n₂).
     *
     * @return the estimate, or null when the positions leave the difference inestimable (with two sides: one order
     * only) or fewer than 2 residual degrees of freedom
     */
    private static PairedEstimate crossover(double[] d, PairOrder order, List<Integer> used, double confidence,
                                            double floorSd) {
        int p = order.sides();
        double[][] x = new double[d.length][p];
        for (int i = 0; i < d.length; i++) {
            x[i][0] = 1;
            System.arraycopy(order.contrast(used.get(i)), 0, x[i], 1, p - 1);
        }
        LeastSquares fit = LeastSquares.fit(x, d);
        double[] intercept = LeastSquares.unit(p, 0);
        if (!fit.estimable(intercept) || fit.df() < 2) {
            return null;
        }
        double sigma = Math.max(fit.sigma(), floorSd);
        double se = fit.se(intercept, sigma);
        double h = half(se, fit.df(), confidence);
        double orderEffect = p == 2 && fit.estimable(LeastSquares.unit(p, 1)) ? fit.estimate(LeastSquares.unit(p, 1))
                : Double.NaN;
        return new PairedEstimate(d.length, fit.estimate(intercept), sigma, se, fit.df(), h, "crossover",
                orderEffect);
    }

    /** @return √(mean of the used pairs' floor variances), 0 without a floor */
    private static double floorSd(List<Double> floorVariance, List<Integer> used) {
        if (floorVariance == null || used.isEmpty()) {
            return 0;
        }
        double sum = 0;
        for (int i : used) {
            double v = floorVariance.get(i);
            sum += Double.isFinite(v) && v > 0 ? v : 0;
        }
        return Math.sqrt(sum / used.size());
    }

    private static double half(double se, int df, double confidence) {
        return se == 0 ? 0 : PairedRatio.tQuantile(0.5 + confidence / 2, df) * se;
    }
}
