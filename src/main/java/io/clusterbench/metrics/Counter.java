package io.clusterbench.metrics;

/**
 * Slots of a worker's counter block ({@link WorkerMetrics}); all are cumulative since the worker started.
 *
 * <p>Immutable constants.
 */
public final class Counter {
    /** Completed events. */
    public static final int EVENTS = 0;
    /** Statements classed read (sysbench 1.0.20 classification). */
    public static final int READS = 1;
    /** Statements classed write. */
    public static final int WRITES = 2;
    /** Statements classed other. */
    public static final int OTHER = 3;
    /** Failed statements (any error, ignored or not). */
    public static final int ERRORS = 4;
    /** Event restarts after an ignored error or a reconnect. */
    public static final int RETRIES = 5;
    /** Successful reconnects. */
    public static final int RECONNECTS = 6;
    /** Completed events that needed at least one restart. */
    public static final int EVENTS_RETRIED = 7;
    /** Open loop: events that started more than {@code LATE_THRESHOLD} after their intended start. */
    public static final int LATE = 8;
    /** Nanoseconds spent inside events (for threads fairness). */
    public static final int BUSY_NANOS = 9;
    /** Events moved to another endpoint after error 1047 (node not ready). */
    public static final int REROUTES = 10;
    /**
     * Events cut off by the end of the run: in progress when the deadline passed (or Ctrl-C came) and then
     * cancelled, or abandoned at a restart after an ignored error. Neither completed nor counted as errors.
     */
    public static final int CUT_OFF = 11;
    /**
     * Statements that returned inside cut-off events: counted here once, never as reads, writes or other (docs/metrics.md,
     * "Cut-off events").
     */
    public static final int CUT_OFF_STATEMENTS = 12;
    /** Number of fixed slots; per-class slots follow. */
    public static final int FIXED = 13;
    /** Per class: statements, hits, misses, rows returned or affected. */
    public static final int PER_CLASS = 4;

    private Counter() {
    }

    /** @return the slot of a class's statement count */
    public static int classCount(int classId) {
        return FIXED + classId * PER_CLASS;
    }

    /** @return the slot of a class's hits */
    public static int classHits(int classId) {
        return FIXED + classId * PER_CLASS + 1;
    }

    /** @return the slot of a class's misses */
    public static int classMisses(int classId) {
        return FIXED + classId * PER_CLASS + 2;
    }

    /** @return the slot of a class's rows returned (reads) or affected (writes), as the workload reports them */
    public static int classRows(int classId) {
        return FIXED + classId * PER_CLASS + 3;
    }
}
