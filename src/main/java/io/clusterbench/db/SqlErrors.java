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
        } else if (isNodeNotReady(code)) {
            kind = DbFailure.Kind.NODE_NOT_READY;
        } else if (isConnectionLoss(e, code, state)) {
            kind = DbFailure.Kind.CONNECTION;
            if (code <= 0 || code >= 2000 && code < 3000 && code != VendorCodes.SERVER_GONE
                    && code != VendorCodes.TCP_CONNECTION && code != VendorCodes.SERVER_LOST_EXTENDED
                    && code != VendorCodes.CONN_HOST_ERROR && code != VendorCodes.UNKNOWN_HOST
                    && code != VendorCodes.SSL_CONNECTION_ERROR) {
                code = VendorCodes.SERVER_LOST;
            }
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (kind == DbFailure.Kind.CONNECTION) {
            ConnectFailure why = connectFailure(e);
            if (why != null) {
                code = why.code;
                message = why.words(e);
            }
        }
        return new DbFailure(code, state, kind, kind == DbFailure.Kind.CAUSAL_READ_TIMEOUT ? causalWaitLevel : 0,
                message, e);
    }

    /**
     * The "not primary / not ready" codes that are part of a failover and are rerouted: 1047 (Galera node not
     * ready or not in the primary component, MariaDB and PXC), 1180 (commit on a node that lost the primary
     * component), 3100 (Group Replication refused the commit; untested here). faults.md, "What the client sees".
     *
     * @param code vendor error number
     * @return true when the node refuses work and the event should move to another node
     */
    public static boolean isNodeNotReady(int code) {
        return code == VendorCodes.NODE_NOT_READY || code == VendorCodes.ERROR_DURING_COMMIT
                || code == VendorCodes.GR_HOOK_ERROR;
    }

    /**
     * Why a connection could not be opened, read from the driver's exception chain (MariaDB Connector/J 3.x:
     * a {@code ConnectException}, an {@code UnknownHostException}, "Socket timeout when connecting", an
     * {@code SSLException} or its own "Self signed certificates"), with the client error code the mysql client gives it (errmsg.h) and the words the
     * messages use. Immutable.
     */
    public enum ConnectFailure {
        /** Nothing listens there (or a firewall rejects): CR_CONN_HOST_ERROR. */
        REFUSED(VendorCodes.CONN_HOST_ERROR),
        /** No answer within the connect timeout: CR_CONN_HOST_ERROR, as the mysql client's "(110)". */
        TIMED_OUT(VendorCodes.CONN_HOST_ERROR),
        /** Another connect failure of the socket (no route to host, network unreachable): CR_CONN_HOST_ERROR. */
        UNREACHABLE(VendorCodes.CONN_HOST_ERROR),
        /** The host name does not resolve: CR_UNKNOWN_HOST. */
        UNKNOWN_HOST(VendorCodes.UNKNOWN_HOST),
        /** The TLS handshake failed: CR_SSL_CONNECTION_ERROR. */
        TLS(VendorCodes.SSL_CONNECTION_ERROR);

        /** The client error code counted for it. */
        public final int code;

        ConnectFailure(int code) {
            this.code = code;
        }

        /**
         * @return the failure in a few lower-case words, each said once ("connection refused", "no answer within
         *         the connect timeout", "host name 'db1' not resolved", "TLS handshake failed: ..."), without the
         *         driver's "Socket fail to connect to ..." or the JDK's "Connection refused (Connection refused)"
         */
        String words(Throwable e) {
            return switch (this) {
                case REFUSED -> "connection refused";
                case TIMED_OUT -> "no answer within the connect timeout";
                case UNREACHABLE -> once(find(e, java.net.SocketException.class).getMessage()).toLowerCase(java.util.Locale.ROOT);
                case UNKNOWN_HOST -> "host name '" + find(e, java.net.UnknownHostException.class).getMessage()
                        + "' not resolved";
                case TLS -> {
                    javax.net.ssl.SSLException ssl = find(e, javax.net.ssl.SSLException.class);
                    yield "TLS handshake failed: " + (ssl != null ? once(deepest(ssl).getMessage())
                            : "the server's certificate is not trusted"); // the driver's own check, in its words
                }
            };
        }
    }

    /**
     * @param e a driver exception
     * @return why the connection could not be opened, or null when {@code e} is no failure to open one (a
     *         connection lost mid-statement, a server error)
     */
    public static ConnectFailure connectFailure(Throwable e) {
        String message = String.valueOf(e.getMessage());
        if (find(e, javax.net.ssl.SSLException.class) != null || message.contains("Self signed certificates")) {
            // Connector/J 3.x checks a certificate it cannot verify itself and says "Self signed certificates.
            // Either set sslMode=trust, ..." (its option names, not ours), also for one signed by an unknown CA
            return ConnectFailure.TLS;
        }
        if (find(e, java.net.UnknownHostException.class) != null) {
            return ConnectFailure.UNKNOWN_HOST;
        }
        java.net.ConnectException refused = find(e, java.net.ConnectException.class);
        if (refused != null) {
            return String.valueOf(refused.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("refused")
                    ? ConnectFailure.REFUSED : ConnectFailure.UNREACHABLE;
        }
        if (find(e, java.net.NoRouteToHostException.class) != null) {
            return ConnectFailure.UNREACHABLE;
        }
        return message.contains("Socket timeout when connecting") ? ConnectFailure.TIMED_OUT : null;
    }

    /** @return the first throwable of {@code type} in {@code e}'s cause chain, or null */
    private static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static Throwable deepest(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t && t.getCause().getMessage() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** @return "X" for the JDK's "X (X)" (the classic socket's "Connection refused (Connection refused)") */
    static String once(String message) {
        String m = String.valueOf(message).strip();
        return m.replaceFirst("^(.+) \\(\\1\\)$", "$1");
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
