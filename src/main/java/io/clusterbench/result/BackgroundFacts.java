package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the {@code background} observer found over a run with {@code --background}: the
 * {@code observerFacts.background} object of a run in {@code result.json} (docs/metrics.md, "Background
 * workload"). Written by {@code runner.BackgroundObserver}, read by the report; both name the fields through
 * this record. Immutable.
 *
 * @param workload       the background workload's name
 * @param intervalMillis length of the background's own intervals, ms
 * @param quiet          its intervals in which no marked statement (DDL, big transaction) ran
 * @param marked         its intervals in which one did, at any time
 * @param tpsDipPercent  how much lower the marked tps is than the quiet (steady) tps, percent of the quiet tps; null
 *                       (not written) without a quiet or a marked interval
 * @param error          why the background load stopped early; null (not written) when it did not
 * @param preparing      its intervals in which no marked statement ran but the main workload prepared one (the ddl
 *                       family's table fill): neither quiet nor marked; null (not written) in results written before
 *                       it was recorded
 * @param errorsByCode   the background's errors over the same intervals, by {@code code/sqlstate} (its 1213s are
 *                       counted in the run's conflicts, {@link Conflicts}); empty (not written) when none
 */
public record BackgroundFacts(String workload, long intervalMillis, Phase quiet, Phase marked,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Double tpsDipPercent,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String error,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Phase preparing,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) java.util.Map<String, Long> errorsByCode) {
    public BackgroundFacts {
        errorsByCode = errorsByCode == null ? java.util.Map.of() : new java.util.TreeMap<>(errorsByCode);
    }

    /**
     * The background's intervals of one kind.
     *
     * @param intervals how many
     * @param seconds   their total length, s
     * @param tps       background events per second over them, or null when they last 0 s
     * @param p95Millis 95th percentile event latency, ms, or null without events
     * @param p99Millis 99th percentile event latency, ms, or null without events
     * @param maxMillis longest event latency, ms, or null without events
     */
    public record Phase(int intervals, double seconds, Double tps, Double p95Millis, Double p99Millis,
                        Double maxMillis) {
    }
}
