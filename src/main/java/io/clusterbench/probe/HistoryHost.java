package io.clusterbench.probe;

import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.db.DbFailure;

import java.util.List;

/**
 * What the history sessions and the final reads need from the load they belong to: where transactions run, the
 * workloads that record them, node names, new connections, notes, and whether the load is stopping. Implemented by
 * {@link HistoryLoad} (the sessions of {@code probe anomalies}, on their own threads) and by {@link SideHistory} (the
 * same operations run by the engine beside a run, {@code run --anomalies}).
 *
 * <p>Implementations are thread-safe: every session's thread calls them.
 */
interface HistoryHost {
    /** @return where writing and read-only transactions run */
    Placement placement();

    /** @return the workloads the sessions run (made when the load starts), which record every operation */
    HistoryLoad.Workloads workloads();

    /** @return the workloads run, in enum order */
    List<HistoryWorkload> ordered();

    /** @return the node name of 0-based {@code endpoint}, as the history records it */
    String node(int endpoint);

    /**
     * @return a new connection to {@code endpoint} with the sessions' settings and timeouts
     * @throws DbFailure when the node refuses or cannot be reached
     */
    SessionLink open(int endpoint) throws DbFailure;

    /** Keeps one sentence about what limited the load (at most a few are kept). */
    void note(String line);

    /** Sleeps {@code millis} unless the load is stopping. */
    void pause(long millis);

    /** @return true once the load was asked to stop */
    boolean stopping();

    /** @return true once a stop came from outside (Ctrl-C): the final reads are skipped */
    boolean aborted();

    /** Sleeps {@code millis} unless a stop came from outside. */
    void pauseUnlessAborted(long millis);
}
