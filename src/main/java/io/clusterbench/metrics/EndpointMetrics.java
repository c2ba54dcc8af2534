package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's per-endpoint measurements: event latency and counts of events, errors, hits and misses for
 * each endpoint slot (the endpoints of the target, in order, plus one slot for anything else).
 *
 * <p>Latency per endpoint is recorded only when the target has more than one endpoint: with one, every event's
 * latency is already in the worker's event histogram ({@link WorkerMetrics}), and a second recorder would
 * double the per-event histogram cost and memory for nothing ({@link EndpointHub#totals} takes the run's
 * event histogram instead).
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
    /** Per slot, or null when latency is not recorded per endpoint. */
    private final SingleWriterRecorder[] latency;
    private final int slots;
    private final long[] counters;

    /**
     * @param slots          endpoint slots, &ge; 1
     * @param latencyPerSlot true to record a latency histogram per slot (targets with several endpoints)
     */
    public EndpointMetrics(int slots, boolean latencyPerSlot) {
        this.latency = latencyPerSlot ? new SingleWriterRecorder[slots] : null;
        if (latencyPerSlot) {
            for (int i = 0; i < slots; i++) {
                latency[i] = new SingleWriterRecorder(WorkerMetrics.SIGNIFICANT_DIGITS, true);
            }
        }
        this.slots = slots;
        this.counters = new long[slots * COUNTERS];
    }

    /** @return true when latency is recorded per slot ({@link #intervalHistogram} answers) */
    public boolean latencyPerSlot() {
        return latency != null;
    }

    /** @return the number of endpoint slots */
    public int slots() {
        return slots;
    }

    /** Records one completed event of {@code micros} on endpoint {@code slot}. Writer only. */
    public void event(int slot, long micros) {
        if (latency != null) {
            latency[slot].recordValue(Math.max(1, Math.min(micros, WorkerMetrics.HIGHEST_TRACKABLE_MICROS)));
        }
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

    /** Swaps out the slot's latency histogram since the last call. Reader only; needs {@link #latencyPerSlot}. */
    public Histogram intervalHistogram(int slot) {
        return latency[slot].getIntervalHistogram();
    }

    private void add(int slot, int counter) {
        int i = slot * COUNTERS + counter;
        SLOTS.setOpaque(counters, i, counters[i] + 1);
    }
}
