package io.clusterbench.ab;

/**
 * The A/B verdict at one thread count: B/A ratios of the paired runs. Immutable.
 *
 * @param threads           worker threads
 * @param tps               B/A of events per second (higher is better for B)
 * @param p95               B/A of the 95th percentile latency (lower is better for B)
 * @param p99               B/A of the 99th percentile latency (lower is better for B)
 * @param serverCpuPerEvent B/A of server CPU per event (lower is better); null when a side's server is
 *                          not a local process
 * @param medianTpsA        median tps of side A over its runs at this thread count
 * @param medianTpsB        median tps of side B
 * @param medianP95MicrosA  median p95 of A, µs
 * @param medianP95MicrosB  median p95 of B, µs
 * @param outcome           {@code win}, {@code loss} or {@code tie} for B, by tps; {@code tie} also when
 *                          fewer than 2 pairs finished
 * @param explain           what changed in the servers' work ({@link ExplainChange}); null when the steps have no
 *                          explain facts (also in results written before them)
 * @param validity          the pair's validity verdict (docs/metrics.md, "Validity"): too few repeats, a difference
 *                          within the measured noise, and each side's run flags named with the side; null in
 *                          results written before it
 */
public record ThreadVerdict(int threads, PairedRatio tps, PairedRatio p95, PairedRatio p99,
                            PairedRatio serverCpuPerEvent, double medianTpsA, double medianTpsB,
                            double medianP95MicrosA, double medianP95MicrosB, String outcome,
                            @com.fasterxml.jackson.annotation.JsonInclude(
                                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) ExplainChange explain,
                            @com.fasterxml.jackson.annotation.JsonInclude(
                                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                            io.clusterbench.result.Validity validity) {
}
