package io.clusterbench.ab;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The verdict of one side against the baseline at one thread count: side/baseline ratios of the runs paired by
 * block. In the field names A is the baseline and B the compared side (a two-sided comparison has one verdict per
 * thread count, B against A, as before sides had names). Immutable.
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
 * @param side              B's name; null in results written before sides had names (then B)
 * @param baseline          A's name, the baseline; null in results written before sides had names (then A)
 * @param confidence        the level of the ratios' intervals: 0.95 shared by the comparisons of a thread count
 *                          (Bonferroni, {@link PairedRatio#simultaneous}); null in results written before it (then
 *                          0.95)
 */
public record ThreadVerdict(int threads, PairedRatio tps, PairedRatio p95, PairedRatio p99,
                            PairedRatio serverCpuPerEvent, double medianTpsA, double medianTpsB,
                            double medianP95MicrosA, double medianP95MicrosB, String outcome,
                            @JsonInclude(JsonInclude.Include.NON_NULL) ExplainChange explain,
                            @JsonInclude(JsonInclude.Include.NON_NULL) io.clusterbench.result.Validity validity,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String side,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String baseline,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double confidence) {

    /** @return the compared side's name: {@code side}, or B for a result written before sides had names */
    public String sideName() {
        return side != null ? side : Side.B.name();
    }

    /** @return the baseline's name: {@code baseline}, or A for a result written before sides had names */
    public String baselineName() {
        return baseline != null ? baseline : Side.A.name();
    }

    /** @return the intervals' confidence level: {@code confidence}, or 0.95 for a result written before it */
    public double level() {
        return confidence != null ? confidence : PairedRatio.CONFIDENCE;
    }
}
