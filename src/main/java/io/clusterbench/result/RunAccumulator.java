package io.clusterbench.result;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.metrics.WorkerMetrics;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns interval samples into {@link IntervalRecord}s and accumulates the run's totals.
 *
 * <p>Confined to the thread that receives the samples (the step's run listener), except {@link #intervals}, which any
 * thread may call (a second Ctrl-C writes them from its own).
 */
public final class RunAccumulator {
    private final List<String> classNames;
    private final double percentile;
    private final List<IntervalRecord> intervals = new ArrayList<>();
    private final Histogram events = newHistogram();
    private final Histogram[] classes;
    private final long[] totals;
    private final Map<String, Long> errors = new TreeMap<>();

    /**
     * @param classNames statement class names of the workload, by class id
     * @param percentile {@code --percentile} for interval lines, 1–100; 0 for none (sysbench's "percentile stats:
     *                   disabled": each interval's {@code latencyPercentileMicros} is 0)
     */
    public RunAccumulator(List<String> classNames, double percentile) {
        this.classNames = classNames;
        this.percentile = percentile;
        this.classes = new Histogram[classNames.size()];
        for (int i = 0; i < classes.length; i++) {
            classes[i] = new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.CLASS_SIGNIFICANT_DIGITS);
        }
        this.totals = new long[Counter.FIXED + classNames.size() * Counter.PER_CLASS];
    }

    /** Adds one interval without observations; @return its record */
    public IntervalRecord add(IntervalSample s) {
        return add(s, Map.of());
    }

    /**
     * Adds one interval.
     *
     * @param observed the observers' figures for this interval, by observer name
     * @return its record
     */
    public IntervalRecord add(IntervalSample s, Map<String, Object> observed) {
        events.add(s.eventLatency());
        for (int i = 0; i < classes.length; i++) {
            if (s.classLatency()[i].getTotalCount() > 0) {
                classes[i].add(s.classLatency()[i]);
            }
        }
        for (int i = 0; i < totals.length; i++) {
            totals[i] += s.count(i);
        }
        s.errorsByCode().forEach((k, v) -> errors.merge(k, v, Long::sum));
        double d = s.durationSeconds();
        long hits = 0;
        long misses = 0;
        for (int c = 0; c < classes.length; c++) {
            hits += s.count(Counter.classHits(c));
            misses += s.count(Counter.classMisses(c));
        }
        long reads = s.count(Counter.READS);
        long writes = s.count(Counter.WRITES);
        long other = s.count(Counter.OTHER);
        LatencySummary latency = LatencySummary.of(s.eventLatency());
        IntervalRecord r = new IntervalRecord(s.startSeconds(), s.endSeconds(), s.threads(), s.count(Counter.EVENTS),
                s.count(Counter.EVENTS) / d, (reads + writes + other) / d, reads / d, writes / d, other / d,
                s.count(Counter.ERRORS) / d, s.count(Counter.RECONNECTS) / d, hits, misses,
                percentile <= 0 ? 0 : latency.atPercentileMicros(s.eventLatency(), percentile), latency,
                s.queueLength(), s.count(Counter.LATE), new TreeMap<>(s.errorsByCode()), observed,
                s.reporterLagSeconds(), s.missedReports(), s.waitingWorkers(), s.longestWaitSeconds(),
                s.eventsInProgress());
        synchronized (intervals) {
            intervals.add(r);
        }
        return r;
    }

    private RunTiming withLag(RunTiming t) {
        if (t == null) {
            return null;
        }
        double lag = 0;
        for (IntervalRecord r : intervals) {
            lag = Math.max(lag, r.reporterLagSeconds());
        }
        return new RunTiming(t.requestedSeconds(), t.connectSeconds(), t.threadModel(), t.javaVersion(),
                t.measuredStartEpochMillis(), lag, t.maxWriteLagSeconds());
    }

    /** @return the intervals so far (a copy) */
    public List<IntervalRecord> intervals() {
        synchronized (intervals) {
            return List.copyOf(intervals);
        }
    }

    /**
     * @param measuredSeconds      measured wall time
     * @param eventsPerWorker      measured events per worker
     * @param busySecondsPerWorker measured busy seconds per worker
     * @param clientCpuSeconds     CPU seconds of the client process over the measured time
     * @param abandonedEvents      events abandoned at the end (added to the cut-off events)
     * @param timing               the run's clock facts, without the reporter lag (filled in here)
     * @return the totals
     */
    public Summary summary(double measuredSeconds, long[] eventsPerWorker, double[] busySecondsPerWorker,
                           double clientCpuSeconds, long abandonedEvents, RunTiming timing) {
        double secs = Math.max(1e-9, measuredSeconds);
        long hits = 0;
        long misses = 0;
        for (int c = 0; c < classes.length; c++) {
            hits += totals[Counter.classHits(c)];
            misses += totals[Counter.classMisses(c)];
        }
        long reads = totals[Counter.READS];
        long writes = totals[Counter.WRITES];
        long other = totals[Counter.OTHER];
        long queries = reads + writes + other;
        double[] ev = new double[eventsPerWorker.length];
        for (int i = 0; i < ev.length; i++) {
            ev[i] = eventsPerWorker[i];
        }
        return new Summary(measuredSeconds, totals[Counter.EVENTS], totals[Counter.EVENTS] / secs, reads, writes,
                other, queries, queries / secs, totals[Counter.ERRORS], totals[Counter.RETRIES],
                totals[Counter.EVENTS_RETRIED], totals[Counter.RECONNECTS], totals[Counter.REROUTES],
                totals[Counter.LATE], hits, misses, rate(hits, misses), LatencySummary.of(events), encode(events),
                new TreeMap<>(errors), mean(ev), stddev(ev), mean(busySecondsPerWorker), stddev(busySecondsPerWorker),
                clientCpuSeconds, totals[Counter.CUT_OFF] + abandonedEvents, withLag(timing),
                totals[Counter.CUT_OFF_STATEMENTS]);
    }

    /** @return one record per statement class that ran at least once */
    public List<ClassRecord> classRecords() {
        List<ClassRecord> out = new ArrayList<>();
        for (int c = 0; c < classes.length; c++) {
            long n = totals[Counter.classCount(c)];
            if (n == 0) {
                continue;
            }
            long hits = totals[Counter.classHits(c)];
            long misses = totals[Counter.classMisses(c)];
            out.add(new ClassRecord(classNames.get(c), n, hits, misses, rate(hits, misses),
                    LatencySummary.of(classes[c]), encode(classes[c]), totals[Counter.classRows(c)]));
        }
        return out;
    }

    private static Double rate(long hits, long misses) {
        return hits + misses == 0 ? null : 100.0 * hits / (hits + misses);
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return v.length == 0 ? 0 : s / v.length;
    }

    private static double stddev(double[] v) {
        if (v.length == 0) {
            return 0;
        }
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return Math.sqrt(s / v.length);
    }

    static Histogram newHistogram() {
        return new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
    }

    /** @return {@code h} in HdrHistogram's compressed encoding, Base64 */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[len];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** @return the histogram encoded by {@link #encode} */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalArgumentException("not an HdrHistogram compressed histogram", e);
        }
    }
}
