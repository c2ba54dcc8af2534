package io.clusterbench.workload;

import io.clusterbench.db.Target;

import java.util.SplittableRandom;

/**
 * What a session gets from the engine: its index, where to connect and a seeded random source.
 *
 * <p>Immutable, but {@code random} is confined to the session's worker thread.
 *
 * @param workerIndex 0-based worker number; connection {@code workerIndex} goes to endpoint
 *                    {@code workerIndex mod endpoints}
 * @param target      where to connect
 * @param random      this worker's generator, seeded from {@code --rand-seed} and {@code workerIndex}
 */
public record SessionContext(int workerIndex, Target target, SplittableRandom random) {

    /**
     * The per-worker generator: the same run seed and worker index always give the same sequence.
     *
     * @param runSeed     the resolved {@code --rand-seed} (never 0 here: 0 is replaced by a time-based seed)
     * @param workerIndex 0-based worker number
     * @return a new generator
     */
    public static SplittableRandom randomFor(long runSeed, int workerIndex) {
        return new SplittableRandom(runSeed * 0x9E3779B97F4A7C15L + workerIndex * 0xBF58476D1CE4E5B9L + 1);
    }
}
