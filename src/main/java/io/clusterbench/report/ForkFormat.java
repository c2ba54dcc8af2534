package io.clusterbench.report;

import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.RunAccumulator;
import io.clusterbench.result.Summary;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Locale;

/**
 * The machine-readable console formats of the sysbench fork that benchmark scripts parse
 * (Tusamarco/sysbench {@code sysbench.report_csv}, {@code report_json} and {@code report_cumulative_csv};
 * sysbench 1.0.20's {@code --histogram}), with the same columns in the same order and number formats. Where
 * the fork's summary header names a unit its value is not in, clusterbench keeps the header and prints the
 * value in the unit the header names (docs/metrics.md, "sysbench-fork formats").
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}.
 */
public final class ForkFormat {
    /** sysbench 1.0.20's latency histogram: 1024 buckets, log-spaced from 0.001 ms to 100 000 ms. */
    static final int BUCKETS = 1024;
    private static final double LOWEST_MS = 0.001;
    private static final double HIGHEST_MS = 100_000;
    private static final double DEDUCT = Math.log(LOWEST_MS);
    private static final double MULT = (BUCKETS - 1) / (Math.log(HIGHEST_MS) - DEDUCT);
    private static final String STARS = "*".repeat(40);

    /** The {@code TEST SUMMARY:} column names before and after the percentile column (the fork's spelling). */
    private static final String SUMMARY_HEAD = "TotalTime,RunningThreads,totalEvents,Events/s,"
            + "Tot Operations,operations/s,tot reads,reads/s,Tot writes,writes/s,oterOps/s,";
    private static final String SUMMARY_TAIL = ",Tot errors,errors/s,Tot reconnects,reconnects/s,"
            + "Latency(ms) min, Latency(ms) max, Latency(ms) avg, Latency(ms) sum";

    private ForkFormat() {
    }

    /**
     * @return one CSV line: elapsed s, threads, tps, qps, reads/s, writes/s, other/s, latency at the run's
     * percentile in ms, errors/s, reconnects/s (no header, as the fork)
     */
    public static String intervalCsv(IntervalRecord r) {
        return f("%.0f,%d,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f", r.endSeconds(), r.threads(), r.tps(),
                r.qps(), r.readsPerSecond(), r.writesPerSecond(), r.otherPerSecond(),
                r.latencyPercentileMicros() / 1000.0, r.errorsPerSecond(), r.reconnectsPerSecond());
    }

    /**
     * @param first true for the run's first interval (opens the array)
     * @return the interval as one object of the fork's JSON array, with the separator before it and no line
     * break after it; {@link #JSON_END} closes the array
     */
    public static String intervalJson(IntervalRecord r, boolean first) {
        return (first ? "[\n" : ",\n") + f("  {\n    \"time\": %4.0f,\n    \"threads\": %d,\n    \"tps\": %4.2f,\n"
                        + "    \"qps\": {\n      \"total\": %4.2f,\n      \"reads\": %4.2f,\n      \"writes\": %4.2f,\n"
                        + "      \"other\": %4.2f\n    },\n    \"latency\": %4.2f,\n    \"errors\": %4.2f,\n"
                        + "    \"reconnects\": %4.2f\n  }", r.endSeconds(), r.threads(), r.tps(), r.qps(),
                r.readsPerSecond(), r.writesPerSecond(), r.otherPerSecond(), r.latencyPercentileMicros() / 1000.0,
                r.errorsPerSecond(), r.reconnectsPerSecond());
    }

    /** Closes the JSON array of intervals (after at least one {@link #intervalJson}). */
    public static final String JSON_END = "\n]\n";

    /**
     * @param s          the run's totals
     * @param threads    {@code --threads}
     * @param percentile {@code --percentile}, named in the latency column ({@code latencyPct95(μs)})
     * @return {@code TEST SUMMARY:}, the header line and the value line, each ending with a newline. The
     * percentile is in µs and min/max/avg/sum in ms, as the header says (the fork prints ms and s there)
     */
    public static String summaryCsv(Summary s, int threads, double percentile) {
        LatencySummary l = s.latency();
        long pctMicros = LatencySummary.percentileMicros(RunAccumulator.decode(s.histogram()), percentile);
        double secs = Math.max(1e-9, s.measuredSeconds());
        String header = SUMMARY_HEAD + "latencyPct" + pct(percentile) + "(μs) " + SUMMARY_TAIL;
        String row = f("%.0f,%d,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,"
                        + "%4.2f,%4.2f,%4.2f,%4.2f", s.measuredSeconds(), threads, (double) s.events(), s.tps(),
                (double) s.queries(), s.qps(), (double) s.reads(), s.reads() / secs, (double) s.writes(),
                s.writes() / secs, s.other() / secs, (double) pctMicros, (double) s.ignoredErrors(),
                s.ignoredErrors() / secs, (double) s.reconnects(), s.reconnects() / secs, l.minMicros() / 1000.0,
                l.maxMicros() / 1000.0, l.meanMicros() / 1000.0, l.sumMicros() / 1000.0);
        return "TEST SUMMARY:\n" + header + "\n" + row + "\n";
    }

    /**
     * sysbench 1.0.20's {@code --histogram} text, from the run's HdrHistogram: each recorded value (µs) goes to
     * the sysbench bucket nearest its logarithm; a bucket row shows the bucket's value in ms, a bar scaled to the
     * fullest bucket (40 stars) and the count. Empty buckets are left out, as sysbench does.
     *
     * @param s the run's totals (their compressed histogram)
     * @return the title, column header, one row per non-empty bucket and a line holding one space; "" when no
     * event completed (sysbench prints nothing then)
     */
    public static String histogram(Summary s) {
        Histogram h = RunAccumulator.decode(s.histogram());
        long[] counts = new long[BUCKETS];
        for (HistogramIterationValue v : h.recordedValues()) {
            counts[bucket(h.medianEquivalentValue(v.getValueIteratedTo()) / 1000.0)] += v.getCountAtValueIteratedTo();
        }
        long max = 0;
        for (long c : counts) {
            max = Math.max(max, c);
        }
        if (max == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder("Latency histogram (values are in milliseconds)\n");
        b.append("       value  ------------- distribution ------------- count\n");
        for (int i = 0; i < BUCKETS; i++) {
            if (counts[i] > 0) {
                int width = (int) Math.floor(counts[i] * 40.0 / max + 0.5);
                b.append(f("%12.3f |%-40s %d\n", bucketValueMs(i), STARS.substring(0, width), counts[i]));
            }
        }
        return b.append(" \n").toString();
    }

    /** @return sysbench's bucket of a latency in ms: nearest on the log scale, clamped to the range */
    static int bucket(double ms) {
        if (ms <= 0) {
            return 0;
        }
        long i = (long) Math.floor((Math.log(ms) - DEDUCT) * MULT + 0.5);
        return (int) Math.max(0, Math.min(BUCKETS - 1, i));
    }

    /** @return the latency in ms that sysbench prints for bucket {@code i} */
    static double bucketValueMs(int i) {
        return Math.exp(i / MULT + DEDUCT);
    }

    private static String pct(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
