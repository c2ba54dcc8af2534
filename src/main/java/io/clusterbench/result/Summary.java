package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The measured run in totals (warmup excluded). Immutable.
 *
 * @param measuredSeconds     measured wall time
 * @param events              completed events ("transactions")
 * @param tps                 events per measured second
 * @param reads               statements classed read (sysbench 1.0.20 classification)
 * @param writes              statements classed write
 * @param other               statements classed other
 * @param queries             reads + writes + other
 * @param qps                 queries per measured second
 * @param errors              failed statements, all codes
 * @param ignoredErrors       failures after which the event was restarted (ignored errors, reconnects, reroutes)
 * @param eventsRetried       events that needed at least one restart
 * @param reconnects          successful reconnects
 * @param reroutes            events moved to another endpoint after 1047
 * @param lateEvents          open loop: events that started over 1 ms after their intended start
 * @param hits                statements that found their row, all classes
 * @param misses              statements that found no row, all classes
 * @param hitRatePercent      hits / (hits + misses) × 100, or null when nothing targeted a row
 * @param latency             event latency
 * @param histogram           event latency histogram, compressed Base64 (µs)
 * @param errorsByCode        errors by {@code code/sqlstate}
 * @param eventsPerThreadMean threads fairness: mean events per thread
 * @param eventsPerThreadStddev threads fairness: standard deviation of events per thread
 * @param busySecondsPerThreadMean threads fairness: mean seconds per thread inside events
 * @param busySecondsPerThreadStddev threads fairness: standard deviation of those seconds
 * @param clientCpuSeconds    CPU seconds (user + system) the clusterbench process used in the measured time
 * @param cutOffEvents        events in progress when the run ended (deadline or Ctrl-C) and cancelled, or
 *                            abandoned at a restart after the deadline; neither completed nor errors
 * @param timing              connection ramp, thread model and reporter lag; null in results written before it
 * @param cutOffStatements    statements that returned inside the cut-off events, counted here once and never in
 *                            reads, writes, other or queries; null in results written before it
 */
public record Summary(double measuredSeconds, long events, double tps, long reads, long writes, long other,
                      long queries, double qps, long errors, long ignoredErrors, long eventsRetried,
                      long reconnects, long reroutes, long lateEvents, long hits, long misses,
                      Double hitRatePercent, LatencySummary latency, String histogram,
                      Map<String, Long> errorsByCode, double eventsPerThreadMean, double eventsPerThreadStddev,
                      double busySecondsPerThreadMean, double busySecondsPerThreadStddev,
                      double clientCpuSeconds, long cutOffEvents, RunTiming timing,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Long cutOffStatements) {
}
