package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * One endpoint's measured totals (warmup excluded).
 *
 * <p>Immutable by convention (the histogram is fresh and never changed after it is handed out).
 *
 * @param endpoint     endpoint label ({@code host:port} or socket), or {@code other}
 * @param events       events completed on it
 * @param errors       failed statements on it
 * @param hits         statements that found their row
 * @param misses       statements that found no row
 * @param latency      event latencies (µs) of the events completed on it
 * @param errorsByCode errors by {@code code/sqlstate}
 */
public record EndpointTotals(String endpoint, long events, long errors, long hits, long misses, Histogram latency,
                             Map<String, Long> errorsByCode) {
}
