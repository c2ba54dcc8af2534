package io.clusterbench.target;

import io.clusterbench.UserException;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
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
 */
public record Target(List<Endpoint> endpoints, String user, String password, String database,
                     boolean serverPrepared, int connectTimeoutMillis) {

    /** @return the endpoint that connection number {@code connectionIndex} (0-based) uses */
    public Endpoint endpointFor(int connectionIndex) {
        return endpoints.get(Math.floorMod(connectionIndex, endpoints.size()));
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
        url.append(endpoint.socket() != null ? "localhost" : endpoint.host());
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
     * Opens a connection to an endpoint for a worker; failures keep their vendor code.
     *
     * @throws DbFailure when the server refuses or cannot be reached
     */
    public Connection open(Endpoint endpoint) throws DbFailure {
        try {
            return DriverManager.getConnection(url(endpoint, true), properties());
        } catch (SQLException e) {
            throw SqlErrors.classify(e);
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
        try {
            return DriverManager.getConnection(url(endpoint, withSchema), properties());
        } catch (SQLException e) {
            throw explain(endpoint, SqlErrors.classify(e));
        }
    }

    /** @return a user-facing explanation of a connect failure at start */
    public UserException explain(Endpoint endpoint, DbFailure f) {
        return switch (f.vendorCode()) {
            case VendorCodes.ACCESS_DENIED -> new UserException(
                    "access denied for user '" + user + "' at " + endpoint.label(),
                    "check --user and --password (or ~/.my.cnf [client], MYSQL_PWD)");
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
        return "Target[endpoints=" + endpoints + ", user=" + user + ", database=" + database + "]";
    }
}
