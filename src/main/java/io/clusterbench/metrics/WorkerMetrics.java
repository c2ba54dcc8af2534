package io.clusterbench.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's measurements: a block of cumulative counters of its own, and its stripe of the run's shared
 * latency recorders ({@link RunLatency}: event latency, and one recorder per statement class the workload
 * actually uses, created on the class's first statement).
 *
 * <p>Single writer: only the owning worker thread calls the {@code record*} and {@link #add} methods; they
 * neither lock, wait nor allocate (counters are plain loads and opaque stores, as sysbench's
 * {@code sb_counter.h}; latencies are atomic increments in a stripe, see {@link StripedHistogram}). Any one
 * reader thread (the reporter) may call {@link #read} concurrently; it sees each counter's latest or a recent
 * value. Made by {@link MetricsHub#newWorker()}.
 */
public final class WorkerMetrics {
    /** Largest latency a histogram tracks: one hour, in microseconds. */
    public static final long HIGHEST_TRACKABLE_MICROS = StripedHistogram.HIGHEST_TRACKABLE_MICROS;
    /** Significant decimal digits of event latency histograms (values within 0.1%). */
    public static final int SIGNIFICANT_DIGITS = 3;
    /** Significant decimal digits of per-statement-class histograms (values within 1%): 25 KB per recorder. */
    public static final int CLASS_SIGNIFICANT_DIGITS = 2;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs on each side of the counters, so two workers' counters never share a cache line. */
    private static final int PAD = 16;

    private final RunLatency latency;
    private final int stripe;
    private final long[] counters;

    WorkerMetrics(RunLatency latency, int stripe, int classCount) {
        this.latency = latency;
        this.stripe = stripe;
        this.counters = new long[PAD + Counter.FIXED + classCount * Counter.PER_CLASS + PAD];
    }

    /** Adds {@code delta} to a counter slot ({@link Counter}). Writer thread only. */
    public void add(int slot, long delta) {
        int i = PAD + slot;
        SLOTS.setOpaque(counters, i, counters[i] + delta);
    }

    /** @return the current value of a counter slot; any thread */
    public long read(int slot) {
        return (long) SLOTS.getOpaque(counters, PAD + slot);
    }

    /** Records one event's latency in microseconds (clamped to [1, one hour]). Writer thread only. */
    public void recordEventMicros(long micros) {
        latency.events().record(stripe, micros);
    }

    /** Records one statement's latency in microseconds. Writer thread only. */
    public void recordStatementMicros(int classId, long micros) {
        latency.statementClass(classId).record(stripe, micros);
    }
}
