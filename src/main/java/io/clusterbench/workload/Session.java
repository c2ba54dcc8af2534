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

    /** Closes the connection; never throws. */
    @Override
    void close();
}
