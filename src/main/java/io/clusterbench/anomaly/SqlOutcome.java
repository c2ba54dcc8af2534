package io.clusterbench.anomaly;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.SqlErrors;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;

/**
 * What a failed statement means for the outcome of the operation it belonged to: failed when the server could not
 * have committed it (no COMMIT was sent, or the server answered the commit with an error), unknown when the commit
 * (or an autocommit statement) was sent and the answer was lost (connection loss, timeout, node leaving the primary
 * component), as Jepsen treats {@code :info}.
 *
 * <p>Thread-safe (stateless).
 */
final class SqlOutcome {
    private SqlOutcome() {
    }

    /**
     * @param commitSent true when the failing statement was the COMMIT or an autocommit write
     * @return the outcome the failure gives
     */
    static Outcome of(DbFailure f, SQLException e, boolean commitSent) {
        if (!commitSent) {
            return Outcome.FAILED;
        }
        boolean answerLost = f.kind() == DbFailure.Kind.CONNECTION || f.kind() == DbFailure.Kind.NODE_NOT_READY
                || e instanceof SQLTimeoutException;
        return answerLost ? Outcome.UNKNOWN : Outcome.FAILED;
    }

    /** @return the failure as {@code code/SQLSTATE message}, the message cut to its first line and 200 characters */
    static String text(DbFailure f) {
        String m = f.getMessage() == null ? "" : f.getMessage().lines().findFirst().orElse("");
        return f.countKey() + " " + (m.length() > 200 ? m.substring(0, 200) : m);
    }

    /** @return the classified failure */
    static DbFailure classify(SQLException e) {
        return SqlErrors.classify(e);
    }

    /** Rolls back, ignoring errors (the connection may be gone; the server then rolls back itself). */
    static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // nothing to do: a dead connection's transaction is rolled back by the server
        }
    }
}
