package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * Everything measured in one report interval, summed over workers. Counts are per interval, not
 * cumulative; latencies are in microseconds.
 *
 * <p>Immutable by convention: the arrays are fresh per sample and never changed after {@link MetricsHub#sample}
 * returns them. The histograms belong to whoever holds the sample until it is handed back
 * ({@link MetricsHub#recycle}): after that a later sample may reuse them, reset, so a holder that hands samples
 * back copies what it keeps. Not thread-safe: one thread at a time uses a sample (in a run, the coordinator
 * takes it, then only the writer thread).
 *
 * @param startSeconds  interval start, seconds since the measured start (after warmup)
 * @param endSeconds    interval end, seconds since the measured start
 * @param threads       workers running
 * @param counters      per {@link Counter} slot: the interval's delta (fixed slots, then per class)
 * @param eventLatency  event latencies of the interval (µs)
 * @param classLatency  per statement class latencies of the interval (µs)
 * @param errorsByCode  errors of the interval by {@code code/sqlstate}
 * @param queueLength   open loop: events due but not yet started at the interval end; 0 in closed loop
 * @param eventsInProgress events started and not finished at the interval end (workers inside an event): sysbench
 *                         1.0.20's {@code concurrency} of its {@code --rate} interval line
 * @param reporterLagSeconds how much later than scheduled the interval was taken; for the final interval, how
 *                           much later than a boundary that fell before the stop the reporter came back (else 0)
 * @param missedReports report lines of the schedule that were due while the reporter was late and never printed;
 *                      this interval covers their time (docs/metrics.md, "missed reports")
 * @param waitingWorkers workers inside one event for the whole interval (a stall shows here while it lasts); in an
 *                       interval in which no event completed, every worker inside an event
 * @param longestWaitSeconds the longest time any worker had been inside its current event at the interval end
 */
public record IntervalSample(double startSeconds, double endSeconds, int threads, long[] counters,
                             Histogram eventLatency, Histogram[] classLatency, Map<String, Long> errorsByCode,
                             long queueLength, int eventsInProgress, double reporterLagSeconds, int missedReports, int waitingWorkers,
                             double longestWaitSeconds) {

    /** @return the interval's length in seconds, &gt; 0 */
    public double durationSeconds() {
        return Math.max(1e-9, endSeconds - startSeconds);
    }

    /**
     * @param waiting the interval's {@code waitingWorkers}
     * @return this interval with that count of waiting workers, everything else the same
     */
    public IntervalSample withWaiting(int waiting) {
        return new IntervalSample(startSeconds, endSeconds, threads, counters, eventLatency, classLatency, errorsByCode,
                queueLength, eventsInProgress, reporterLagSeconds, missedReports, waiting, longestWaitSeconds);
    }

    /** @return the delta of one {@link Counter} slot */
    public long count(int slot) {
        return counters[slot];
    }
}
