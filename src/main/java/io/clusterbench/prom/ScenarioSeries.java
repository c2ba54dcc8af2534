package io.clusterbench.prom;

import io.clusterbench.result.Observations;
import io.prometheus.metrics.model.snapshots.Labels;

import java.util.Map;

/**
 * The scenarios' figures of one interval ({@code observed.scenarios.NAME}, {@code run --scenario}) as series with a
 * {@code scenario} label: events and errors as counters (the interval's counts summed), tps and p95 as gauges (the
 * last interval's). A scenario without figures in an interval (none of its intervals ended) adds nothing.
 *
 * <p>Thread-safe (stateless); it writes into the {@link StepSeries} it is given, on that series' writer thread.
 */
final class ScenarioSeries {
    /** The observer whose figures these are. */
    static final String OBSERVER = "scenarios";

    private ScenarioSeries() {
    }

    /**
     * @param observed the interval's observer figures
     * @param into     the step's series
     */
    static void add(Observations observed, StepSeries into) {
        observed.figures(OBSERVER).forEach((name, figures) -> {
            if (!(figures instanceof Map<?, ?> m)) {
                return;
            }
            Labels l = Labels.of("scenario", name);
            if (m.get("events") instanceof Number n) {
                into.add(PromMetric.SCENARIO_EVENTS, l, n.doubleValue());
            }
            if (m.get("errors") instanceof Number n) {
                into.add(PromMetric.SCENARIO_ERRORS, l, n.doubleValue());
            }
            if (m.get("tps") instanceof Number n) {
                into.set(PromMetric.SCENARIO_TPS, l, n.doubleValue());
            }
            if (m.get("p95Millis") instanceof Number n) {
                into.set(PromMetric.SCENARIO_P95, l, n.doubleValue() / 1000.0);
            }
        });
    }
}
