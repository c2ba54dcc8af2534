package io.clusterbench.workload;

import io.clusterbench.db.DbFailure;

/**
 * One worker's connection(s) and prepared statements; runs one event per call.
 *
 * <p>Confined to its worker thread. After a {@link DbFailure} the session has already rolled back any
 * open transaction (when the connection still allows it), so the engine may simply call
 * {@link #event} again to restart the event, or {@link #reconnect} first when the connection is gone.
 */
public interface Session extends AutoCloseable {
    /**
     * {@link #failedStatementClass()} of an event that failed on its COMMIT, whatever class the workload records the
     * commit under (TPC-C records it as the transaction type); listed as {@code commit}.
     */
    int COMMIT = -2;

    /**
     * Runs one event (one transaction for transactional workloads, sysbench's definition).
     *
     * @param recorder where each statement is reported
     * @throws DbFailure when a statement fails; the event did not complete
     */
    void event(StatementRecorder recorder) throws DbFailure;

    /**
     * Drops the current connection and opens a new one (to the same endpoint, or {@code endpointShift}
     * endpoints further when the engine reroutes), preparing statements again.
     *
     * @param endpointShift 0 for the same endpoint, n &gt; 0 to move n endpoints along the target's list
     * @throws DbFailure when the server cannot be reached yet
     */
    void reconnect(int endpointShift) throws DbFailure;

    /** @return the label of the endpoint this session is connected to (for per-endpoint figures) */
    String endpointLabel();

    /**
     * Cancels the statement this session's worker is running, if any, the way a DBA would: {@code KILL QUERY}
     * on a side connection. Called from another thread once the run is over (deadline or Ctrl-C), so a lock
     * wait or a blocked server cannot keep the worker; the worker then sees a failed statement. Never throws
     * and returns within the driver's connect timeout.
     */
    default void cancel() {
    }

    /**
     * Closes the connection under the statement in progress (its socket, or JDBC {@code Connection.abort}), for a
     * server that does not answer even a cancel: the statement then fails as a lost connection. Called from
     * another thread: at the end of the run after {@link #cancel()}, and during it when a statement waited longer
     * than the read timeout ({@code engine.StuckStatements}); never throws.
     */
    default void abort() {
    }

    /**
     * Where the last {@link DbFailure} of {@link #event} happened, for errors by statement class (docs/metrics.md,
     * "Conflicts"). Read by the worker right after the failure, on the worker thread.
     *
     * @return index into {@link Workload#statementClasses()} of the statement that failed, {@link #COMMIT} for the
     *         event's COMMIT, or -1 when unknown
     */
    default int failedStatementClass() {
        return -1;
    }

    /**
     * @return index into {@link Workload#statementClasses()} of the failed event's type (a TPC-C transaction
     *         type), or -1 for workloads whose events have no type
     */
    default int failedEventClass() {
        return -1;
    }

    /**
     * Called by the worker once the event it just ran (or abandoned) is settled: {@code counted} true when it counts
     * as a measured event, false when it was cut off by the end of the run, ran in warmup or failed. A session that
     * counts whole-run figures of its own (TPC-C's commits per transaction type) adds the event's to them only when
     * it counts, so they cover the same events as the run's totals. The default does nothing. Worker thread only.
     */
    default void settled(boolean counted) {
    }

    /** Closes the connection; never throws. */
    @Override
    void close();
}
