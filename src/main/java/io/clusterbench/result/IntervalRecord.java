package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;


/**
 * One report interval as kept in {@code result.json} and {@code intervals.csv}. Rates are per second of
 * the interval, counts per interval (not cumulative). Immutable.
 *
 * @param startSeconds        interval start, seconds since the measured start
 * @param endSeconds          interval end
 * @param threads             workers running
 * @param events              events completed in the interval
 * @param tps                 events per second
 * @param qps                 statements per second (reads + writes + other)
 * @param readsPerSecond      statements classed read, per second
 * @param writesPerSecond     statements classed write, per second
 * @param otherPerSecond      statements classed other, per second
 * @param errorsPerSecond     failed statements per second
 * @param reconnectsPerSecond reconnects per second
 * @param hits                statements that found their row
 * @param misses              statements that found no row
 * @param latencyPercentileMicros event latency at {@code --percentile}
 * @param latency             event latency summary of the interval
 * @param queueLength         open loop: events due but not started at the interval end
 * @param lateEvents          open loop: events that started late
 * @param errorsByCode        errors by {@code code/sqlstate}
 * @param observed            figures of the run's observers for this interval, by observer name
 *                            (the observers beside the engine); empty when none ran
 * @param reporterLagSeconds  how much later than scheduled the interval was taken (its length grew by this;
 *                            rates stay true because they are divided by the measured length)
 * @param missedReports       report lines that were due while the reporter was late and were never printed;
 *                            this interval covers their time
 * @param waitingWorkers      workers inside one event for the whole interval (a stall, visible while it lasts)
 * @param longestWaitSeconds  longest time any worker had been inside its current event at the interval end
 * @param eventsInProgress    events started and not finished at the interval end (sysbench 1.0.20's
 *                            {@code concurrency} of the {@code --rate} interval line); null in a result written
 *                            before it was recorded (left out of the JSON then)
 */
public record IntervalRecord(double startSeconds, double endSeconds, int threads, long events, double tps,
                             double qps, double readsPerSecond, double writesPerSecond, double otherPerSecond,
                             double errorsPerSecond, double reconnectsPerSecond, long hits, long misses,
                             long latencyPercentileMicros, LatencySummary latency, long queueLength,
                             long lateEvents, Map<String, Long> errorsByCode,
                             Map<String, Object> observed, double reporterLagSeconds, int missedReports, int waitingWorkers,
                             double longestWaitSeconds,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Integer eventsInProgress) {

    /** An interval whose events in progress were not recorded ({@code eventsInProgress} null). */
    public IntervalRecord(double startSeconds, double endSeconds, int threads, long events, double tps,
                          double qps, double readsPerSecond, double writesPerSecond, double otherPerSecond,
                          double errorsPerSecond, double reconnectsPerSecond, long hits, long misses,
                          long latencyPercentileMicros, LatencySummary latency, long queueLength,
                          long lateEvents, Map<String, Long> errorsByCode,
                          Map<String, Object> observed, double reporterLagSeconds, int missedReports,
                          int waitingWorkers, double longestWaitSeconds) {
        this(startSeconds, endSeconds, threads, events, tps, qps, readsPerSecond, writesPerSecond, otherPerSecond,
                errorsPerSecond, reconnectsPerSecond, hits, misses, latencyPercentileMicros, latency, queueLength,
                lateEvents, errorsByCode, observed, reporterLagSeconds, missedReports, waitingWorkers,
                longestWaitSeconds, null);
    }
}
