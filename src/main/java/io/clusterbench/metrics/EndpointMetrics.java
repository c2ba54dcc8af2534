package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's per-endpoint measurements: event latency and counts of events, errors, hits and misses for
 * each endpoint slot (the endpoints of the target, in order, plus one slot for anything else).
 *
 * <p>Single writer: only the owning worker calls {@link #event}, {@link #error} and {@link #outcome}; they do
 * not lock and do not allocate once the packed histograms have grown. One reader (the coordinator) may call
 * {@link #read} and {@link #intervalHistogram} concurrently.
 */
public final class EndpointMetrics {
    /** Counter: completed events. */
    public static final int EVENTS = 0;
    /** Counter: failed statements. */
    public static final int ERRORS = 1;
    /** Counter: statements that found their row. */
    public static final int HITS = 2;
    /** Counter: statements that found no row. */
    public static final int MISSES = 3;
    private static final int COUNTERS = 4;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    private final SingleWriterRecorder[] latency;
    private final long[] counters;

    /** @param slots endpoint slots, &ge; 1 */
    public EndpointMetrics(int slots) {
        this.latency = new SingleWriterRecorder[slots];
        for (int i = 0; i < slots; i++) {
            latency[i] = new SingleWriterRecorder(WorkerMetrics.SIGNIFICANT_DIGITS, true);
        }
        this.counters = new long[slots * COUNTERS];
    }

    /** @return the number of endpoint slots */
    public int slots() {
        return latency.length;
    }

    /** Records one completed event of {@code micros} on endpoint {@code slot}. Writer only. */
    public void event(int slot, long micros) {
        latency[slot].recordValue(Math.max(1, Math.min(micros, WorkerMetrics.HIGHEST_TRACKABLE_MICROS)));
        add(slot, EVENTS);
    }

    /** Counts one failed statement on endpoint {@code slot}. Writer only. */
    public void error(int slot) {
        add(slot, ERRORS);
    }

    /** Counts a hit ({@code hit}) or a miss on endpoint {@code slot}. Writer only. */
    public void outcome(int slot, boolean hit) {
        add(slot, hit ? HITS : MISSES);
    }

    /** @return a cumulative counter of one slot; any one reader */
    public long read(int slot, int counter) {
        return (long) SLOTS.getOpaque(counters, slot * COUNTERS + counter);
    }

    /** Swaps out the slot's latency histogram since the last call. Reader only. */
    public Histogram intervalHistogram(int slot) {
        return latency[slot].getIntervalHistogram();
    }

    private void add(int slot, int counter) {
        int i = slot * COUNTERS + counter;
        SLOTS.setOpaque(counters, i, counters[i] + 1);
    }
}
