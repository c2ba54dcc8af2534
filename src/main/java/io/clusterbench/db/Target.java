package io.clusterbench.db;

import io.clusterbench.UserException;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Where the load goes: the endpoints, the credentials and the session settings, and how to connect.
 *
 * <p>Immutable and thread-safe. Connection {@code k} of a run goes to endpoint {@code k mod n}
 * (sysbench's round-robin over {@code --mysql-host}/{@code --mysql-port} pairs). The password is held
 * here only; it is never part of a URL, a message or a result.
 *
 * @param endpoints      one or more servers, in the order given
 * @param user           user name
 * @param password       password, or "" for none
 * @param database       schema holding the workload's tables
 * @param serverPrepared true for server-side prepared statements ({@code --db-ps-mode auto})
 * @param connectTimeoutMillis connect timeout in milliseconds, &gt; 0
 * @param routing        which endpoint serves a worker ({@link #route})
 * @param sessionVariables session variables set on every connection {@link #open} makes, in order (e.g.
 *                       {@code wsrep_sync_wait=1} for {@code --consistency}); values are SQL literals
 * @param tls            how connections use TLS ({@code --ssl-mode}); TCP endpoints only
 * @param readTimeoutMillis socket read timeout of every connection {@link #open} makes, in milliseconds (the
 *                       driver's {@code socketTimeout}; a read that waits longer fails as a lost connection); 0 for
 *                       none. A run's workers get {@link ReadTimeout#derive}; checks and observers set their own.
 */
public record Target(List<Endpoint> endpoints, String user, String password, String database,
                     boolean serverPrepared, int connectTimeoutMillis, Routing routing,
                     Map<String, String> sessionVariables, Tls tls, int readTimeoutMillis) {

    /** A target without a read timeout. */
    public Target(List<Endpoint> endpoints, String user, String password, String database, boolean serverPrepared,
                  int connectTimeoutMillis, Routing routing, Map<String, String> sessionVariables, Tls tls) {
        this(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, routing, sessionVariables, tls,
                0);
    }

    /** A target with round-robin routing, no session variables and plain connections. */
    public Target(List<Endpoint> endpoints, String user, String password, String database, boolean serverPrepared,
                  int connectTimeoutMillis) {
        this(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, Routing.ROUND_ROBIN, Map.of(),
                Tls.DISABLED);
    }

    /** @return a copy with another routing policy */
    public Target withRouting(Routing newRouting) {
        return new Target(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, newRouting,
                sessionVariables, tls, readTimeoutMillis);
    }

    /** @return a copy whose connections time out a socket read after {@code millis} ms (0: never) */
    public Target withReadTimeout(int millis) {
        return new Target(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, routing,
                sessionVariables, tls, millis);
    }

    /**
     * @param millis connect timeout in milliseconds, &gt; 0; Connector/J also bounds the handshake's reads by it,
     *               so a server that accepts TCP but does not answer (SIGSTOP, frozen node) fails within it
     * @return a copy whose connections use this connect timeout
     */
    public Target withConnectTimeout(int millis) {
        return new Target(endpoints, user, password, database, serverPrepared, millis, routing, sessionVariables, tls,
                readTimeoutMillis);
    }

    /**
     * Connect (handshake included) and socket read timeout of every side connection opened after the measured
     * phase ({@link #afterRun}), in milliseconds: long enough for a handshake or a status query on a healthy server
     * that has just ended a run on a loaded machine, short enough that a server that stopped answering (SIGSTOP, a
     * frozen node) keeps the process only seconds past {@code --time} (issue 9, "nothing outlives the clock").
     */
    public static final int AFTER_RUN_TIMEOUT_MILLIS = 2000;

    /**
     * The one rule for side connections opened after the measured phase (the prepared-statement check's counters,
     * the ledger and table checksums): each waits at most {@link #AFTER_RUN_TIMEOUT_MILLIS} for its handshake (or
     * the run's {@code --connect-timeout} when shorter) and for each read, whatever the run's timeouts. A check
     * whose statement legitimately reads longer (a {@code CHECKSUM TABLE} scan) raises the read timeout of that
     * connection itself ({@link Connection#setNetworkTimeout}) once the handshake has succeeded, so a frozen
     * server still costs only the handshake's bound.
     *
     * @return a copy for after-run side connections
     */
    public Target afterRun() {
        int connect = connectTimeoutMillis > 0 ? Math.min(AFTER_RUN_TIMEOUT_MILLIS, connectTimeoutMillis)
                : AFTER_RUN_TIMEOUT_MILLIS;
        return withConnectTimeout(connect).withReadTimeout(AFTER_RUN_TIMEOUT_MILLIS);
    }

    /** @return a copy whose connections set these session variables (name to SQL literal, in order) */
    public Target withSessionVariables(Map<String, String> variables) {
        return new Target(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, routing,
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variables)), tls, readTimeoutMillis);
    }

    /** @return a copy whose connections use TLS as {@code newTls} says */
    public Target withTls(Tls newTls) {
        return new Target(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, routing,
                sessionVariables, newTls, readTimeoutMillis);
    }

    /** @return the endpoint that connection number {@code connectionIndex} (0-based) uses (round-robin) */
    public Endpoint endpointFor(int connectionIndex) {
        return endpoints.get(Math.floorMod(connectionIndex, endpoints.size()));
    }

    /**
     * The endpoint a worker's connection goes to under {@link #routing()}.
     *
     * @param workerIndex 0-based worker number
     * @param reroutes    endpoints moved along so far (1047 failovers of this worker), &ge; 0
     * @param writes      true when the worker's events write
     * @return round-robin: endpoint {@code (workerIndex + reroutes) mod n}; single-writer and {@code writes}:
     *         endpoint {@code reroutes mod n} (the first endpoint until a failover)
     */
    public Endpoint route(int workerIndex, int reroutes, boolean writes) {
        return endpoints.get(routing.endpointIndex(workerIndex, reroutes, writes, endpoints.size()));
    }

    /**
     * JDBC URL for one endpoint, without credentials.
     *
     * @param endpoint  the server
     * @param withSchema false to connect without selecting the database (to create it)
     * @return a {@code jdbc:mariadb:} URL
     */
    public String url(Endpoint endpoint, boolean withSchema) {
        return url(endpoint, withSchema, true);
    }

    private String url(Endpoint endpoint, boolean withSchema, boolean tlsOn) {
        StringBuilder url = new StringBuilder("jdbc:mariadb://");
        String host = endpoint.host();
        if (endpoint.socket() == null && host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]"; // IPv6 literal
        }
        url.append(endpoint.socket() != null ? "localhost" : host);
        if (endpoint.socket() == null) {
            url.append(':').append(endpoint.port());
        }
        url.append('/');
        if (withSchema) {
            url.append(database);
        }
        url.append("?useServerPrepStmts=").append(serverPrepared)
                .append("&cachePrepStmts=true&prepStmtCacheSize=256&useBulkStmts=false")
                .append("&connectTimeout=").append(connectTimeoutMillis)
                .append(readTimeoutMillis > 0 ? "&socketTimeout=" + readTimeoutMillis : "")
                .append("&tcpKeepAlive=true&allowPublicKeyRetrieval=true&permitMysqlScheme=true");
        if (endpoint.socket() != null) {
            url.append("&localSocket=").append(endpoint.socket());
        } else {
            url.append("&socketFactory=").append(WatchedSocketFactory.class.getName());
            url.append(tls.urlParameters(tlsOn));
        }
        return url.toString();
    }

    /**
     * @return the Galera causal-wait bitmask this target's sessions run with ({@code wsrep_sync_wait} in
     *         {@link #sessionVariables()}), 0 when not set or not a number; used to classify 1205
     *         ({@link SqlErrors#classify(SQLException, int)})
     */
    public int causalWaitLevel() {
        String v = sessionVariables == null ? null : sessionVariables.get("wsrep_sync_wait");
        try {
            return v == null ? 0 : Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Opens a connection to an endpoint for a worker; failures keep their vendor code.
     *
     * @throws DbFailure when the server refuses or cannot be reached
     */
    public Connection open(Endpoint endpoint) throws DbFailure {
        Connection c = null;
        try {
            c = connect(endpoint, true);
            applySessionVariables(c);
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw SqlErrors.classify(e);
        }
    }

    /**
     * Sets {@link #sessionVariables()} on a connection (done by {@link #open} and {@link #openChecked}).
     *
     * @throws SQLException when the server rejects one (e.g. 1193 unknown system variable)
     */
    public void applySessionVariables(Connection c) throws SQLException {
        if (sessionVariables == null || sessionVariables.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder("SET SESSION ");
        sessionVariables.forEach((k, v) -> sql.append(sql.length() > 12 ? ", " : "").append(k).append(" = ").append(v));
        try (Statement s = c.createStatement()) {
            s.execute(sql.toString());
        }
    }

    /** Connects; under {@code PREFERRED} a server without TLS gets a plain connection, as the mysql client does. */
    private Connection connect(Endpoint endpoint, boolean withSchema) throws SQLException {
        try {
            return DriverManager.getConnection(url(endpoint, withSchema, true), properties());
        } catch (SQLException e) {
            String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (tls.mode() == Tls.Mode.PREFERRED && endpoint.socket() == null && m.contains("ssl")) {
                return DriverManager.getConnection(url(endpoint, withSchema, false), properties());
            }
            throw e;
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already broken
            }
        }
    }

    /**
     * Opens a connection at start-up, turning failures into one clear user-facing line.
     *
     * @param endpoint   the server
     * @param withSchema false to connect without selecting the database
     * @throws UserException for an unreachable host, a refused password or an unknown database
     */
    public Connection openChecked(Endpoint endpoint, boolean withSchema) {
        Connection c = null;
        try {
            c = connect(endpoint, withSchema);
            applySessionVariables(c);
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw explain(endpoint, SqlErrors.classify(e));
        }
    }

    /** @return a user-facing explanation of a connect failure at start */
    public UserException explain(Endpoint endpoint, DbFailure f) {
        if (String.valueOf(f.getMessage()).contains("insecure transport")) {
            return new UserException("server " + endpoint.label() + " accepts only TLS connections "
                    + "(require_secure_transport)", "add --ssl-mode=REQUIRED (sysbench: --mysql-ssl=on), or VERIFY_CA with --ssl-ca");
        }
        if (String.valueOf(f.getMessage()).contains("ssl not enabled in the server")) {
            // the driver's words when the mode requires TLS and the server's handshake offers none
            return new UserException("server " + endpoint.label() + " does not offer TLS (have_ssl is not YES), and "
                    + "--ssl-mode " + tls.mode() + " requires it",
                    "use --ssl-mode=PREFERRED or DISABLED (sysbench: --mysql-ssl=off), "
                            + "or give the server ssl_cert and ssl_key");
        }
        return switch (f.vendorCode()) {
            case VendorCodes.ACCESS_DENIED -> new UserException(
                    "access denied for user '" + user + "' at " + endpoint.label()
                            + (tls.mode() == Tls.Mode.DISABLED ? " over a plain (non-TLS) connection" : ""),
                    Remedies.hint(VendorCodes.ACCESS_DENIED, endpoint.label()));
            case VendorCodes.SECURE_TRANSPORT_REQUIRED -> new UserException(
                    "server " + endpoint.label() + " accepts only TLS connections (require_secure_transport)",
                    "add --ssl-mode=REQUIRED (sysbench: --mysql-ssl=on), or VERIFY_CA with --ssl-ca");
            case VendorCodes.DB_ACCESS_DENIED -> new UserException(
                    "user '" + user + "' may not use database '" + database + "' at " + endpoint.label(),
                    "GRANT ALL ON " + database + ".* TO the user, or choose another --db");
            case VendorCodes.UNKNOWN_DATABASE -> new UserException(
                    "unknown database '" + database + "' at " + endpoint.label(),
                    Remedies.hint(VendorCodes.UNKNOWN_DATABASE, endpoint.label()));
            case VendorCodes.TOO_MANY_CONNECTIONS -> new UserException(
                    "server " + endpoint.label() + " refused the connection: too many connections (1040)",
                    "raise max_connections or lower --threads");
            default -> f.kind() == DbFailure.Kind.CONNECTION ? cannotConnect(endpoint, f)
                    : new UserException("server " + endpoint.label() + " refused the connection: error "
                    + f.vendorCode() + ": " + firstLine(f.getMessage()), Remedies.hint(f.vendorCode(), endpoint.label()));
        };
    }

    /** @return the one line for a connection that could not be opened: refused, timed out, unknown host, TLS */
    private UserException cannotConnect(Endpoint endpoint, DbFailure f) {
        SqlErrors.ConnectFailure why = SqlErrors.connectFailure(f.getCause());
        String at = "cannot connect to " + endpoint.label() + ": ";
        if (why == null) {
            return new UserException(at + firstLine(f.getMessage()),
                    "check --host/--port (or --socket) and that the server is running");
        }
        String code = " (" + why.code + ")";
        return switch (why) {
            case REFUSED, UNREACHABLE -> new UserException(at + f.getMessage() + code,
                    "check --host/--port (or --socket) and that the server is running");
            case TIMED_OUT -> new UserException(at + "no answer within "
                    + (connectTimeoutMillis % 1000 == 0 ? connectTimeoutMillis / 1000 + " s" : connectTimeoutMillis + " ms")
                    + " (--connect-timeout)" + code, "check the host, the port and any firewall between; a server "
                    + "that is busy starting may need a longer --connect-timeout");
            case UNKNOWN_HOST -> new UserException(at + f.getMessage() + code,
                    "check the spelling of --host, or the name's DNS or /etc/hosts entry");
            case TLS -> new UserException(at + firstLine(f.getMessage()) + code, "check --ssl-ca (the CA that signed "
                    + "the server's certificate) and --ssl-mode; VERIFY_IDENTITY also needs the host name in the "
                    + "certificate");
        };
    }

    private Properties properties() {
        Properties p = new Properties();
        p.setProperty("user", user);
        if (password != null && !password.isEmpty()) {
            p.setProperty("password", password);
        }
        return p;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }

    /** @return a description without the password, for messages and results */
    @Override
    public String toString() {
        return "Target[endpoints=" + endpoints + ", user=" + user + ", database=" + database + ", routing="
                + routing + ", session=" + sessionVariables + ", tls=" + tls + ", readTimeoutMillis=" + readTimeoutMillis
                + "]";
    }
}
