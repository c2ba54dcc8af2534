package io.clusterbench.runner;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.result.ScenarioFacts;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One scenario's counted intervals ({@link ScenarioObserver}): the run's totals and the part not yet sampled. Its
 * load starts with the run's measured phase and stops at its end, so every interval counts, its final partial one too.
 *
 * <p>Thread-safe: every method locks this object (the load's coordinator adds, the observer's thread drains).
 */
final class ScenarioTally {
    private final RunPlan.Scenario scenario;
    private final long[] totals = new long[Counter.FIXED];
    private final Histogram latency = histogram();
    private final Map<String, Long> errorsByCode = new TreeMap<>();
    private double seconds;
    private final long[] pending = new long[Counter.FIXED];
    private final Histogram pendingLatency = histogram();
    private double pendingSeconds;

    ScenarioTally(RunPlan.Scenario scenario) {
        this.scenario = scenario;
    }

    /** @return the scenario's name */
    String name() {
        return scenario.spec().name();
    }

    /** Adds one interval of the scenario's load (its load ends with one final partial interval, then no more). */
    synchronized void interval(IntervalSample s) {
        for (int c = 0; c < Counter.FIXED; c++) {
            totals[c] += s.count(c);
            pending[c] += s.count(c);
        }
        latency.add(s.eventLatency());
        pendingLatency.add(s.eventLatency());
        s.errorsByCode().forEach((k, v) -> errorsByCode.merge(k, v, Long::sum));
        seconds += s.durationSeconds();
        pendingSeconds += s.durationSeconds();
    }

    /**
     * @return the figures since the previous call ({@code events}, {@code tps}, {@code errors}, {@code p95Millis}
     *         when any event completed), then starts over; empty when no interval was counted since
     */
    synchronized Map<String, Object> drain() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (pendingSeconds <= 0) {
            return m;
        }
        m.put("events", pending[Counter.EVENTS]);
        m.put("tps", pending[Counter.EVENTS] / pendingSeconds);
        m.put("errors", pending[Counter.ERRORS]);
        if (pendingLatency.getTotalCount() > 0) {
            m.put("p95Millis", pendingLatency.getValueAtPercentile(95) / 1000.0);
        }
        java.util.Arrays.fill(pending, 0);
        pendingLatency.reset();
        pendingSeconds = 0;
        return m;
    }

    /** @return the scenario's run figures; {@code error} says why its load stopped early, or null */
    synchronized ScenarioFacts.Scenario summary(String error) {
        ScenarioSpec spec = scenario.spec();
        boolean any = latency.getTotalCount() > 0;
        long events = totals[Counter.EVENTS];
        return new ScenarioFacts.Scenario(spec.name(), spec.workload(), spec.threads(), spec.rateEventsPerSecond(),
                scenario.reconnectEveryEvents(), seconds, events, seconds > 0 ? events / seconds : null,
                totals[Counter.READS], totals[Counter.WRITES], totals[Counter.OTHER], totals[Counter.ERRORS],
                errorsByCode, totals[Counter.RECONNECTS], totals[Counter.LATE], totals[Counter.CUT_OFF],
                totals[Counter.CUT_OFF_STATEMENTS],
                any ? latency.getMean() / 1000.0 : null, any ? latency.getValueAtPercentile(95) / 1000.0 : null,
                any ? latency.getValueAtPercentile(99) / 1000.0 : null, any ? latency.getMaxValue() / 1000.0 : null,
                error);
    }

    private static Histogram histogram() {
        return new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
    }
}
