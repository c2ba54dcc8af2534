package io.clusterbench.runner;

import io.clusterbench.UserException;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * Which part of a run this process drives ({@code --shard I/N}) and when the whole run starts
 * ({@code --start-at}). A run split over N client processes keeps the whole run's thread count, event
 * budget, open-loop rate and seed; each shard takes a contiguous block of the run's workers, so worker
 * {@code w} of the whole run draws the same keys whichever shard runs it, and the shards' figures add up to
 * the whole run's. Immutable.
 *
 * @param index              0-based shard number, {@code < count}
 * @param count              number of shards; 0 when the run is not sharded
 * @param threadsPerShard    {@code --threads-per-shard}: each shard's worker threads (the whole run has
 *                           {@code count ×} that many); 0 = split {@code --threads} over the shards
 * @param startAtEpochMillis {@code --start-at}, ms since the Unix epoch; 0 = start when the sessions are open
 */
public record ShardSpec(int index, int count, int threadsPerShard, long startAtEpochMillis) {
    /** Not sharded, no fixed start. */
    public static final ShardSpec NONE = new ShardSpec(0, 0, 0, 0);

    /**
     * Seconds between the fixed starts of consecutive sweep steps beyond the step's warmup and time: room for
     * the quiet wait and the connection ramp, so every shard can begin step {@code s} at the same instant.
     */
    public static final long SWEEP_SLOT_MARGIN_SECONDS = 15;
    /** The latest {@code --start-at} accepted, ahead of now, in ms: a later one is a typo, not a plan. */
    static final long MAX_WAIT_MILLIS = 24L * 3600 * 1000;

    public ShardSpec {
        if (count < 0 || (count > 0 && (index < 0 || index >= count)) || threadsPerShard < 0) {
            throw new IllegalArgumentException("shard " + index + "/" + count + ", threads per shard " + threadsPerShard);
        }
    }

    /** @return true when {@code --shard} was given */
    public boolean sharded() {
        return count > 0;
    }

    /**
     * @param threads {@code --threads} as given (one step's count)
     * @return the whole run's worker threads
     */
    public int wholeThreads(int threads) {
        return sharded() && threadsPerShard > 0 ? threadsPerShard * count : threads;
    }

    /**
     * @param wholeThreads the whole run's threads
     * @param shard        a shard number
     * @return the global index of that shard's first worker: shards take {@code wholeThreads / count} workers each,
     *         the first {@code wholeThreads % count} one more
     */
    static int firstWorker(int wholeThreads, int shard, int count) {
        int base = wholeThreads / count;
        return shard * base + Math.min(shard, wholeThreads % count);
    }

    /** @return this shard's first worker's global index (0 when not sharded) */
    public int firstWorker(int wholeThreads) {
        return sharded() ? firstWorker(wholeThreads, index, count) : 0;
    }

    /** @return this shard's worker threads (the whole run's when not sharded) */
    public int threadsOf(int wholeThreads) {
        return sharded() ? firstWorker(wholeThreads, index + 1, count) - firstWorker(wholeThreads, index, count)
                : wholeThreads;
    }

    /**
     * @param wholeEvents the whole run's {@code --events} (0 = no limit)
     * @return this shard's share, proportional to its workers; the shares sum to {@code wholeEvents} exactly
     */
    public long eventsOf(long wholeEvents, int wholeThreads) {
        if (!sharded() || wholeEvents <= 0) {
            return wholeEvents;
        }
        int from = firstWorker(wholeThreads);
        int to = from + threadsOf(wholeThreads);
        return share(wholeEvents, to, wholeThreads) - share(wholeEvents, from, wholeThreads);
    }

    private static long share(long total, int workers, int wholeThreads) {
        return java.math.BigInteger.valueOf(total).multiply(java.math.BigInteger.valueOf(workers))
                .divide(java.math.BigInteger.valueOf(wholeThreads)).longValue();
    }

    /** @return this shard's share of the whole run's open-loop rate (events/s), proportional to its workers */
    public double rateOf(double wholeRate, int wholeThreads) {
        return sharded() ? wholeRate * threadsOf(wholeThreads) / wholeThreads : wholeRate;
    }

    /**
     * @param stepIndex   0-based step of a sweep (0 for a run)
     * @param stepSeconds warmup plus measured seconds of one step
     * @return the wall-clock start of that step (ms since the epoch), or 0 when no {@code --start-at} was given
     */
    public long startAtOfStep(int stepIndex, long stepSeconds) {
        return startAtEpochMillis <= 0 ? 0
                : startAtEpochMillis + stepIndex * (stepSeconds + SWEEP_SLOT_MARGIN_SECONDS) * 1000L;
    }

    /**
     * Parses {@code --shard I/N}.
     *
     * @throws UserException when it is not two integers with 0 &le; I &lt; N
     */
    public static int[] parseShard(String spec) {
        String[] parts = spec.trim().split("/", -1);
        try {
            if (parts.length == 2) {
                int i = Integer.parseInt(parts[0].trim());
                int n = Integer.parseInt(parts[1].trim());
                if (n >= 1 && i >= 0 && i < n) {
                    return new int[]{i, n};
                }
            }
        } catch (NumberFormatException ignored) {
            // falls through to the refusal
        }
        throw new UserException("--shard '" + spec + "' is not I/N with 0 <= I < N",
                "e.g. --shard 0/4 for the first of four client processes");
    }

    /**
     * Parses {@code --start-at}: an ISO-8601 instant ({@code 2026-11-30T19:30:00Z}, offsets allowed) or seconds
     * since the Unix epoch (fractions allowed).
     *
     * @return ms since the Unix epoch
     * @throws UserException for anything else
     */
    public static long parseStartAt(String spec) {
        String s = spec.trim();
        try {
            if (s.matches("\\d+(\\.\\d+)?")) {
                return Math.round(Double.parseDouble(s) * 1000);
            }
            return java.time.OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new UserException("--start-at '" + spec + "' is not a time",
                    "give an ISO-8601 UTC time such as " + Instant.now().plusSeconds(60).truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                            + " or seconds since the epoch (date +%s)");
        }
    }

    /** @return e.g. {@code "shard 1/4 (workers 16-31 of 64)"}, or "" when not sharded */
    public String describe(int wholeThreads) {
        if (!sharded()) {
            return "";
        }
        int first = firstWorker(wholeThreads);
        return String.format(Locale.ROOT, "shard %d/%d (workers %d-%d of %d)", index, count, first,
                first + threadsOf(wholeThreads) - 1, wholeThreads);
    }

    /**
     * Parses and checks {@code --shard}, {@code --threads-per-shard} and {@code --start-at} together.
     *
     * @param shard           {@code --shard I/N}, or null
     * @param threadsPerShard {@code --threads-per-shard}, or null
     * @param startAt         {@code --start-at}, or null
     * @param sweep       true for {@code sweep}
     * @param timeSeconds {@code --time} (a sharded sweep needs one, to place its steps)
     * @param problems    receives every problem found
     * @return the spec, or {@link ShardSpec#NONE} for neither option (also when problems were found)
     */
    public static ShardSpec of(String shard, Integer threadsPerShard, String startAt, boolean sweep, long timeSeconds,
                               List<String> problems) {
        long at = 0;
        int[] shardOf = null;
        try {
            if (startAt != null) {
                at = parseStartAt(startAt);
                if (at - System.currentTimeMillis() > MAX_WAIT_MILLIS) {
                    problems.add("--start-at " + startAt + " is more than 24 hours ahead; give the time the shards "
                            + "should start");
                }
            }
            if (shard != null) {
                shardOf = parseShard(shard);
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
            return NONE;
        }
        return new ShardSpec(shardOf == null ? 0 : shardOf[0], shardOf == null ? 0 : shardOf[1],
                threadsPerShard == null ? 0 : threadsPerShard, at);
    }

    /**
     * @return a seed every shard derives alike when {@code --rand-seed} is 0: from {@code --start-at} (never 0)
     */
    public long sharedSeed() {
        long x = startAtEpochMillis * 0x9E3779B97F4A7C15L;
        x ^= x >>> 31;
        return x == 0 ? 1 : x;
    }
}
