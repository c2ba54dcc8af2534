package io.clusterbench.anomaly;

import java.util.function.LongSupplier;

/**
 * The time origin of one history: microseconds of a monotonic clock since the origin, and the wall-clock time of the
 * origin so a reader can place the history in time.
 *
 * <p>Thread-safe (immutable; the clock source must be thread-safe, as {@code System::nanoTime} is).
 */
public final class HistoryClock {
    private final LongSupplier nanos;
    private final long originNanos;
    private final long startEpochMillis;

    /**
     * @param nanos            monotonic nanoseconds (e.g. {@code System::nanoTime})
     * @param startEpochMillis wall-clock ms since the epoch at the moment of construction
     */
    public HistoryClock(LongSupplier nanos, long startEpochMillis) {
        this.nanos = nanos;
        this.originNanos = nanos.getAsLong();
        this.startEpochMillis = startEpochMillis;
    }

    /** @return a clock on {@code System.nanoTime}, its origin now */
    public static HistoryClock start() {
        return new HistoryClock(System::nanoTime, System.currentTimeMillis());
    }

    /** @return microseconds since the origin (never negative for a monotonic source) */
    public long micros() {
        return (nanos.getAsLong() - originNanos) / 1_000;
    }

    /** @return the wall-clock time of the origin, ms since the epoch */
    public long startEpochMillis() {
        return startEpochMillis;
    }
}
