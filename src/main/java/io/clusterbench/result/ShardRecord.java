package io.clusterbench.result;

/**
 * One shard's part of a run split over several client processes ({@code --shard I/N}), as kept in the
 * shard's result.json under {@code observerFacts.shard}; {@code merge} reads it to check that shards belong
 * to one run and to measure how far apart they started. Immutable.
 *
 * @param index                    0-based shard number
 * @param count                    number of shards of the run
 * @param host                     host name of the client that ran the shard
 * @param node                     Kubernetes node the pod ran on ({@code NODE_NAME}), or "" outside Kubernetes
 * @param startAtEpochMillis       {@code --start-at} of this step, ms since the Unix epoch (0 = none)
 * @param wholeThreads             the whole run's worker threads
 * @param firstWorker              global index of this shard's first worker
 * @param wholeEvents              the whole run's {@code --events} (0 = no limit)
 * @param wholeRateEventsPerSecond the whole run's {@code --rate} (0 = closed loop)
 * @param serverClockOffsetMillis  the server's clock minus this client's, in ms, read just before the step
 *                                 ({@code UNIX_TIMESTAMP(NOW(6))} against the midpoint of the round trip); null
 *                                 when it could not be read
 * @param clockUncertaintyMillis   half the round trip of that reading, ms: the offset is right within this
 */
public record ShardRecord(int index, int count, String host, String node, long startAtEpochMillis, int wholeThreads,
                          int firstWorker, long wholeEvents, double wholeRateEventsPerSecond,
                          Double serverClockOffsetMillis, Double clockUncertaintyMillis) {
}
