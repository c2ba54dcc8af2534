package io.clusterbench.result;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Latency figures of one histogram, in microseconds (HdrHistogram, 3 significant digits: each value is
 * within 0.1% of the recorded one). Immutable, so thread-safe.
 *
 * @param count      values recorded
 * @param minMicros  smallest value (the highest value of its bucket, as max and the percentiles)
 * @param meanMicros arithmetic mean
 * @param p50Micros  50th percentile (the value at or below which 50% of values fall)
 * @param p95Micros  95th percentile
 * @param p99Micros  99th percentile
 * @param p999Micros 99.9th percentile
 * @param maxMicros  largest value
 * @param sumMicros  sum of all values (≈ count × mean)
 */
public record LatencySummary(long count, long minMicros, double meanMicros, long p50Micros, long p95Micros,
                             long p99Micros, long p999Micros, long maxMicros, double sumMicros) {

    /**
     * Every figure from the same values: each recorded value stands for the highest value of its histogram bucket
     * (what {@code getMaxValue} and {@code getValueAtPercentile} return), so min, mean, percentiles, max and sum are
     * mutually possible: min &le; mean &le; max &le; sum, and one event's min, max, mean and sum are one number
     * (docs/metrics.md, "Latency").
     *
     * @return the summary of {@code h}; all zeros for an empty histogram
     */
    public static LatencySummary of(Histogram h) {
        long n = h.getTotalCount();
        if (n == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        // one walk of the recorded values (about 0.5 ms for an interval with a tail to seconds at 1024 threads)
        double sum = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            sum += (double) h.highestEquivalentValue(v.getValueIteratedTo()) * v.getCountAtValueIteratedTo();
        }
        return new LatencySummary(n, h.highestEquivalentValue(h.getMinValue()), sum / n, h.getValueAtPercentile(50),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getMaxValue(), sum);
    }

    /**
     * The value at {@code percentile} of the histogram this summary was made of: one of the summary's own
     * percentiles when it is 50, 95, 99 or 99.9 (the same {@code getValueAtPercentile} result, without walking the
     * histogram's counts again), else read from {@code h}.
     *
     * @param h          the histogram this summary was made of ({@link #of})
     * @param percentile 0–100
     * @return the value at that percentile in microseconds, 0 when empty
     */
    public long atPercentileMicros(Histogram h, double percentile) {
        if (count == 0) {
            return 0;
        }
        if (percentile == 50) {
            return p50Micros;
        } else if (percentile == 95) {
            return p95Micros;
        } else if (percentile == 99) {
            return p99Micros;
        } else if (percentile == 99.9) {
            return p999Micros;
        }
        return h.getValueAtPercentile(percentile);
    }

    /**
     * @param percentile 0–100
     * @return the value at that percentile of {@code h} in microseconds, 0 when empty
     */
    public static long percentileMicros(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile);
    }
}
