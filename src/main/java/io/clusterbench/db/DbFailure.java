package io.clusterbench.db;

/**
 * A failed statement or connection attempt, classified by vendor code and SQLSTATE (never by exception
 * class), with no {@code java.sql} type in its API so the engine can handle it.
 *
 * <p>Immutable. Created only by {@link SqlErrors#classify}.
 */
public final class DbFailure extends Exception {
    /** What {@link #countKey()} appends for a causal-read timeout, before the level. */
    public static final String CAUSAL_READ_KEY = " causal-read wsrep_sync_wait=";
    private static final long serialVersionUID = 1L;

    /** What the error means for the run. */
    public enum Kind {
        /** The statement failed but the connection is usable (deadlock, lock wait timeout, syntax…). */
        STATEMENT,
        /** The connection is gone (server lost, killed, shut down): reconnect before the next event. */
        CONNECTION,
        /** The node refuses work (1047, Galera node not ready / not primary): route elsewhere. */
        NODE_NOT_READY,
        /**
         * A Galera causal wait ran out: error 1205 on a session with {@code wsrep_sync_wait > 0}, raised after
         * the provider's {@code repl.causal_read_timeout} (cluster-consistency.md §1.2). The node did not apply
         * the cluster's writes in time (lagging, desynced or frozen); the connection is usable. Counted apart
         * from InnoDB lock-wait timeouts; whether the event is restarted follows {@code --ignore-errors} (1205).
         */
        CAUSAL_READ_TIMEOUT
    }

    private final int vendorCode;
    private final String sqlState;
    private final Kind kind;
    private final int causalWaitLevel;

    DbFailure(int vendorCode, String sqlState, Kind kind, String message, Throwable cause) {
        this(vendorCode, sqlState, kind, 0, message, cause);
    }

    DbFailure(int vendorCode, String sqlState, Kind kind, int causalWaitLevel, String message, Throwable cause) {
        super(message, cause, false, false);
        this.vendorCode = vendorCode;
        this.sqlState = sqlState == null ? "" : sqlState;
        this.kind = kind;
        this.causalWaitLevel = causalWaitLevel;
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

    /** @return the session's {@code wsrep_sync_wait} bitmask for a {@link Kind#CAUSAL_READ_TIMEOUT}, else 0 */
    public int causalWaitLevel() {
        return causalWaitLevel;
    }

    /**
     * @return the key this failure is counted under in {@code errorsByCode}: {@code code/sqlstate} (e.g.
     *         {@code 1213/40001}), and for a causal-read timeout {@code 1205/HY000 causal-read wsrep_sync_wait=N},
     *         so it is never folded into the InnoDB lock waits counted as {@code 1205/HY000}
     */
    public String countKey() {
        String key = sqlState.isEmpty() ? Integer.toString(vendorCode) : vendorCode + "/" + sqlState;
        return kind == Kind.CAUSAL_READ_TIMEOUT ? key + CAUSAL_READ_KEY + causalWaitLevel : key;
    }
}
