package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * What each scenario of a run ({@code run --scenario}) did over the run's measured phase: the
 * {@code observerFacts.scenarios} object of a run in {@code result.json} (docs/metrics.md, "Scenarios"). Written by
 * {@code runner.ScenarioObserver}, read by the console block, the HTML report and the tests; both name the fields
 * through this record. Immutable.
 *
 * @param intervalMillis length of each scenario's own intervals, ms; each scenario counts from its first (its sessions
 *                       open, after the run's measured start) to its stop at the run's measured end
 * @param scenarios      one entry per scenario, in the order given
 */
public record ScenarioFacts(long intervalMillis, List<Scenario> scenarios) {
    public ScenarioFacts {
        scenarios = scenarios == null ? List.of() : List.copyOf(scenarios);
    }

    /**
     * One scenario's figures over its counted intervals.
     *
     * @param name                 its name
     * @param workload             its workload
     * @param threads              its worker threads
     * @param rateEventsPerSecond  its open-loop rate, events/s; 0 = closed loop
     * @param reconnectEveryEvents its {@code --reconnect}; 0 = never
     * @param seconds              the length of its counted intervals, s
     * @param events               events completed in them
     * @param tps                  {@code events / seconds}, or null when they last 0 s
     * @param reads                read statements (sysbench's classes), as {@code events}
     * @param writes               write statements
     * @param other                other statements (BEGIN, COMMIT, DDL)
     * @param errors               failed statements (ignored or not)
     * @param errorsByCode         those failures by {@code code/sqlstate}; empty (not written) for none
     * @param reconnects           reconnects of its threads
     * @param lateEvents           open loop: events that started more than 1 ms after their intended start
     * @param cutOffEvents         events in flight when it stopped, cancelled and counted only here
     * @param cutOffStatements     statements that returned inside those events (in no other count)
     * @param meanMillis           mean event latency, ms, or null without events
     * @param p95Millis            95th percentile event latency, ms, or null without events
     * @param p99Millis            99th percentile event latency, ms, or null without events
     * @param maxMillis            longest event latency, ms, or null without events
     * @param error                why it stopped early; null (not written) when it did not
     */
    public record Scenario(String name, String workload, int threads, double rateEventsPerSecond,
                           long reconnectEveryEvents, double seconds, long events, Double tps, long reads,
                           long writes, long other, long errors,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> errorsByCode,
                           long reconnects, long lateEvents, long cutOffEvents, long cutOffStatements, Double meanMillis, Double p95Millis,
                           Double p99Millis, Double maxMillis,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String error) {
        public Scenario {
            errorsByCode = errorsByCode == null ? Map.of() : new java.util.TreeMap<>(errorsByCode);
        }
    }
}
