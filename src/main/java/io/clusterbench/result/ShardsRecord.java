package io.clusterbench.result;

import java.util.List;

/**
 * How the shards of a merged run went, kept in the merged result under {@code observerFacts.shards}
 * (docs/metrics.md, "Sharded runs"). Immutable.
 *
 * @param count                           shards merged
 * @param startAtEpochMillis              the run's {@code --start-at} for this step, ms since the Unix epoch
 * @param startSpreadMillis               latest minus earliest measured start stamp, each read on its own
 *                                        host's clock, ms
 * @param startSpreadOnServerClockMillis  the same spread with each stamp moved onto the server's clock by the
 *                                        shard's measured offset, ms; null when an offset is missing
 * @param clockSkewMillis                 largest minus smallest server-clock offset of the shards: how far the
 *                                        client hosts' clocks disagree, ms; null when an offset is missing
 * @param clockSkewUncertaintyMillis      the skew is right within this: the sum of the two largest offset
 *                                        uncertainties, ms; null with the skew
 * @param shards                          per shard, in shard order
 */
public record ShardsRecord(int count, long startAtEpochMillis, double startSpreadMillis,
                           Double startSpreadOnServerClockMillis, Double clockSkewMillis,
                           Double clockSkewUncertaintyMillis, List<Breakdown> shards) {

    /**
     * One shard's part of the merged run.
     *
     * @param index                   shard number
     * @param host                    client host name
     * @param node                    Kubernetes node, or ""
     * @param dir                     the shard's result folder as given to {@code merge}
     * @param threads                 its worker threads
     * @param firstWorker             global index of its first worker
     * @param events                  its measured events
     * @param tps                     its events per its measured second
     * @param latency                 its event latency
     * @param measuredStartEpochMillis its measured start on its host's clock, ms since the Unix epoch
     * @param startDelayMillis        measured start minus ({@code --start-at} + warmup), on its host's clock, ms
     * @param serverClockOffsetMillis server clock minus its host's clock, ms; null when not read
     * @param clockUncertaintyMillis  uncertainty of that offset, ms; null with it
     * @param status                  its run status
     * @param endpoints               its per-endpoint figures
     */
    public record Breakdown(int index, String host, String node, String dir, int threads, int firstWorker,
                            long events, double tps, LatencySummary latency, long measuredStartEpochMillis,
                            double startDelayMillis, Double serverClockOffsetMillis, Double clockUncertaintyMillis,
                            String status, List<EndpointRecord> endpoints) {
    }
}
