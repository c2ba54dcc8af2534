package io.clusterbench.probe;

import io.clusterbench.result.HostWindow;
import io.clusterbench.result.ProbeNodeSpell;
import io.clusterbench.result.ProbePair;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;

/**
 * The probe's outcome at one consistency level, over every ordered node pair.
 *
 * <p>Immutable by convention (histograms are not changed after the level finished).
 *
 * @param level          the level as given (e.g. {@code 1}), or {@code server default}
 * @param consistencyNote what the reader sessions were verified to run with
 * @param pairs          per ordered pair
 * @param readLatency    first-read latency on B (µs), from the read's start to its result
 * @param visibility     for stale first reads that became visible: time from A's commit acknowledgement until
 *                       the first read on B that returned the marker (µs)
 * @param writeLatency   autocommit marker UPDATE latency on A (µs)
 * @param errorsByCode   errors by {@code code/sqlstate}
 * @param durationSeconds wall time of the level
 * @param backgroundTps  events per second of the background workload while the level ran, or null without one
 * @param host           the host's CPU while the level ran, or null when not measured
 * @param nodeStates     each node's time out of Synced while the level ran, or null when states were not sampled
 */
public record LevelResult(String level, String consistencyNote, List<ProbePair> pairs, Histogram readLatency,
                          Histogram visibility, Histogram writeLatency, Map<String, Long> errorsByCode,
                          double durationSeconds, Double backgroundTps, HostWindow host,
                          List<ProbeNodeSpell> nodeStates) {

    /** @return a copy carrying the background workload's throughput */
    public LevelResult withBackgroundTps(Double tps) {
        return new LevelResult(level, consistencyNote, pairs, readLatency, visibility, writeLatency, errorsByCode,
                durationSeconds, tps, host, nodeStates);
    }

    /** @return a copy carrying what the host and the nodes went through while the level ran */
    public LevelResult withWindow(HostWindow cpu, List<ProbeNodeSpell> states) {
        return new LevelResult(level, consistencyNote, pairs, readLatency, visibility, writeLatency, errorsByCode,
                durationSeconds, backgroundTps, cpu, states);
    }
    /** @return first reads over all pairs */
    public long samples() {
        return pairs.stream().mapToLong(ProbePair::samples).sum();
    }

    /** @return stale first reads over all pairs */
    public long stale() {
        return pairs.stream().mapToLong(ProbePair::stale).sum();
    }

    /** @return stale reads never seen visible within the timeout */
    public long timeouts() {
        return pairs.stream().mapToLong(ProbePair::timeouts).sum();
    }

    /** @return samples lost to errors */
    public long errors() {
        return pairs.stream().mapToLong(ProbePair::errors).sum();
    }

    /** @return marker commits that hit the step timeout, over all pairs */
    public long blockedCommits() {
        return pairs.stream().mapToLong(ProbePair::blockedCommits).sum();
    }

    /** @return first reads that hit the step timeout or a causal-read timeout, over all pairs */
    public long blockedReads() {
        return pairs.stream().mapToLong(ProbePair::blockedReads).sum();
    }

    /** @return wall time spent in blocked steps (ms), over all pairs */
    public long blockedMillis() {
        return pairs.stream().mapToLong(ProbePair::blockedMillis).sum();
    }

    /** @return stale / samples, or 0 when there are no samples */
    public double staleRate() {
        return samples() == 0 ? 0 : (double) stale() / samples();
    }
}
