package io.clusterbench.workload;

/**
 * How a session reports each statement it ran, without seeing a clock or a histogram (STYLE rule 4).
 *
 * <p>Confined to the worker thread that owns the session. Implementations must not allocate.
 * Usage inside a session:
 * <pre>{@code
 * long t = rec.start();
 * int rows = ...;                      // run the statement
 * rec.record(classId, StatementRecorder.READ, rows > 0 ? StatementRecorder.HIT : StatementRecorder.MISS, t);
 * }</pre>
 */
public interface StatementRecorder {
    /** sysbench 1.0.20 class: the statement returned a result set. */
    int READ = 0;
    /** sysbench 1.0.20 class: no result set and &gt; 0 rows affected. */
    int WRITE = 1;
    /** sysbench 1.0.20 class: anything else (BEGIN, COMMIT, a write that matched nothing). */
    int OTHER = 2;

    /** The statement was not meant to find a row (BEGIN, COMMIT, INSERT). */
    int NO_TARGET = 0;
    /** The statement was meant to find a row and found at least one. */
    int HIT = 1;
    /** The statement was meant to find a row and found none. */
    int MISS = 2;

    /** @return an opaque start token to pass to {@link #record} */
    long start();

    /**
     * Records one finished statement.
     *
     * @param classId    index into the workload's {@link Workload#statementClasses()}
     * @param sysbenchClass {@link #READ}, {@link #WRITE} or {@link #OTHER}
     * @param outcome    {@link #NO_TARGET}, {@link #HIT} or {@link #MISS}
     * @param startToken the value {@link #start()} returned before the statement ran
     */
    void record(int classId, int sysbenchClass, int outcome, long startToken);

    /**
     * Adds the rows a statement of class {@code classId} returned (a read) or affected (a write), for
     * workloads whose figures include them (the joins family). Call after {@link #record}. Workloads that
     * never call it report 0 rows.
     *
     * @param classId index into {@link Workload#statementClasses()}
     * @param rows    rows returned or affected, &ge; 0
     */
    default void rows(int classId, long rows) {
    }
}
