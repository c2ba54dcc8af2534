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
 */
public record Target(List<Endpoint> endpoints, String user, String password, String database,
                     boolean serverPrepared, int connectTimeoutMillis, Routing routing,
                     Map<String, String> sessionVariables) {

    /** A target with round-robin routing and no session variables. */
    public Target(List<Endpoint> endpoints, String user, String password, String database, boolean serverPrepared,
                  int connectTimeoutMillis) {
        this(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, Routing.ROUND_ROBIN, Map.of());
    }

    /** @return a copy with another routing policy */
    public Target withRouting(Routing newRouting) {
        return new Target(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, newRouting,
                sessionVariables);
    }

    /** @return a copy whose connections set these session variables (name to SQL literal, in order) */
    public Target withSessionVariables(Map<String, String> variables) {
        return new Target(endpoints, user, password, database, serverPrepared, connectTimeoutMillis, routing,
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variables)));
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
        if (routing == Routing.SINGLE_WRITER && writes) {
            return endpointFor(reroutes);
        }
        return endpointFor(workerIndex + reroutes);
    }

    /**
     * JDBC URL for one endpoint, without credentials.
     *
     * @param endpoint  the server
     * @param withSchema false to connect without selecting the database (to create it)
     * @return a {@code jdbc:mariadb:} URL
     */
    public String url(Endpoint endpoint, boolean withSchema) {
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
                .append("&tcpKeepAlive=true&allowPublicKeyRetrieval=true&permitMysqlScheme=true");
        if (endpoint.socket() != null) {
            url.append("&localSocket=").append(endpoint.socket());
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
            c = DriverManager.getConnection(url(endpoint, true), properties());
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
            c = DriverManager.getConnection(url(endpoint, withSchema), properties());
            applySessionVariables(c);
            return c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw explain(endpoint, SqlErrors.classify(e));
        }
    }

    /** @return a user-facing explanation of a connect failure at start */
    public UserException explain(Endpoint endpoint, DbFailure f) {
        return switch (f.vendorCode()) {
            case VendorCodes.ACCESS_DENIED -> new UserException(
                    "access denied for user '" + user + "' at " + endpoint.label(),
                    "check --user and --password (or ~/.my.cnf [client], MYSQL_PWD)");
            case VendorCodes.DB_ACCESS_DENIED -> new UserException(
                    "user '" + user + "' may not use database '" + database + "' at " + endpoint.label(),
                    "GRANT ALL ON " + database + ".* TO the user, or choose another --db");
            case VendorCodes.UNKNOWN_DATABASE -> new UserException(
                    "unknown database '" + database + "' at " + endpoint.label(),
                    "create it (CREATE DATABASE " + database + ") or choose another with --db");
            case VendorCodes.TOO_MANY_CONNECTIONS -> new UserException(
                    "server " + endpoint.label() + " refused the connection: too many connections (1040)",
                    "raise max_connections or lower --threads");
            default -> f.kind() == DbFailure.Kind.CONNECTION
                    ? new UserException("cannot connect to " + endpoint.label() + ": " + firstLine(f.getMessage()),
                    "check --host/--port (or --socket) and that the server is running")
                    : new UserException("server " + endpoint.label() + " refused the connection: error "
                    + f.vendorCode() + ": " + firstLine(f.getMessage()), null);
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
                + routing + ", session=" + sessionVariables + "]";
    }
}
