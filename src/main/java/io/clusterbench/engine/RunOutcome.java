package io.clusterbench.engine;

/**
 * How a run ended. Immutable.
 *
 * @param reason          why it stopped
 * @param measuredSeconds seconds from the measured start (after warmup) until every worker stopped
 * @param fatalError      for {@link Reason#FATAL_ERROR} and {@link Reason#OUTPUT_FAILED}: what stopped the run, else null
 * @param eventsPerWorker measured events of each worker (threads fairness)
 * @param busySecondsPerWorker seconds each worker spent inside measured events (threads fairness)
 * @param connectSeconds  seconds to open every worker's session before the run (the connection ramp, not measured)
 * @param threadModel     {@code platform} or {@code virtual} ({@link ThreadModel})
 * @param abandonedEvents events still running after their connection was closed at the end, each counted as
 *                        cut off (normally 0)
 * @param maxWriteLagSeconds the longest time from an interval being taken at its boundary to its line and files
 *                        being written ({@link IntervalWriter}; docs/metrics.md "write lag"): its wait for the
 *                        writer thread and the writing itself; a few ms when the writer keeps up
 */
public record RunOutcome(Reason reason, double measuredSeconds, FatalError fatalError, long[] eventsPerWorker,
                         double[] busySecondsPerWorker, double connectSeconds, String threadModel,
                         long abandonedEvents, double maxWriteLagSeconds) {
    /** Why a run stopped. */
    public enum Reason {
        /** The time or event limit was reached. */
        COMPLETED,
        /** Stopped from outside (Ctrl-C). */
        INTERRUPTED,
        /** A statement error not in {@code --ignore-errors} stopped the run. */
        FATAL_ERROR,
        /** Writing results failed. */
        OUTPUT_FAILED
    }

    /** @return this outcome as stopped from outside: reason {@link Reason#INTERRUPTED}, no fatal error */
    public RunOutcome interrupted() {
        return new RunOutcome(Reason.INTERRUPTED, measuredSeconds, null, eventsPerWorker, busySecondsPerWorker,
                connectSeconds, threadModel, abandonedEvents, maxWriteLagSeconds);
    }
}
