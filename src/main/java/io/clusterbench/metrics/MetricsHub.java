package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects interval samples from all workers' {@link WorkerMetrics} (counters) and the run's shared latency
 * recorders, and the shared {@link ErrorCounts}.
 *
 * <p>Confined to one reporter thread: {@link #newWorker}, {@link #sample} and {@link #discard} must not be
 * called concurrently; {@link #recycle}, any thread. Workers keep recording meanwhile; nothing they do waits for the reporter and nothing
 * the reporter does waits for them: counters are read with opaque loads, latencies through
 * {@link StripedHistogram#takeInterval()}. A sample costs O(workers &times; counters) for the counters plus
 * O(stripes &times; buckets) per used histogram, whatever the number of events.
 */
public final class MetricsHub {
    private final List<WorkerMetrics> workers = new ArrayList<>();
    private final ErrorCounts errors;
    private final int classCount;
    private final int slots;
    private final RunLatency latency;
    private final long[] lastTotals;
    /** Per worker, its counters at the last sample and at {@link #discard}. */
    private final List<long[]> lastPerWorker = new ArrayList<>();
    private final List<long[]> baselinePerWorker = new ArrayList<>();
    private Map<String, Long> lastErrors = new HashMap<>();
    /** Error counts with their places at the last sample and at {@link #discard}. */
    private Map<String, Long> lastErrorDetail = Map.of();
    private Map<String, Long> baselineErrorDetail = Map.of();
    /** Event latencies (µs) of every interval sampled since {@link #discard}. */
    private final Histogram runEvents =
            new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
    /** Interval histograms handed back by {@link #recycle} (the writer thread), taken again by {@link #sample}. */
    private final HistogramPool eventPool;
    private final HistogramPool classPool;

    /**
     * @param threads    worker threads of the run (sizes the latency stripes), &ge; 1
     * @param classCount statement classes of the workload
     * @param errors     the run's error counts
     */
    public MetricsHub(int threads, int classCount, ErrorCounts errors) {
        this.errors = errors;
        this.classCount = classCount;
        this.slots = Counter.FIXED + classCount * Counter.PER_CLASS;
        this.lastTotals = new long[slots];
        this.latency = new RunLatency(StripedHistogram.stripesFor(threads), classCount);
        // two intervals' worth: the writer hands one back while the coordinator already took the next
        this.eventPool = new HistogramPool(WorkerMetrics.SIGNIFICANT_DIGITS, 2);
        this.classPool = new HistogramPool(WorkerMetrics.CLASS_SIGNIFICANT_DIGITS, 2 * classCount);
    }

    /**
     * Adds a worker (before the workers start).
     *
     * @return its metrics, recording into stripe {@code index % stripes} of the shared latency recorders
     */
    public WorkerMetrics newWorker() {
        WorkerMetrics m = new WorkerMetrics(latency, workers.size() % latency.stripes(), classCount);
        workers.add(m);
        lastPerWorker.add(new long[slots]);
        baselinePerWorker.add(new long[slots]);
        return m;
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
     * @param eventsInProgress events started and not finished at the end (workers inside an event)
     * @param lagSeconds   how late the interval is taken against its schedule
     * @param missedReports report lines of the schedule this interval covers without their own line
     * @param waiting      workers inside one event for the whole interval
     * @param longestWaitSeconds longest time a worker has been inside its current event
     * @return the interval's deltas and histograms; the histograms are the caller's until it hands them back
     *         ({@link #recycle}), possibly ones handed back before, reset
     */
    public IntervalSample sample(double startSeconds, double endSeconds, long queueLength, int eventsInProgress,
                                 double lagSeconds,
                                 int missedReports, int waiting, double longestWaitSeconds) {
        // The counters first, right after the caller read the end time: the rates divide them by the interval's
        // length. The latency recorders after them (their flips cost most of a sample, 3 ms at 1024 workers), so a
        // coordinator preempted here moves latencies, not events, into the next interval.
        long[] totals = new long[slots];
        for (int w = 0; w < workers.size(); w++) {
            WorkerMetrics m = workers.get(w);
            long[] last = lastPerWorker.get(w);
            for (int s = 0; s < slots; s++) {
                long v = m.read(s);
                last[s] = v;
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
        Histogram events = latency.events().takeInterval(eventPool);
        Histogram[] classes = new Histogram[classCount];
        for (int c = 0; c < classCount; c++) {
            StripedHistogram used = latency.usedClass(c);
            classes[c] = used == null ? classPool.take() : used.takeInterval(classPool);
        }
        runEvents.add(events);
        events.setStartTimeStamp((long) (startSeconds * 1000));
        events.setEndTimeStamp((long) (endSeconds * 1000));
        return new IntervalSample(startSeconds, endSeconds, workers.size(), delta, events, classes, errorDelta,
                queueLength, eventsInProgress, lagSeconds, missedReports, waiting, longestWaitSeconds);
    }

    /**
     * Hands a sample's histograms back for reuse by a later {@link #sample}: call it once the sample's last user
     * is done with them (in a run, the writer thread after the listener wrote the interval). The caller must not
     * read the sample's histograms afterwards: the next sample may reuse them, reset. Its counters and other
     * fields stay valid. A sample never handed back costs only its allocation, as before.
     *
     * <p>Thread-safe: any thread, also while the reporter thread calls {@link #sample}.
     *
     * @param s a sample this hub's {@link #sample} returned, handed back at most once
     * @throws IllegalArgumentException when a histogram of {@code s} is already back (handed back twice)
     */
    public void recycle(IntervalSample s) {
        eventPool.give(s.eventLatency());
        for (Histogram h : s.classLatency()) {
            classPool.give(h);
        }
    }

    /** Drops everything recorded so far (end of warmup); the next sample starts from here. */
    public void discard() {
        recycle(sample(0, 0, 0, 0, 0, 0, 0, 0));
        runEvents.reset();
        baselineErrorDetail = lastErrorDetail;
        for (int w = 0; w < lastPerWorker.size(); w++) {
            System.arraycopy(lastPerWorker.get(w), 0, baselinePerWorker.get(w), 0, slots);
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

    /** @return true when any worker's counter moved since the last {@link #sample} (work not yet in an interval) */
    public boolean movedSinceLastSample() {
        for (int w = 0; w < workers.size(); w++) {
            WorkerMetrics m = workers.get(w);
            long[] last = lastPerWorker.get(w);
            for (int s = 0; s < slots; s++) {
                if (m.read(s) != last[s]) {
                    return true;
                }
            }
        }
        return false;
    }

    /** @return per worker, the value of {@code slot} accumulated between {@link #discard} and the last sample */
    public long[] perWorker(int slot) {
        long[] values = new long[workers.size()];
        for (int w = 0; w < values.length; w++) {
            values[w] = lastPerWorker.get(w)[slot] - baselinePerWorker.get(w)[slot];
        }
        return values;
    }
}
