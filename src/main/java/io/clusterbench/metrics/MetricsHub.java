package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects interval samples from all workers' {@link WorkerMetrics} and the shared {@link ErrorCounts}.
 *
 * <p>Confined to one reporter thread: {@link #sample} and {@link #discard} must not be called
 * concurrently. Workers keep recording meanwhile; nothing they do waits for the reporter.
 */
public final class MetricsHub {
    private final List<WorkerMetrics> workers;
    private final ErrorCounts errors;
    private final int classCount;
    private final int slots;
    private final long[] lastTotals;
    private final long[][] lastPerWorker;
    private final long[][] baselinePerWorker;
    private final Histogram[] recycleEvents;
    private final Histogram[][] recycleClasses;
    private Map<String, Long> lastErrors = new HashMap<>();
    /** Error counts with their places at the last sample and at {@link #discard}. */
    private Map<String, Long> lastErrorDetail = Map.of();
    private Map<String, Long> baselineErrorDetail = Map.of();
    /** Event latencies (µs) of every interval sampled since {@link #discard}. */
    private final Histogram runEvents =
            new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);

    /**
     * @param workers    one entry per worker, in worker order
     * @param errors     the run's error counts
     * @param classCount statement classes of the workload
     */
    public MetricsHub(List<WorkerMetrics> workers, ErrorCounts errors, int classCount) {
        this.workers = workers;
        this.errors = errors;
        this.classCount = classCount;
        this.slots = Counter.FIXED + classCount * Counter.PER_CLASS;
        this.lastTotals = new long[slots];
        this.lastPerWorker = new long[workers.size()][slots];
        this.baselinePerWorker = new long[workers.size()][slots];
        this.recycleEvents = new Histogram[workers.size()];
        this.recycleClasses = new Histogram[workers.size()][classCount];
    }

    /** @return the error counts this hub reads */
    public ErrorCounts errors() {
        return errors;
    }

    /**
     * Takes the interval that ended now.
     *
     * @param startSeconds interval start since the measured start
     * @param endSeconds   interval end since the measured start
     * @param queueLength  open-loop queue length at the end, 0 in closed loop
     * @param lagSeconds   how late the interval is taken against its schedule
     * @param waiting      workers inside one event for the whole interval
     * @param longestWaitSeconds longest time a worker has been inside its current event
     * @return the interval's deltas and histograms
     */
    public IntervalSample sample(double startSeconds, double endSeconds, long queueLength, double lagSeconds,
                                 int waiting, double longestWaitSeconds) {
        Histogram events = new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
        Histogram[] classes = new Histogram[classCount];
        for (int c = 0; c < classCount; c++) {
            classes[c] = new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.CLASS_SIGNIFICANT_DIGITS);
        }
        long[] totals = new long[slots];
        for (int w = 0; w < workers.size(); w++) {
            WorkerMetrics m = workers.get(w);
            recycleEvents[w] = m.intervalEventHistogram(recycleEvents[w]);
            if (recycleEvents[w].getTotalCount() > 0) {
                events.add(recycleEvents[w]);
            }
            for (int c = 0; c < classCount; c++) {
                Histogram h = m.intervalClassHistogram(c, recycleClasses[w][c]);
                if (h == null) {
                    continue; // this worker never ran the class: nothing to swap
                }
                recycleClasses[w][c] = h;
                if (h.getTotalCount() > 0) { // most workloads use few of their classes
                    classes[c].add(recycleClasses[w][c]);
                }
            }
            for (int s = 0; s < slots; s++) {
                long v = m.read(s);
                lastPerWorker[w][s] = v;
                totals[s] += v;
            }
        }
        long[] delta = new long[slots];
        for (int s = 0; s < slots; s++) {
            delta[s] = totals[s] - lastTotals[s];
            lastTotals[s] = totals[s];
        }
        Map<String, Long> detail = errors.detail(); // one read: the code view and the place view agree
        lastErrorDetail = detail;
        Map<String, Long> now = ErrorCounts.byCode(detail);
        Map<String, Long> errorDelta = new HashMap<>();
        now.forEach((k, v) -> {
            long d = v - lastErrors.getOrDefault(k, 0L);
            if (d != 0) {
                errorDelta.put(k, d);
            }
        });
        lastErrors = now;
        runEvents.add(events);
        events.setStartTimeStamp((long) (startSeconds * 1000));
        events.setEndTimeStamp((long) (endSeconds * 1000));
        return new IntervalSample(startSeconds, endSeconds, workers.size(), delta, events, classes, errorDelta,
                queueLength, lagSeconds, waiting, longestWaitSeconds);
    }

    /** Drops everything recorded so far (end of warmup); the next sample starts from here. */
    public void discard() {
        sample(0, 0, 0, 0, 0, 0);
        runEvents.reset();
        baselineErrorDetail = lastErrorDetail;
        for (int w = 0; w < lastPerWorker.length; w++) {
            System.arraycopy(lastPerWorker[w], 0, baselinePerWorker[w], 0, slots);
        }
    }

    /**
     * @return error counts by their full key ({@link ErrorCounts#detail()}: code, and where a statement failed)
     *         between {@link #discard} and the last sample: the same window as the intervals' {@code errorsByCode}
     */
    public Map<String, Long> errorDetailSinceDiscard() {
        Map<String, Long> out = new java.util.TreeMap<>();
        lastErrorDetail.forEach((k, v) -> {
            long d = v - baselineErrorDetail.getOrDefault(k, 0L);
            if (d != 0) {
                out.put(k, d);
            }
        });
        return out;
    }

    /** @return event latencies (µs) of all intervals sampled since {@link #discard}; live, do not change */
    public Histogram runEventHistogram() {
        return runEvents;
    }

    /** @return per worker, the value of {@code slot} accumulated between {@link #discard} and the last sample */
    public long[] perWorker(int slot) {
        long[] values = new long[workers.size()];
        for (int w = 0; w < values.length; w++) {
            values[w] = lastPerWorker[w][slot] - baselinePerWorker[w][slot];
        }
        return values;
    }
}
