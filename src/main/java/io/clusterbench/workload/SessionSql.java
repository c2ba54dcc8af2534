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
     * @return the classified failure, for the session to throw
     */
    public static DbFailure failEvent(SQLException e, Statement plain, boolean inTransaction) {
        DbFailure failure = SqlErrors.classify(e);
        if (inTransaction && failure.kind() != DbFailure.Kind.CONNECTION) {
            try {
                plain.execute("ROLLBACK");
            } catch (SQLException ignored) {
                // the connection will be replaced if it is unusable
            }
        }
        return failure;
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
