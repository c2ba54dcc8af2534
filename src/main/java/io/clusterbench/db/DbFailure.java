package io.clusterbench.db;

/**
 * A failed statement or connection attempt, classified by vendor code and SQLSTATE (never by exception
 * class), with no {@code java.sql} type in its API so the engine can handle it.
 *
 * <p>Immutable. Created only by {@link SqlErrors#classify}.
 */
public final class DbFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** What the error means for the run. */
    public enum Kind {
        /** The statement failed but the connection is usable (deadlock, lock wait timeout, syntax…). */
        STATEMENT,
        /** The connection is gone (server lost, killed, shut down): reconnect before the next event. */
        CONNECTION,
        /** The node refuses work (1047, Galera node not ready / not primary): route elsewhere. */
        NODE_NOT_READY
    }

    private final int vendorCode;
    private final String sqlState;
    private final Kind kind;

    DbFailure(int vendorCode, String sqlState, Kind kind, String message, Throwable cause) {
        super(message, cause, false, false);
        this.vendorCode = vendorCode;
        this.sqlState = sqlState == null ? "" : sqlState;
        this.kind = kind;
    }

    /** @return the server's or client's error number (e.g. 1213), or 2013 for a lost connection */
    public int vendorCode() {
        return vendorCode;
    }

    /** @return the five-character SQLSTATE, or "" when unknown */
    public String sqlState() {
        return sqlState;
    }

    /** @return the classification */
    public Kind kind() {
        return kind;
    }
}
