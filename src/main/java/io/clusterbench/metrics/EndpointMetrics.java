package io.clusterbench.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's per-endpoint measurements: event latency and counts of events, errors, hits and misses for
 * each endpoint slot (the endpoints of the target, in order, plus one slot for anything else).
 *
 * <p>Latency per endpoint is recorded only when the target has more than one endpoint: with one, every event's
 * latency is already in the worker's event histogram ({@link WorkerMetrics}), and a second recorder would
 * double the per-event histogram cost for nothing ({@link EndpointHub#totals} takes the run's event histogram
 * instead). The latency recorders are shared by all workers ({@link StripedHistogram}, one per slot, owned by
 * the {@link EndpointHub}); the counters are this worker's own.
 *
 * <p>Single writer: only the owning worker calls {@link #event}, {@link #error} and {@link #outcome}; they do
 * not lock, wait or allocate. One reader (the coordinator) may call {@link #read} concurrently. Made by
 * {@link EndpointHub#newWorker()}.
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
    /** Per slot (shared), or null when latency is not recorded per endpoint. */
    private final StripedHistogram[] latency;
    private final int stripe;
    private final int slots;
    private final long[] counters;

    /**
     * @param slots   endpoint slots, &ge; 1
     * @param latency per slot, the shared latency recorders; null when not recorded per slot
     * @param stripe  this worker's stripe of {@code latency}
     */
    EndpointMetrics(int slots, StripedHistogram[] latency, int stripe) {
        this.latency = latency;
        this.stripe = stripe;
        this.slots = slots;
        this.counters = new long[slots * COUNTERS];
    }

    /** @return the number of endpoint slots */
    public int slots() {
        return slots;
    }

    /** Records one completed event of {@code micros} on endpoint {@code slot}. Writer only. */
    public void event(int slot, long micros) {
        if (latency != null) {
            latency[slot].record(stripe, micros);
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

    private void add(int slot, int counter) {
        int i = slot * COUNTERS + counter;
        SLOTS.setOpaque(counters, i, counters[i] + 1);
    }
}
