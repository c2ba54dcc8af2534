package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker's measurements: an event-latency recorder, one recorder per statement class the worker has used,
 * and a block of cumulative counters.
 *
 * <p>Memory: the recorders are auto-resizing, so each holds only the value range it has seen (a 1 ms–100 ms
 * spread at 3 digits is about 50 KB per histogram, against 180 KB for a fixed one-hour range), and a class
 * recorder is created on the class's first statement, so a workload that uses one of its eleven classes
 * keeps one. A recorder holds two histograms and the reader keeps one more per recorder for reuse.
 *
 * <p>Single writer: only the owning worker thread calls the {@code record*} and {@link #add} methods;
 * they neither lock nor allocate (counters are plain loads and opaque stores, as sysbench's
 * {@code sb_counter.h}). Any one reader thread (the reporter) may call {@link #read} and
 * {@link #intervalEventHistogram} concurrently; it sees each counter's latest or a recent value.
 */
public final class WorkerMetrics {
    /** Largest latency a histogram tracks: one hour, in microseconds. */
    public static final long HIGHEST_TRACKABLE_MICROS = 3_600_000_000L;
    /** Significant decimal digits of event latency histograms (values within 0.1%). */
    public static final int SIGNIFICANT_DIGITS = 3;
    /**
     * Significant decimal digits of per-statement-class histograms (values within 1%): 26 KB per class per
     * worker instead of 188 KB, so 1024 workers with nine classes stay under half a gigabyte.
     */
    public static final int CLASS_SIGNIFICANT_DIGITS = 2;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int PAD = 16;

    private static final VarHandle RECORDERS = MethodHandles.arrayElementVarHandle(SingleWriterRecorder[].class);
    private final SingleWriterRecorder events;
    /** Per class, created by the writer on first use and published with a release store. */
    private final SingleWriterRecorder[] classes;
    private final long[] counters;

    /** @param classCount number of statement classes of the workload, &ge; 0 */
    public WorkerMetrics(int classCount) {
        this.events = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        this.classes = new SingleWriterRecorder[classCount];
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
        events.recordValue(clamp(micros));
    }

    /** Records one statement's latency in microseconds. Writer thread only. */
    public void recordStatementMicros(int classId, long micros) {
        SingleWriterRecorder r = classes[classId];
        if (r == null) {
            r = new SingleWriterRecorder(CLASS_SIGNIFICANT_DIGITS);
            RECORDERS.setRelease(classes, classId, r);
        }
        r.recordValue(clamp(micros));
    }

    /**
     * Swaps out the event histogram of the interval that just ended. Reporter thread only.
     *
     * @param recycle a histogram previously returned by this method for this worker, or {@code null}
     */
    public Histogram intervalEventHistogram(Histogram recycle) {
        return events.getIntervalHistogram(recycle);
    }

    /**
     * Swaps out one class's interval histogram. Reporter thread only.
     *
     * @return the interval's histogram, or null when the worker never ran a statement of this class
     */
    public Histogram intervalClassHistogram(int classId, Histogram recycle) {
        SingleWriterRecorder r = (SingleWriterRecorder) RECORDERS.getAcquire(classes, classId);
        return r == null ? null : r.getIntervalHistogram(recycle);
    }

    /** @return the number of statement classes */
    public int classCount() {
        return classes.length;
    }

    private static long clamp(long micros) {
        return micros < 1 ? 1 : Math.min(micros, HIGHEST_TRACKABLE_MICROS);
    }
}
