package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.target.Endpoint;
import io.clusterbench.target.OptionFile;
import io.clusterbench.target.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The target of a command after options, {@code MYSQL_PWD} and {@code ~/.my.cnf} are combined, and the
 * embedded server when no host was given. Closing it stops the embedded server.
 *
 * <p>Confined to the command's thread; {@link #close()} may also run from a shutdown hook.
 */
final class ResolvedTarget implements AutoCloseable {
    private static final String DEFAULT_USER = "sbtest";
    private static final String DEFAULT_DB = "sbtest";
    private final Target target;
    private final EmbeddedServer embedded;

    private ResolvedTarget(Target target, EmbeddedServer embedded) {
        this.target = target;
        this.embedded = embedded;
    }

    /** @return a resolved target that clusterbench did not start (closing it does nothing) */
    static ResolvedTarget given(Target target) {
        return new ResolvedTarget(target, null);
    }

    Target target() {
        return target;
    }

    /** @return the embedded server, or null when the user gave a host or socket */
    EmbeddedServer embedded() {
        return embedded;
    }

    /** Adds every problem with the target options to {@code problems}, without connecting. */
    static void validate(TargetOptions o, List<String> problems) {
        if (!o.psMode.equals("auto") && !o.psMode.equals("disable")) {
            problems.add("--db-ps-mode must be auto or disable (got '" + o.psMode + "')");
        }
        if (o.connectTimeoutSeconds <= 0) {
            problems.add("--connect-timeout must be > 0 seconds");
        }
        if (o.ports != null) {
            for (int p : o.ports) {
                if (p < 1 || p > 65535) {
                    problems.add("--port " + p + " is not a TCP port (1-65535)");
                }
            }
            int hosts = o.hosts == null ? 0 : o.hosts.size();
            if (o.ports.size() > 1 && hosts > 1 && o.ports.size() != hosts) {
                problems.add("--port lists " + o.ports.size() + " ports for " + hosts
                        + " hosts; give one port, or one per host");
            }
        }
        if (o.hosts != null && o.hosts.isEmpty()) {
            problems.add("--host has an empty or blank entry; give host names separated by commas");
        }
        if (o.hosts != null) {
            for (String h : o.hosts) {
                String host = h.strip();
                int colon = host.lastIndexOf(':');
                boolean hostPort = colon > 0 && host.indexOf(':') == colon;
                if (host.isEmpty() || host.contains(" ") || host.equals(":")) {
                    problems.add("--host has an empty or blank entry ('" + h + "'); give host names separated by commas");
                } else if (hostPort && !host.substring(colon + 1).matches("\\d{1,5}")) {
                    problems.add("--host " + host + ": the part after ':' is not a port");
                }
            }
        }
        if (o.database != null && !o.database.matches("[A-Za-z0-9_$]+")) {
            problems.add("--db must be a plain database name (got '" + o.database + "')");
        }
    }

    /**
     * @param announce receives the lines to print (embedded server start)
     * @throws UserException when the embedded server cannot start
     */
    static ResolvedTarget resolve(TargetOptions o, CliEnv env, java.util.function.Consumer<String> announce) {
        boolean serverPrepared = o.psMode.equals("auto");
        int timeoutMillis = o.connectTimeoutSeconds * 1000;
        String db = o.database != null ? o.database : DEFAULT_DB;
        if (o.embedded()) {
            announce.accept("No --host given: starting an embedded MariaDB " + EmbeddedServer.VERSION
                    + " in a temporary directory" + (o.keep ? " (kept on exit: --keep)" : " (removed on exit)") + "...");
            EmbeddedServer server = EmbeddedServer.start(o.keep);
            Target t = new Target(List.of(new Endpoint("127.0.0.1", server.port(), null)), EmbeddedServer.USER, "",
                    db, serverPrepared, timeoutMillis);
            ResolvedTarget resolved = new ResolvedTarget(t, server);
            try (Connection c = t.openChecked(t.endpointFor(0), false); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS " + db);
            } catch (SQLException | RuntimeException e) {
                resolved.close();
                throw new UserException("the embedded server started but cannot be used: " + e.getMessage(), null, e);
            }
            announce.accept("Embedded MariaDB " + EmbeddedServer.VERSION + " is running on 127.0.0.1:" + server.port()
                    + (o.keep ? ", data directory " + server.directory() : ""));
            return resolved;
        }
        OptionFile cnf = OptionFile.read(env.home() == null ? null : env.home().resolve(".my.cnf"));
        String user = o.user != null ? o.user : cnf.get("user") != null ? cnf.get("user") : DEFAULT_USER;
        String password = o.password != null ? o.password
                : env.vars().get("MYSQL_PWD") != null ? env.vars().get("MYSQL_PWD")
                : cnf.get("password") != null ? cnf.get("password") : "";
        int defaultPort = cnf.get("port") != null ? parsePort(cnf.get("port")) : 3306;
        List<Endpoint> endpoints = new ArrayList<>();
        if (o.sockets != null && !o.sockets.isEmpty()) {
            for (String socket : o.sockets) {
                endpoints.add(new Endpoint("localhost", defaultPort, socket));
            }
        } else {
            for (int i = 0; i < o.hosts.size(); i++) {
                int port = o.ports == null || o.ports.isEmpty() ? defaultPort
                        : o.ports.size() == 1 ? o.ports.get(0) : o.ports.get(i);
                String host = o.hosts.get(i).strip();
                int colon = host.lastIndexOf(':');
                if (colon > 0 && host.indexOf(':') == colon) { // host:port (one colon; IPv6 has several)
                    port = Integer.parseInt(host.substring(colon + 1));
                    host = host.substring(0, colon);
                } else if (host.startsWith("[") && host.contains("]:")) { // [v6]:port
                    port = Integer.parseInt(host.substring(host.indexOf("]:") + 2));
                    host = host.substring(0, host.indexOf("]:") + 1);
                }
                endpoints.add(new Endpoint(host, port, null));
            }
            if (o.ports != null && o.ports.size() > o.hosts.size() && o.hosts.size() == 1) {
                for (int i = 1; i < o.ports.size(); i++) {
                    endpoints.add(new Endpoint(o.hosts.get(0), o.ports.get(i), null));
                }
            }
        }
        return new ResolvedTarget(new Target(List.copyOf(endpoints), user, password, db, serverPrepared,
                timeoutMillis), null);
    }

    private static int parsePort(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new UserException("port= in ~/.my.cnf is not a number ('" + s + "')", "fix the option file");
        }
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }
}
