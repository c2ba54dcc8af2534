package io.clusterbench.fault;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Reads one node after a run, for the checks that compare nodes (ledger, table checksums): a connection with a
 * socket timeout, reads that wait for the node to apply every earlier write set ({@code wsrep_sync_wait=1} on
 * Galera, a no-op elsewhere), and a node that is still joining (1047, 1180) waited for up to
 * {@link #NOT_READY_WAIT_MILLIS} before it is reported unreadable.
 *
 * <p>Thread-safe (stateless).
 */
final class NodeReads {
    /** A node that is joining (1047) is waited for this long before it is reported unreadable. */
    static final long NOT_READY_WAIT_MILLIS = 20_000;

    private NodeReads() {
    }

    /** What to read from a node's connection. */
    interface Read<T> {
        T apply(Connection c) throws SQLException;
    }

    /** Why a node could not be read. */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    /** {@link #read(Target, Endpoint, int, long, Read)} waiting {@link #NOT_READY_WAIT_MILLIS} for a joiner. */
    static <T> T read(Target target, Endpoint e, int timeoutMillis, Read<T> read) throws Unreadable {
        return read(target, e, timeoutMillis, NOT_READY_WAIT_MILLIS, read);
    }

    /**
     * @param target          observer target (no session variables)
     * @param e               the node
     * @param timeoutMillis   socket read timeout of each statement, &gt; 0
     * @param notReadyMillis  how long a node answering 1047/1180 is retried (0: not at all, e.g. when the cluster
     *                        lost its quorum and no node will become ready by itself)
     * @return what {@code read} returned
     * @throws Unreadable with the server's or driver's message when the node cannot be read
     */
    static <T> T read(Target target, Endpoint e, int timeoutMillis, long notReadyMillis, Read<T> read)
            throws Unreadable {
        long deadline = System.nanoTime() + notReadyMillis * 1_000_000L;
        while (true) {
            int code;
            String message;
            try (Connection c = target.open(e)) {
                c.setNetworkTimeout(Runnable::run, timeoutMillis);
                try (Statement s = c.createStatement()) {
                    s.execute("SET SESSION wsrep_sync_wait = 1");
                } catch (SQLException notGalera) {
                    // not a Galera node
                }
                return read.apply(c);
            } catch (DbFailure f) {
                code = f.vendorCode();
                message = f.getMessage();
            } catch (SQLException ex) {
                code = ex.getErrorCode();
                message = ex.getMessage();
            }
            if (!SqlErrors.isNodeNotReady(code) || System.nanoTime() > deadline) {
                throw new Unreadable(message);
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new Unreadable("interrupted");
            }
        }
    }
}
