package io.clusterbench.result;

import java.util.Arrays;
import java.util.List;

/**
 * A figure over repeats: min / median / max (DESIGN.md "Spread"). Immutable.
 *
 * @param min    smallest value
 * @param median middle value (mean of the two middle values for an even count)
 * @param max    largest value
 * @param count  number of values
 */
public record Spread(double min, double median, double max, int count) {

    /** @return the spread of {@code values}; all zeros for an empty list */
    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            return new Spread(0, 0, 0, 0);
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return new Spread(v[0], median, v[n - 1], n);
    }

    /** @return true when the closed ranges [min, max] of the two spreads share a point */
    public boolean overlaps(Spread other) {
        return min <= other.max && other.min <= max;
    }

    @Override
    public String toString() {
        return Arrays.toString(new double[]{min, median, max});
    }
}
