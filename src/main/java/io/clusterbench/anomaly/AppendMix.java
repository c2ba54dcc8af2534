package io.clusterbench.anomaly;

import io.clusterbench.UserException;

/**
 * The shape of the list-append transactions a generator makes.
 *
 * <p>Immutable.
 *
 * @param activeKeys       keys in play at once, &ge; 1 (fewer keys: more contention, more anomalies to see)
 * @param maxAppendsPerKey appends after which a key is retired and a fresh key takes its place, &ge; 1 (keeps lists,
 *                         rows and the checker's work per read short)
 * @param minOps           micro-operations per transaction, at least, &ge; 1
 * @param maxOps           micro-operations per transaction, at most, &ge; minOps
 * @param readShare        probability that a micro-operation is a read, 0–1
 */
public record AppendMix(int activeKeys, int maxAppendsPerKey, int minOps, int maxOps, double readShare) {
    /** Jepsen-like defaults: 8 keys, 64 appends per key, 1–4 operations, half reads. */
    public static final AppendMix DEFAULT = new AppendMix(8, 64, 1, 4, 0.5);

    /** @throws UserException for a value out of its range */
    public AppendMix {
        if (activeKeys < 1 || maxAppendsPerKey < 1 || minOps < 1 || maxOps < minOps || !(readShare >= 0)
                || readShare > 1) {
            throw new UserException("invalid list-append mix: " + activeKeys + " keys, " + maxAppendsPerKey
                    + " appends per key, " + minOps + "-" + maxOps + " operations, read share " + readShare,
                    "give at least 1 key, 1 append per key, 1 <= min <= max operations and a read share from 0 to 1");
        }
    }
}
