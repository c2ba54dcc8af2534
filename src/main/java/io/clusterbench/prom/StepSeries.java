package io.clusterbench.prom;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.EndpointTotals;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.result.IntervalRecord;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The exposed series of one step (one run at one thread count, repeat and consistency level): counters summed
 * from the step's interval samples, gauges from the last interval, latency histograms accumulated from the
 * interval histograms. It is fed by the same {@link IntervalSample}s the console line and intervals.csv are made
 * from, after the result accumulator turned each into its {@link IntervalRecord}; nothing is recorded twice.
 *
 * <p>Thread-safe: writers (the engine's coordinator; for a probe also the probe's thread) serialize on this
 * object's lock, uncontended in a run; after each update the series are published as one immutable list, which
 * the scrape threads read through a volatile field ({@link #points}) without locking.
 */
public final class StepSeries {
    /** One exposed value: a scalar ({@code histogram} null) or a histogram data point. Immutable. */
    record Point(PromMetric metric, Labels labels, double value, HistogramDataPointSnapshot histogram) {
    }

    private final Labels runLabels;
    private final List<String> classNames;
    /** Guarded by this. */
    private final Map<PromMetric, Map<Labels, double[]>> scalars = new LinkedHashMap<>();
    /** Guarded by this; latencies in µs. */
    private final Map<PromMetric, Map<Labels, Histogram>> histograms = new LinkedHashMap<>();
    /** Guarded by this: classes that ran at least one statement. */
    private final boolean[] used;
    private volatile List<Point> published = List.of();

    /**
     * @param runLabels  the labels every series of the step carries (run, workload, threads, step, repeat,
     *                   consistency, shard)
     * @param classNames the workload's statement classes, in class-id order (label {@code class})
     */
    StepSeries(Labels runLabels, List<String> classNames) {
        this.runLabels = runLabels;
        this.classNames = List.copyOf(classNames);
        this.used = new boolean[classNames.size()];
        set(PromMetric.STEP_RUNNING, Labels.EMPTY, 1);
        // the step's counters exist at 0 from its start, so increase() over the run counts its first interval
        for (PromMetric m : new PromMetric[]{PromMetric.EVENTS, PromMetric.RETRIES, PromMetric.RECONNECTS,
                PromMetric.REROUTES, PromMetric.LATE_EVENTS, PromMetric.CUT_OFF_EVENTS, PromMetric.MEASURED_SECONDS}) {
            add(m, Labels.EMPTY, 0);
        }
        for (String type : new String[]{"read", "write", "other"}) {
            add(PromMetric.QUERIES, Labels.of("type", type), 0);
        }
        histogram(PromMetric.EVENT_LATENCY, Labels.EMPTY);
        publish();
    }

    /**
     * Adds one interval.
     *
     * @param record the interval as the result holds it (its observer figures give the per-node series)
     * @param sample the interval's raw deltas and histograms (µs)
     */
    public synchronized void interval(IntervalRecord record, IntervalSample sample) {
        add(PromMetric.EVENTS, Labels.EMPTY, sample.count(Counter.EVENTS));
        add(PromMetric.QUERIES, Labels.of("type", "read"), sample.count(Counter.READS));
        add(PromMetric.QUERIES, Labels.of("type", "write"), sample.count(Counter.WRITES));
        add(PromMetric.QUERIES, Labels.of("type", "other"), sample.count(Counter.OTHER));
        add(PromMetric.RETRIES, Labels.EMPTY, sample.count(Counter.RETRIES));
        add(PromMetric.RECONNECTS, Labels.EMPTY, sample.count(Counter.RECONNECTS));
        add(PromMetric.REROUTES, Labels.EMPTY, sample.count(Counter.REROUTES));
        add(PromMetric.LATE_EVENTS, Labels.EMPTY, sample.count(Counter.LATE));
        add(PromMetric.CUT_OFF_EVENTS, Labels.EMPTY, sample.count(Counter.CUT_OFF));
        add(PromMetric.MEASURED_SECONDS, Labels.EMPTY, sample.durationSeconds());
        for (int c = 0; c < classNames.size(); c++) {
            if (!used[c] && sample.count(Counter.classCount(c)) == 0) {
                continue; // a class the workload never ran (the OLTP family shares one class list) gets no series
            }
            used[c] = true;
            Labels cls = Labels.of("class", classNames.get(c));
            add(PromMetric.STATEMENTS, cls, sample.count(Counter.classCount(c)));
            add(PromMetric.HITS, cls, sample.count(Counter.classHits(c)));
            add(PromMetric.MISSES, cls, sample.count(Counter.classMisses(c)));
            if (sample.classLatency() != null && sample.classLatency()[c] != null) {
                histogram(PromMetric.STATEMENT_LATENCY, cls).add(sample.classLatency()[c]);
            }
        }
        sample.errorsByCode().forEach((code, n) -> add(PromMetric.ERRORS, codeLabels(code), n));
        histogram(PromMetric.EVENT_LATENCY, Labels.EMPTY).add(sample.eventLatency());
        set(PromMetric.THREADS, Labels.EMPTY, sample.threads());
        set(PromMetric.WAITING_WORKERS, Labels.EMPTY, sample.waitingWorkers());
        set(PromMetric.LONGEST_WAIT, Labels.EMPTY, sample.longestWaitSeconds());
        set(PromMetric.QUEUE_LENGTH, Labels.EMPTY, sample.queueLength());
        if (record != null) {
            io.clusterbench.result.Observations observed = io.clusterbench.result.Observations.of(record);
            NodeSeries.add(observed, this);
            ScenarioSeries.add(observed, this);
        }
        publish();
    }

    /**
     * The step's per-endpoint totals, known once its workers stopped.
     *
     * @param totals   per endpoint, the measured totals
     * @param nodeName the cluster member behind an endpoint label, or "" when unknown
     */
    public synchronized void endpoints(List<EndpointTotals> totals, Function<String, String> nodeName) {
        for (EndpointTotals t : totals) {
            String node = nodeName.apply(t.endpoint());
            Labels l = Labels.of("endpoint", t.endpoint(), "node", node == null || node.isEmpty() ? t.endpoint() : node);
            set(PromMetric.ENDPOINT_EVENTS, l, t.events());
            set(PromMetric.ENDPOINT_ERRORS, l, t.errors());
            set(PromMetric.ENDPOINT_HITS, l, t.hits());
            set(PromMetric.ENDPOINT_MISSES, l, t.misses());
            Histogram h = histogram(PromMetric.ENDPOINT_LATENCY, l);
            h.reset();
            h.add(t.latency());
        }
        publish();
    }

    /** The step ended: {@code clusterbench_step_running} drops to 0; every value stays exposed. */
    public synchronized void finished() {
        set(PromMetric.STEP_RUNNING, Labels.EMPTY, 0);
        set(PromMetric.THREADS, Labels.EMPTY, 0);
        publish();
    }

    /**
     * Adds {@code delta} to a counter with only the run labels (creating it at 0) and publishes.
     *
     * @param metric a {@link PromMetric.Kind#COUNTER}
     * @param delta  the increase, &ge; 0, in the metric's unit
     */
    public synchronized void count(PromMetric metric, double delta) {
        add(metric, Labels.EMPTY, delta);
        publish();
    }

    /** @return the step's series as last published; safe to call from any thread */
    List<Point> points() {
        return published;
    }

    void add(PromMetric metric, Labels extra, double delta) {
        scalars.computeIfAbsent(metric, k -> new LinkedHashMap<>()).computeIfAbsent(extra, k -> new double[1])[0] += delta;
    }

    void set(PromMetric metric, Labels extra, double value) {
        scalars.computeIfAbsent(metric, k -> new LinkedHashMap<>()).computeIfAbsent(extra, k -> new double[1])[0] = value;
    }

    private Histogram histogram(PromMetric metric, Labels extra) {
        return histograms.computeIfAbsent(metric, k -> new LinkedHashMap<>()).computeIfAbsent(extra,
                k -> new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS));
    }

    /** @return labels {@code code} and {@code sqlstate} of an error key {@code code/sqlstate} */
    static Labels codeLabels(String key) {
        int slash = key.indexOf('/');
        String code = slash < 0 ? key : key.substring(0, slash);
        String state = slash < 0 ? "" : key.substring(slash + 1);
        return Labels.of("code", code.isEmpty() ? "none" : code, "sqlstate", state.isEmpty() ? "none" : state);
    }

    private void publish() {
        List<Point> out = new ArrayList<>();
        scalars.forEach((metric, byLabels) -> byLabels.forEach((extra, v) ->
                out.add(new Point(metric, runLabels.merge(extra), v[0], null))));
        histograms.forEach((metric, byLabels) -> byLabels.forEach((extra, h) -> {
            Labels l = runLabels.merge(extra);
            out.add(new Point(metric, l, 0, LatencyBuckets.point(h, l)));
        }));
        published = List.copyOf(out);
    }
}
