package io.clusterbench.result;

import org.HdrHistogram.Histogram;

/**
 * A distribution-free 95 % interval for a latency percentile read from one run's histogram, from order statistics:
 * the number of the run's n values below the true q-quantile is Binomial(n, q), so the values of rank
 * nq ∓ 1.96·√(nq(1−q)) bracket it (normal approximation of the binomial; e.g. Hahn and Meeker, "Statistical
 * Intervals", 1991, ch. 5). It assumes independent values; events of one open-loop run queue behind each other, so
 * the spread over a step's repeats is the fuller picture (docs/metrics.md, "Capacity at a latency target").
 *
 * <p>Thread-safe (stateless).
 */
public final class PercentileInterval {
    private PercentileInterval() {
    }

    /**
     * @param h          a run's event latency histogram, µs
     * @param percentile the percentile, 0 &lt; P &lt; 100
     * @return {low, high} in µs: the values at the percentiles of ranks nq ∓ 1.96·√(nq(1−q)), clipped to the
     *         smallest and largest value; {0, 0} for an empty histogram
     */
    public static long[] micros(Histogram h, double percentile) {
        long n = h.getTotalCount();
        if (n == 0) {
            return new long[]{0, 0};
        }
        double[] ranks = percentiles(n, percentile);
        return new long[]{h.getValueAtPercentile(ranks[0]), h.getValueAtPercentile(ranks[1])};
    }

    /**
     * @param n          values, &gt; 0
     * @param percentile 0 &lt; P &lt; 100
     * @return {low, high}: the percentiles (0–100) of the interval's ends, 100·(q ∓ 1.96·√(q(1−q)/n)) clipped to
     *         [0, 100]
     */
    static double[] percentiles(long n, double percentile) {
        double q = percentile / 100;
        double half = Wilson.Z95 * Math.sqrt(q * (1 - q) / n);
        return new double[]{Math.max(0, 100 * (q - half)), Math.min(100, 100 * (q + half))};
    }
}
