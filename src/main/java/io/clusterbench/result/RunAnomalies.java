package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The history workloads run beside a run ({@code run … --anomalies RATE}, {@code observerFacts.anomalies}): the rate
 * asked, the share of the run's load it was, and what was set, recorded and checked, as one setting of
 * {@code probe anomalies} (its {@code directory} is {@code .}: the history is {@code history.jsonl} in the run's own
 * folder). docs/consistency.md, "Beside a run"; figures in docs/metrics.md, "Anomalies beside a run".
 *
 * <p>Immutable.
 *
 * @param rateOpsPerSecond    {@code --anomalies}: history operations asked per second, over all the history sessions
 *                            together (open loop, evenly spaced)
 * @param sessionsPerWorkload history sessions of each workload
 * @param percentOfRunEvents  the history's acknowledged operations per second as a percentage of the run's events per
 *                            second; null when the run measured no event
 * @param setting             what the history ran at, its checks and notes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunAnomalies(double rateOpsPerSecond, int sessionsPerWorkload, Double percentOfRunEvents,
                           AnomalySetting setting) {

    /** @return the same with the share of the run's events, from the run's events per second ({@code tps}) */
    public RunAnomalies withRunEventsPerSecond(double runEventsPerSecond) {
        double ok = setting.checks().stream().mapToDouble(c -> c.load() == null ? 0 : c.load().okPerSecond()).sum();
        return new RunAnomalies(rateOpsPerSecond, sessionsPerWorkload,
                runEventsPerSecond > 0 ? 100 * ok / runEventsPerSecond : null, setting);
    }

    /** @return the forbidden classes found, as {@code workload class (count)}; empty when none (exit 0) */
    public List<String> violations() {
        return setting.violations();
    }
}
