package io.clusterbench.db;

/**
 * MySQL/MariaDB vendor error numbers that clusterbench treats specially (server error codes from
 * {@code mysqld_error.h}, client codes from {@code errmsg.h}).
 *
 * <p>Immutable constants.
 */
public final class VendorCodes {
    /** ER_CON_COUNT_ERROR: too many connections ({@code max_connections} reached). */
    public static final int TOO_MANY_CONNECTIONS = 1040;
    /** ER_DBACCESS_DENIED_ERROR: the user may not use this database. */
    public static final int DB_ACCESS_DENIED = 1044;
    /** ER_ACCESS_DENIED_ERROR: wrong user or password. */
    public static final int ACCESS_DENIED = 1045;
    /** ER_UNKNOWN_COM_ERROR: on Galera, "WSREP has not yet prepared node for application use". */
    public static final int NODE_NOT_READY = 1047;
    /**
     * ER_ERROR_DURING_COMMIT: on Galera "Got error 6 during COMMIT" / "Not connected to Primary Component", a
     * commit on a node that lost the primary component (faults.md).
     */
    public static final int ERROR_DURING_COMMIT = 1180;
    /** ER_RUN_HOOK_ERROR: Group Replication refused the commit (member not ONLINE / no majority). Untested here. */
    public static final int GR_HOOK_ERROR = 3100;
    /**
     * ER_TRANSACTION_ROLLBACK_DURING_COMMIT: Group Replication's certification conflict ("Plugin instructed the
     * server to rollback the current transaction"), retried like {@link #DEADLOCK}. Untested here.
     */
    public static final int GR_CERTIFICATION_ROLLBACK = 3101;
    /** ER_BAD_DB_ERROR: unknown database. */
    public static final int UNKNOWN_DATABASE = 1049;
    /** ER_SERVER_SHUTDOWN: server shutdown in progress. */
    public static final int SERVER_SHUTDOWN = 1053;
    /** ER_DUP_ENTRY: duplicate key. */
    public static final int DUPLICATE_KEY = 1062;
    /** ER_NO_SUCH_TABLE. */
    public static final int NO_SUCH_TABLE = 1146;
    /** ER_LOCK_WAIT_TIMEOUT. */
    public static final int LOCK_WAIT_TIMEOUT = 1205;
    /** ER_LOCK_DEADLOCK: deadlock; on Galera also certification failure and brute-force abort. */
    public static final int DEADLOCK = 1213;
    /** ER_CHECKREAD: record changed since last read. */
    public static final int CHECKREAD = 1020;
    /** ER_SECURE_TRANSPORT_REQUIRED (MySQL): {@code require_secure_transport=ON} and a plain connection. */
    public static final int SECURE_TRANSPORT_REQUIRED = 3159;
    /** ER_CONNECTION_KILLED (MariaDB). */
    public static final int CONNECTION_KILLED = 1927;
    /** CR_SERVER_GONE_ERROR. */
    public static final int SERVER_GONE = 2006;
    /** CR_CONN_HOST_ERROR: cannot connect (refused, unreachable, or no answer within the connect timeout). */
    public static final int CONN_HOST_ERROR = 2003;
    /** CR_UNKNOWN_HOST: the host name does not resolve. */
    public static final int UNKNOWN_HOST = 2005;
    /** CR_SSL_CONNECTION_ERROR: the TLS handshake failed (an untrusted certificate, no common protocol). */
    public static final int SSL_CONNECTION_ERROR = 2026;
    /** CR_TCP_CONNECTION. */
    public static final int TCP_CONNECTION = 2011;
    /** CR_SERVER_LOST: lost connection during query. */
    public static final int SERVER_LOST = 2013;
    /** CR_SERVER_LOST_EXTENDED. */
    public static final int SERVER_LOST_EXTENDED = 2055;

    /** Default of {@code --ignore-errors}, as sysbench 1.0.20's {@code --mysql-ignore-errors}. */
    public static final String DEFAULT_IGNORED = "1213,1205,1020";

    private VendorCodes() {
    }
}
