package io.clusterbench;

import java.util.Locale;

/**
 * The one place where numbers become text for people: every console line, text report, CSV and HTML page
 * formats through here, always in {@link Locale#ROOT} (a decimal point, no grouping), so the output is the
 * same on a machine whose default locale writes a decimal comma. Also the unit conversions the outputs use
 * (µs to ms).
 *
 * <p>Thread-safe (stateless).
 */
public final class Format {
    private Format() {
    }

    /** @return {@link String#format} under {@link Locale#ROOT} */
    public static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** @return {@code value} with {@code decimals} digits after the point, or "-" for NaN */
    public static String decimal(double value, int decimals) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** @return {@code micros} microseconds in milliseconds */
    public static double millis(long micros) {
        return micros / 1000.0;
    }

    /**
     * @param n        how many
     * @param singular the noun for one, e.g. {@code connection}; its plural is the noun with an {@code s}
     * @return {@code 1 connection}, {@code 0 connections}, {@code 16 connections}
     */
    public static String count(long n, String singular) {
        return n + " " + (n == 1 ? singular : singular + "s");
    }

    /** @return a percentile as people write it: 95 as {@code 95}, 99.9 as {@code 99.9} */
    public static String percentile(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }
}
