package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.runner.ShardSpec;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * {@code --shard I/N}, {@code --threads-per-shard} and {@code --start-at}: picocli mixin of {@code run} and
 * {@code sweep} for a run split over several client processes (docs/kubernetes.md).
 *
 * <p>Confined to the command's thread.
 */
final class ShardOptions {
    /** The latest {@code --start-at} accepted, ahead of now: a later one is a typo, not a plan. */
    static final long MAX_WAIT_MILLIS = 24L * 3600 * 1000;

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

    /**
     * @param sweep       true for {@code sweep}
     * @param timeSeconds {@code --time} (a sharded sweep needs one, to place its steps)
     * @param problems    receives every problem found
     * @return the spec, or {@link ShardSpec#NONE} for neither option (also when problems were found)
     */
    ShardSpec spec(boolean sweep, long timeSeconds, List<String> problems) {
        long at = 0;
        int[] shardOf = null;
        try {
            if (startAt != null) {
                at = ShardSpec.parseStartAt(startAt);
                if (at - System.currentTimeMillis() > MAX_WAIT_MILLIS) {
                    problems.add("--start-at " + startAt + " is more than 24 hours ahead; give the time the shards "
                            + "should start");
                }
            }
            if (shard != null) {
                shardOf = ShardSpec.parseShard(shard);
            }
        } catch (UserException e) {
            problems.add(e.getMessage());
        }
        if (shard != null && startAt == null) {
            problems.add("--shard needs --start-at so every shard starts at one instant, e.g. --start-at $(date -u -d "
                    + "'+1 min' +%FT%TZ)");
        }
        if (threadsPerShard != null && (shard == null || threadsPerShard < 1 || sweep)) {
            problems.add(sweep ? "--threads-per-shard is for run; a sweep splits each --threads value over the shards"
                    : "--threads-per-shard needs --shard and a value >= 1 (got " + threadsPerShard + ")");
        }
        if (sweep && startAt != null && timeSeconds <= 0) {
            problems.add("a sweep with --start-at needs --time > 0 to place each step's start");
        }
        if (!problems.isEmpty()) {
            return ShardSpec.NONE;
        }
        return new ShardSpec(shardOf == null ? 0 : shardOf[0], shardOf == null ? 0 : shardOf[1],
                threadsPerShard == null ? 0 : threadsPerShard, at);
    }

    /**
     * @return a seed every shard derives alike when {@code --rand-seed} is 0: from {@code --start-at} (never 0)
     */
    static long seedFrom(ShardSpec spec) {
        long x = spec.startAtEpochMillis() * 0x9E3779B97F4A7C15L;
        x ^= x >>> 31;
        return x == 0 ? 1 : x;
    }
}
