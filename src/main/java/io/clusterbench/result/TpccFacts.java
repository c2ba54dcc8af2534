package io.clusterbench.result;

import java.util.Map;

/**
 * What the {@code tpcc} observer found over a TPC-C run: the {@code observerFacts.tpcc} object of a run in
 * {@code result.json} (docs/metrics.md, TPC-C). Written by {@code workload.tpcc.TpccObserver}, read by the
 * report; both name the fields through this record. Immutable.
 *
 * @param tpmC                    committed New-Order transactions per measured minute
 * @param nopm                    growth of SUM(d_next_o_id) per measured minute (the server's count of new orders), or
 *                                null when the database could not be read at the start or end
 * @param newOrdersCommitted      New-Order transactions committed while measuring
 * @param expectedRollbacks       New-Order transactions rolled back on purpose (TPC-C 2.4.1.4: 1%)
 * @param expectedRollbackPercent expected rollbacks as a percent of New-Order attempts, 0-100
 * @param dNextOIdSumStart        SUM(d_next_o_id) over every district at the start, or -1 when unread
 * @param dNextOIdSumEnd          the same at the last reading, or -1 when unread
 * @param observedSeconds         measured seconds the rates are divided by (the run's measured time once the step
 *                                ended, {@link #overMeasured})
 * @param committedByType         committed transactions per type label ({@code new_order}, {@code payment}, ...)
 * @param nopmEndpoint            the endpoint the sums were read on
 * @param failedReadings          readings of the sum that failed
 */
public record TpccFacts(double tpmC, Double nopm, long newOrdersCommitted, long expectedRollbacks,
                        double expectedRollbackPercent, long dNextOIdSumStart, long dNextOIdSumEnd,
                        double observedSeconds, Map<String, Long> committedByType, String nopmEndpoint,
                        long failedReadings) {

    /** Copies {@code committedByType} (null = empty), keeping its order. */
    public TpccFacts {
        committedByType = committedByType == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(committedByType));
    }

    /**
     * @param measuredSeconds the step's measured time ({@code summary.measuredSeconds}), &gt; 0
     * @return these figures with tpmC and NOPM divided by the measured minutes (docs/metrics.md, TPC-C), not by the
     *         observer's sampled seconds, which run past the measured end by the final sample's delay
     */
    public TpccFacts overMeasured(double measuredSeconds) {
        double minutes = Math.max(1e-9, measuredSeconds / 60);
        Double n = nopm == null ? null : (dNextOIdSumEnd - dNextOIdSumStart) / minutes;
        return new TpccFacts(newOrdersCommitted / minutes, n, newOrdersCommitted, expectedRollbacks,
                expectedRollbackPercent, dNextOIdSumStart, dNextOIdSumEnd, measuredSeconds, committedByType,
                nopmEndpoint, failedReadings);
    }
}
