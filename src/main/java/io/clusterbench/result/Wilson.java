package io.clusterbench.result;

/**
 * The Wilson score interval of a binomial proportion (Wilson 1927), which stays inside [0, 1] and is
 * meaningful for 0 successes, unlike the normal approximation — stale reads are rare, so this matters.
 *
 * <p>Thread-safe (stateless).
 */
public final class Wilson {
    /** z for a two-sided 95% interval. */
    public static final double Z95 = 1.959963984540054;

    private Wilson() {
    }

    /**
     * @param successes k, 0 &le; k &le; n
     * @param trials    n &ge; 0
     * @param z         standard normal quantile, e.g. {@link #Z95}
     * @return {lower, upper} as fractions in [0, 1]; {0, 1} when {@code trials} is 0
     */
    public static double[] interval(long successes, long trials, double z) {
        if (trials <= 0) {
            return new double[]{0, 1};
        }
        double n = trials;
        double p = successes / n;
        double z2 = z * z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
        double lower = successes == 0 ? 0 : Math.max(0, centre - half);
        double upper = successes == trials ? 1 : Math.min(1, centre + half);
        return new double[]{lower, upper};
    }
}
