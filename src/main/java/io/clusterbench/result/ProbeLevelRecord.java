package io.clusterbench.result;

import java.util.List;
import java.util.Map;

/**
 * One consistency level of the stale-read probe as {@code probe.json} holds it ({@code levels[]}); written by the
 * probe, read by {@code report} (docs/metrics.md, "Stale-read probe"). Units in the names.
 *
 * <p>Immutable.
 *
 * @param level                level as given ({@code 0}, {@code 1}, …) or {@code server default}
 * @param consistency          what the reader sessions were verified to run with
 * @param samples              first reads over all pairs (= fresh + stale)
 * @param staleReads           stale first reads over all pairs
 * @param freshReads           fresh first reads over all pairs
 * @param staleRatePercent     stale / samples × 100, 0 without samples
 * @param staleRateCi95Percent 95% Wilson score interval of the stale rate, [low, high] in %
 * @param visibilityTimeouts   stale reads whose marker was not visible within the visibility timeout
 * @param errors               samples lost to errors (not blocked steps)
 * @param blockedCommits       marker commits that hit the step timeout
 * @param blockedReads         first reads that hit the step timeout or a causal-read timeout
 * @param blockedMillis        wall time in blocked steps (ms)
 * @param errorsByCode         errors by {@code code/sqlstate}
 * @param visibility           visibility time of stale reads that became visible (µs)
 * @param readLatency          first-read latency on B (µs)
 * @param writeLatency         marker UPDATE latency on A (µs)
 * @param durationSeconds      wall time of the level (s)
 * @param backgroundTps        the background workload's events per second during the level, null without one
 * @param pairs                per ordered node pair, in probe order
 * @param host                 the host's CPU while the level ran; null in results written before it
 * @param nodeStates           each node's time out of Synced while the level ran (Galera only; empty when every node
 *                             answered Synced, null when states were not sampled)
 * @param validity             the level's validity verdict ({@link ProbeValidity#level}, docs/metrics.md, "Validity");
 *                             null in results written before it
 */
public record ProbeLevelRecord(String level, String consistency, long samples, long staleReads, long freshReads,
                               double staleRatePercent, List<Double> staleRateCi95Percent, long visibilityTimeouts,
                               long errors, long blockedCommits, long blockedReads, long blockedMillis,
                               Map<String, Long> errorsByCode, LatencySummary visibility, LatencySummary readLatency,
                               LatencySummary writeLatency, double durationSeconds, Double backgroundTps,
                               List<ProbePair> pairs, HostWindow host, List<ProbeNodeSpell> nodeStates,
                               Validity validity) {

    /** @return the same level with its validity verdict */
    public ProbeLevelRecord withValidity(Validity v) {
        return new ProbeLevelRecord(level, consistency, samples, staleReads, freshReads, staleRatePercent,
                staleRateCi95Percent, visibilityTimeouts, errors, blockedCommits, blockedReads, blockedMillis,
                errorsByCode, visibility, readLatency, writeLatency, durationSeconds, backgroundTps, pairs, host,
                nodeStates, v);
    }

    /** @return the lower bound of the 95% interval (%), 0 when absent */
    public double ciLowPercent() {
        return staleRateCi95Percent == null || staleRateCi95Percent.size() < 2 ? 0 : staleRateCi95Percent.get(0);
    }

    /** @return the upper bound of the 95% interval (%), 0 when absent */
    public double ciHighPercent() {
        return staleRateCi95Percent == null || staleRateCi95Percent.size() < 2 ? 0 : staleRateCi95Percent.get(1);
    }
}
