package io.clusterbench.result;

/**
 * How the run's clock went: the connection ramp before it, the thread model, and how far the reporter fell
 * behind. Immutable; part of {@link Summary}.
 *
 * @param requestedSeconds         {@code --time} (0 for no time limit)
 * @param connectSeconds           seconds to open every worker's session, in parallel, before measuring (not
 *                                 measured time)
 * @param threadModel              {@code platform} or {@code virtual} worker threads
 * @param javaVersion              feature version of the Java runtime that ran the load (17, 21, 25, …)
 * @param measuredStartEpochMillis wall-clock time of the measured start (ms since the Unix epoch); interval
 *                                 start and end seconds count from here
 * @param maxReporterLagSeconds    the largest reporter lag of any interval (how late an interval was taken
 *                                 against its schedule; see docs/metrics.md)
 * @param maxWriteLagSeconds       the longest any interval, once taken, waited for the writer thread before its
 *                                 line and files were written (docs/metrics.md "write lag"); about 0 when the
 *                                 writing keeps up
 */
public record RunTiming(double requestedSeconds, double connectSeconds, String threadModel, int javaVersion,
                        long measuredStartEpochMillis, double maxReporterLagSeconds,
                        double maxWriteLagSeconds) {
}
