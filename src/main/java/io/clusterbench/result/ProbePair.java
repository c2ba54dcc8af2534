package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * The stale-read probe's counts of one ordered node pair (writer A → reader B) at one consistency level. Every requested sample ends
 * as exactly one of: a first read ({@code samples}), a blocked step ({@code blockedCommits + blockedReads}), or
 * an error ({@code errors}).
 *
 * <p>Immutable.
 *
 * @param writer         node name of A
 * @param reader         node name of B
 * @param samples        first reads taken (= fresh + stale)
 * @param stale          first reads that did not return the marker just committed on A
 * @param timeouts       stale reads whose marker was still not visible on B when the visibility timeout ran out
 * @param errors         samples lost to an error other than a blocked step; not in {@code samples}
 * @param blockedCommits marker commits on A that hit the step timeout (A frozen, e.g. waiting for a global read
 *                       lock); not in {@code samples}
 * @param blockedReads   first reads on B that hit the step timeout or ended in a causal-read timeout (1205 under
 *                       {@code wsrep_sync_wait > 0}); not in {@code samples}
 * @param blockedMillis  wall time the probe spent in this pair's blocked steps (ms)
 */
public record ProbePair(String writer, String reader, long samples, long stale, long timeouts, long errors,
                         long blockedCommits, long blockedReads, long blockedMillis) {

    /** @return stale ÷ samples × 100 of this pair, 0 without samples (in probe.json as {@code staleRatePercent}) */
    @JsonProperty("staleRatePercent")
    public double staleRatePercent() {
        return samples == 0 ? 0 : 100.0 * stale / samples;
    }

    /** @return the 95% Wilson score interval of this pair's stale rate, [low, high] in % */
    @JsonProperty(value = "staleRateCi95Percent", access = JsonProperty.Access.READ_ONLY)
    public List<Double> staleRateCi95Percent() {
        double[] ci = Wilson.interval(stale, samples, Wilson.Z95);
        return List.of(100 * ci[0], 100 * ci[1]);
    }

    /** @return blocked commits + blocked reads */
    public long blocked() {
        return blockedCommits + blockedReads;
    }
}
