package io.clusterbench.db;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;

/**
 * The one place where SQL errors are classified (STYLE rule 16).
 *
 * <p>Classified by vendor code and SQLSTATE only: Connector/J maps SQLSTATE classes it does not know (e.g.
 * {@code 45000} from SIGNAL) to connection exception types, so the exception class is not evidence.
 *
 * <p>Thread-safe (stateless). Connector/J reports a lost socket with SQLSTATE class {@code 08} and often
 * vendor code 0; such failures are reported as {@link VendorCodes#SERVER_LOST} so they count under the
 * code every MySQL engineer knows.
 */
public final class SqlErrors {
    private SqlErrors() {
    }

    /**
     * @param e the driver's exception
     * @return the classified failure, keeping {@code e} as its cause
     */
    public static DbFailure classify(SQLException e) {
        return classify(e, 0);
    }

    /**
     * As {@link #classify(SQLException)} for a statement run on a session with a Galera causal wait: error 1205
     * there is a causal-read timeout ({@link DbFailure.Kind#CAUSAL_READ_TIMEOUT}), not an InnoDB lock wait. The
     * server gives both the same code and message, so the session's level is the evidence (a 1205 inside a
     * multi-statement transaction after its first statement is then counted as causal too).
     *
     * @param e               the driver's exception
     * @param causalWaitLevel the session's (or statement's) {@code wsrep_sync_wait} bitmask, 0 for none
     * @return the classified failure, keeping {@code e} as its cause
     */
    public static DbFailure classify(SQLException e, int causalWaitLevel) {
        int code = e.getErrorCode();
        String state = e.getSQLState();
        DbFailure.Kind kind = DbFailure.Kind.STATEMENT;
        if (code == VendorCodes.LOCK_WAIT_TIMEOUT && causalWaitLevel > 0) {
            kind = DbFailure.Kind.CAUSAL_READ_TIMEOUT;
        } else if (code == VendorCodes.NODE_NOT_READY) {
            kind = DbFailure.Kind.NODE_NOT_READY;
        } else if (isConnectionLoss(e, code, state)) {
            kind = DbFailure.Kind.CONNECTION;
            if (code <= 0 || code >= 2000 && code < 3000 && code != VendorCodes.SERVER_GONE
                    && code != VendorCodes.TCP_CONNECTION && code != VendorCodes.SERVER_LOST_EXTENDED) {
                code = VendorCodes.SERVER_LOST;
            }
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        return new DbFailure(code, state, kind, kind == DbFailure.Kind.CAUSAL_READ_TIMEOUT ? causalWaitLevel : 0,
                message, e);
    }

    private static boolean isConnectionLoss(SQLException e, int code, String state) {
        return code == VendorCodes.SERVER_GONE || code == VendorCodes.SERVER_LOST
                || code == VendorCodes.SERVER_LOST_EXTENDED || code == VendorCodes.TCP_CONNECTION
                || code == VendorCodes.CONNECTION_KILLED || code == VendorCodes.SERVER_SHUTDOWN
                || code == VendorCodes.CONN_HOST_ERROR
                || (state != null && state.startsWith("08"))
                || e instanceof SQLNonTransientConnectionException && code == 0 && (state == null || state.isEmpty());
    }
}
