package io.clusterbench.runner;

import picocli.CommandLine.Option;

import java.util.List;

/**
 * {@code --shard I/N}, {@code --threads-per-shard} and {@code --start-at}: picocli mixin of {@code run} and
 * {@code sweep} for a run split over several client processes (docs/kubernetes.md).
 *
 * <p>Confined to the command's thread.
 */
public final class ShardOptions {
    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run shard I (0-based) of N client processes: this process runs its block of the whole "
                    + "run's --threads, its share of --events and --rate; the key sequences are the whole run's "
                    + "(same seed, global worker numbers). Needs --start-at. Merge the N results with "
                    + "'clusterbench merge'. Default: not sharded.")
    String shard;

    @Option(names = "--threads-per-shard", paramLabel = "N",
            description = "With --shard (run only): each shard runs N threads and the whole run N x shards; "
                    + "without it --threads is the whole run's count. Default: split --threads.")
    Integer threadsPerShard;

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "Wall-clock start (ISO-8601 UTC such as 2026-11-30T19:30:00Z, or seconds since the epoch): "
                    + "sessions open first, then the workers start at TIME, so shards on several hosts begin "
                    + "together and their intervals align; a sweep's step s starts at TIME + s x (warmup + time + "
                    + ShardSpec.SWEEP_SLOT_MARGIN_SECONDS + " s). Default: start at once.")
    String startAt;

    /** @see ShardSpec#of */
    ShardSpec spec(boolean sweep, long timeSeconds, List<String> problems) {
        return ShardSpec.of(shard, threadsPerShard, startAt, sweep, timeSeconds, problems);
    }
}
