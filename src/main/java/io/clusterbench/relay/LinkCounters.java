package io.clusterbench.relay;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the relay carried on one directed link ({@code n1>n3}) since the daemon started: bytes, chunks and the
 * delay it added to them (from the moment a chunk was read to the moment it was written, so it includes the
 * relay's own overhead). Monotonic counters; readers take differences between two readings.
 *
 * <p>Thread-safe: any number of pumps add, one reader reads.
 */
public final class LinkCounters {
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong chunks = new AtomicLong();
    final AtomicLong addedMicrosSum = new AtomicLong();
    final AtomicLong addedMicrosMax = new AtomicLong();

    /** Records one chunk written {@code addedNanos} after it was read. */
    void add(int length, long addedNanos) {
        bytes.addAndGet(length);
        chunks.incrementAndGet();
        long micros = addedNanos / 1000;
        addedMicrosSum.addAndGet(micros);
        addedMicrosMax.accumulateAndGet(micros, Math::max);
    }

    /** @return a reading: bytes, chunks, added µs summed over chunks, largest added µs */
    public RelayStats.Link read(String name) {
        return new RelayStats.Link(name, bytes.get(), chunks.get(), addedMicrosSum.get(), addedMicrosMax.get());
    }
}
