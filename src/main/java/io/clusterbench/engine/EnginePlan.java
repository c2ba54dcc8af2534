package io.clusterbench.engine;

import io.clusterbench.db.Target;

import java.time.Duration;

/**
 * How hard and how long to drive a workload. Immutable; every value is explicit.
 *
 * @param threads        worker threads, &ge; 1
 * @param time           measured duration; {@link Duration#ZERO} for no time limit
 * @param events         measured events to run; 0 for no limit (the run stops at whichever limit comes first)
 * @param warmup         time run before measuring starts; its statistics are discarded
 * @param rateEventsPerSecond total intended events/s over all threads (open loop); 0 for closed loop
 * @param sampleInterval interval between samples (report lines and on-disk intervals), &gt; 0
 * @param errors         statement errors that restart the event
 * @param seed           resolved random seed (never 0)
 * @param target         where sessions connect
 * @param firstWorker    global index of this process's first worker (a shard of a run started on several
 *                       clients, {@code --shard}); worker {@code i} draws from seed and index {@code firstWorker + i},
 *                       so N shards draw the keys the whole run would; 0 for an unsharded run
 * @param startAtEpochMillis wall-clock start (ms since the Unix epoch, {@code --start-at}): the workers start
 *                       then, once their sessions are open, so shards on several hosts begin together; 0 = at once
 * @param reconnectEveryEvents each worker closes and reopens its connection after every N of its events
 *                       (sysbench's {@code --reconnect=N}; counted as reconnects); 0 = never
 * @param giveUp         how long every endpoint may stay unreachable before the run stops ({@link Unreachable});
 *                       {@link Duration#ZERO} for never
 */
public record EnginePlan(int threads, Duration time, long events, Duration warmup, double rateEventsPerSecond,
                         Duration sampleInterval, ErrorPolicy errors, long seed, Target target, int firstWorker,
                         long startAtEpochMillis, long reconnectEveryEvents, Duration giveUp) {

    /** An unsharded plan that starts as soon as its sessions are open, giving up after the default time. */
    public EnginePlan(int threads, Duration time, long events, Duration warmup, double rateEventsPerSecond,
                      Duration sampleInterval, ErrorPolicy errors, long seed, Target target) {
        this(threads, time, events, warmup, rateEventsPerSecond, sampleInterval, errors, seed, target, 0, 0, 0,
                DEFAULT_GIVE_UP);
    }

    /** The default give-up time ({@code io.clusterbench.Defaults.GIVE_UP_SECONDS}). */
    public static final Duration DEFAULT_GIVE_UP = Duration.ofSeconds(io.clusterbench.Defaults.GIVE_UP_SECONDS);

    /** An open-loop event counts as late when it starts more than this after its intended start. */
    public static final Duration LATE_THRESHOLD = Duration.ofMillis(1);
}
