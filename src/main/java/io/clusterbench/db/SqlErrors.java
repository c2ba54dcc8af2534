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
        int code = e.getErrorCode();
        String state = e.getSQLState();
        DbFailure.Kind kind = DbFailure.Kind.STATEMENT;
        if (code == VendorCodes.NODE_NOT_READY) {
            kind = DbFailure.Kind.NODE_NOT_READY;
        } else if (isConnectionLoss(e, code, state)) {
            kind = DbFailure.Kind.CONNECTION;
            if (code <= 0 || code >= 2000 && code < 3000 && code != VendorCodes.SERVER_GONE
                    && code != VendorCodes.TCP_CONNECTION && code != VendorCodes.SERVER_LOST_EXTENDED) {
                code = VendorCodes.SERVER_LOST;
            }
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        return new DbFailure(code, state, kind, message, e);
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
