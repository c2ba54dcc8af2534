package io.clusterbench.workload;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.SqlErrors;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What every SQL session does the same way when an event fails or the connection is dropped.
 *
 * <p>Thread-safe (stateless); the connection and statement passed in belong to the caller's worker.
 */
public final class SessionSql {
    private SessionSql() {
    }

    /**
     * Classifies a failed event's error and, when a transaction was open on a still-usable connection,
     * rolls it back so the engine may restart the event on the same connection.
     *
     * @param e             the driver's exception
     * @param plain         a plain statement on the session's connection
     * @param inTransaction true when the event had sent BEGIN and not yet COMMIT
     * @param causalWaitLevel the session's {@code wsrep_sync_wait} ({@code Target.causalWaitLevel()}), so that a
     *                      1205 there is classified as a causal-read timeout
     * @return the classified failure, for the session to throw
     */
    public static DbFailure failEvent(SQLException e, Statement plain, boolean inTransaction, int causalWaitLevel) {
        DbFailure failure = SqlErrors.classify(e, causalWaitLevel);
        if (inTransaction && failure.kind() != DbFailure.Kind.CONNECTION) {
            try {
                plain.execute("ROLLBACK");
            } catch (SQLException ignored) {
                // the connection will be replaced if it is unusable
            }
        }
        return failure;
    }

    /**
     * Cancels the statement running on {@code connection} in another thread: MariaDB Connector/J opens a side
     * connection and sends {@code KILL QUERY <thread id>}; other drivers get nothing here (see {@link #abort}).
     * Never throws.
     *
     * @param connection a worker's connection, or null
     */
    public static void cancel(Connection connection) {
        try {
            if (connection != null && connection.isWrapperFor(org.mariadb.jdbc.Connection.class)) {
                connection.unwrap(org.mariadb.jdbc.Connection.class).cancelCurrentQuery();
            }
        } catch (SQLException | RuntimeException ignored) {
            // the server may be gone; abort() closes the socket anyway
        }
    }

    /**
     * Closes {@code connection} under a statement running in another thread (JDBC {@code abort}: the socket is
     * closed at once, the worker's read fails). Never throws.
     *
     * @param connection a worker's connection, or null
     */
    public static void abort(Connection connection) {
        try {
            if (connection != null) {
                connection.abort(Runnable::run);
            }
        } catch (SQLException | RuntimeException ignored) {
            // already closed
        }
    }

    /** Closes a connection that may already be broken; never throws. */
    public static void closeQuietly(Connection connection) {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // closing a broken connection may fail; it is gone either way
        }
    }
}
