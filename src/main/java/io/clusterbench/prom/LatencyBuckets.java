package io.clusterbench.prom;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.NativeHistogramBuckets;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns a cumulative HdrHistogram of latencies in microseconds into one Prometheus histogram data point in
 * seconds carrying both representations: classic buckets ({@link #CLASSIC_BOUNDS_SECONDS}, for the text
 * formats and Prometheus without native histograms) and a native (exponential) histogram of schema
 * {@link #NATIVE_SCHEMA} (for Prometheus scraping protobuf with {@code --enable-feature=native-histograms}).
 *
 * <p>Thread-safe (stateless). Each recorded HdrHistogram bucket is placed by its highest equivalent value
 * (within 0.1 % at 3 significant digits); the sum uses each bucket's median equivalent value.
 */
public final class LatencyBuckets {
    /** Upper bounds of the classic buckets in seconds, 0.1 ms to 10 s, then {@code +Inf}. */
    public static final double[] CLASSIC_BOUNDS_SECONDS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
            0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, Double.POSITIVE_INFINITY};
    /** Native histogram schema: bucket boundaries grow by a factor 2^(2^-3), about 9 %. */
    public static final int NATIVE_SCHEMA = 3;

    private LatencyBuckets() {
    }

    /**
     * @param latencyMicros cumulative latencies in µs (read only; the caller must not change it meanwhile)
     * @param labels        the data point's labels
     * @return the data point: count, sum (s), classic and native buckets
     */
    public static HistogramDataPointSnapshot point(Histogram latencyMicros, Labels labels) {
        long[] classic = new long[CLASSIC_BOUNDS_SECONDS.length];
        Map<Integer, Long> positive = new TreeMap<>();
        long zeros = 0;
        double sumSeconds = 0;
        for (HistogramIterationValue v : latencyMicros.recordedValues()) {
            long count = v.getCountAtValueIteratedTo();
            long highMicros = v.getValueIteratedTo();
            sumSeconds += count * latencyMicros.medianEquivalentValue(highMicros) / 1e6;
            double highSeconds = highMicros / 1e6;
            classic[classicIndex(highSeconds)] += count;
            if (highMicros <= 0) {
                zeros += count;
            } else {
                positive.merge(nativeIndex(highSeconds), count, Long::sum);
            }
        }
        List<Integer> indexes = new ArrayList<>(positive.keySet());
        List<Long> counts = new ArrayList<>(positive.values());
        return new HistogramDataPointSnapshot(ClassicHistogramBuckets.of(CLASSIC_BOUNDS_SECONDS, classic),
                NATIVE_SCHEMA, zeros, 0, NativeHistogramBuckets.of(indexes, counts), NativeHistogramBuckets.EMPTY,
                sumSeconds, labels, Exemplars.EMPTY, 0);
    }

    /** @return the first classic bucket whose upper bound is at least {@code seconds} */
    static int classicIndex(double seconds) {
        for (int i = 0; i < CLASSIC_BOUNDS_SECONDS.length; i++) {
            if (seconds <= CLASSIC_BOUNDS_SECONDS[i]) {
                return i;
            }
        }
        return CLASSIC_BOUNDS_SECONDS.length - 1;
    }

    /**
     * @param seconds a positive value
     * @return its native bucket index at {@link #NATIVE_SCHEMA}: bucket {@code i} holds
     *         {@code (2^((i-1)/8), 2^(i/8)]} (Prometheus native histogram definition)
     */
    static int nativeIndex(double seconds) {
        double scaled = Math.log(seconds) / Math.log(2) * (1 << NATIVE_SCHEMA);
        int index = (int) Math.ceil(scaled);
        // guard the rounding of log() at exact boundaries
        if (Math.pow(2, (double) (index - 1) / (1 << NATIVE_SCHEMA)) >= seconds) {
            index--;
        }
        return index;
    }
}
