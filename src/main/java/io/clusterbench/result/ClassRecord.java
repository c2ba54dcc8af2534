package io.clusterbench.result;

/**
 * One statement class over the measured run. Immutable.
 *
 * @param name           class name, e.g. {@code point_select}
 * @param statements     statements executed (including those in restarted events)
 * @param hits           statements meant to find a row that found one
 * @param misses         statements meant to find a row that found none
 * @param hitRatePercent hits / (hits + misses) × 100, or null when the class targets no row
 * @param latency        statement latency
 * @param histogram      the latency histogram, HdrHistogram compressed encoding in Base64 (µs)
 * @param rows           rows the class's statements returned (reads) or affected (writes), as the workload
 *                       reports them; 0 for workloads that do not (OLTP)
 */
public record ClassRecord(String name, long statements, long hits, long misses, Double hitRatePercent,
                          LatencySummary latency, String histogram, long rows) {
}
