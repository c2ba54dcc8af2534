package io.clusterbench.result;

import java.util.Map;

/**
 * One endpoint's share of a run (per-endpoint results, docs/metrics.md "Per endpoint"). Immutable.
 *
 * @param endpoint       endpoint label as given ({@code host:port} or socket), or {@code other}
 * @param node           the cluster member behind it (e.g. {@code wsrep_node_name}), or "" when unknown
 * @param events         events completed on this endpoint
 * @param tps            events per measured second of the run
 * @param latency        latency of those events
 * @param errors         failed statements on this endpoint, all codes
 * @param errorsByCode   errors by {@code code/sqlstate}
 * @param hits           statements that found their row
 * @param misses         statements that found no row
 * @param hitRatePercent hits / (hits + misses) × 100, or null when nothing targeted a row
 */
public record EndpointRecord(String endpoint, String node, long events, double tps, LatencySummary latency,
                             long errors, Map<String, Long> errorsByCode, long hits, long misses,
                             Double hitRatePercent) {

    /**
     * @param t               the engine's totals for one endpoint
     * @param node            member name behind the endpoint, or ""
     * @param measuredSeconds the run's measured time, &gt; 0
     * @return the record
     */
    public static EndpointRecord of(io.clusterbench.metrics.EndpointTotals t, String node, double measuredSeconds) {
        long targeted = t.hits() + t.misses();
        return new EndpointRecord(t.endpoint(), node, t.events(), t.events() / Math.max(1e-9, measuredSeconds),
                LatencySummary.of(t.latency()), t.errors(), new java.util.TreeMap<>(t.errorsByCode()), t.hits(),
                t.misses(), targeted == 0 ? null : 100.0 * t.hits() / targeted);
    }
}
