package io.clusterbench.runner;

import io.clusterbench.db.TargetSpec;
import io.clusterbench.UserException;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.embedded.ServerCache;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Credentials;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The target of a command after options, {@code MYSQL_PWD} and {@code ~/.my.cnf} are combined, and the
 * embedded server when no host was given (owned by the command's lifecycle from its start on, its files cached
 * under {@link ServerCache#defaultRoot}). Closing it stops the embedded server.
 *
 * <p>Confined to the command's thread; the lifecycle may close the embedded server from its own.
 */
public final class ResolvedTarget implements AutoCloseable {
    private static final String DEFAULT_DB = "sbtest";
    private final Target target;
    private final EmbeddedServer embedded;

    private ResolvedTarget(Target target, EmbeddedServer embedded) {
        this.target = target;
        this.embedded = embedded;
    }

    /** @return a resolved target that clusterbench did not start (closing it does nothing) */
    public static ResolvedTarget given(Target target) {
        return new ResolvedTarget(target, null);
    }

    public Target target() {
        return target;
    }

    /** @return the embedded server, or null when the user gave a host or socket */
    public EmbeddedServer embedded() {
        return embedded;
    }

    /** @return the embedded server's data directory, or null when the user gave a host or socket */
    public java.nio.file.Path embeddedDataDir() {
        return embedded == null ? null : embedded.dataDir();
    }

    /** @return the embedded server's {@code mariadbd}, or null when the user gave a host or socket */
    public java.nio.file.Path embeddedBinary() {
        return embedded == null ? null : embedded.binary();
    }

    /**
     * @param o       the target as given
     * @param console receives the lines to print (embedded server start); gives the environment and home
     * @throws UserException when the embedded server cannot start
     */
    public static ResolvedTarget resolve(TargetSpec o, Console console) {
        java.util.function.Consumer<String> announce = console::line;
        boolean serverPrepared = o.psMode().equals("auto");
        int timeoutMillis = o.connectTimeoutSeconds() * 1000;
        String db = o.database() != null ? o.database() : DEFAULT_DB;
        if (o.embedded()) {
            ServerCache cache = ServerCache.at(ServerCache.defaultRoot(console.variables(), console.home()));
            announce.accept("No --host given: starting an embedded MariaDB " + EmbeddedServer.VERSION
                    + " in a temporary directory" + (o.keep() ? " (kept on exit: --keep)" : " (removed on exit)") + "...");
            EmbeddedServer server = EmbeddedServer.start(console.lifecycle(), cache, o.keep(), List.of(), announce);
            Target t = new Target(List.of(new Endpoint("127.0.0.1", server.port(), null)), EmbeddedServer.USER, "",
                    db, serverPrepared, timeoutMillis).withTls(o.tls());
            ResolvedTarget resolved = new ResolvedTarget(t, server);
            try (Connection c = t.openChecked(t.endpointFor(0), false); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS " + db);
            } catch (SQLException | RuntimeException e) {
                resolved.close();
                throw new UserException("the embedded server started but cannot be used: " + e.getMessage(), null, e);
            }
            announce.accept("Embedded MariaDB " + EmbeddedServer.VERSION + " is running on 127.0.0.1:" + server.port()
                    + (o.keep() ? ", data directory " + server.dataDir() : ""));
            return resolved;
        }
        Credentials login = Credentials.resolve(o.user(), o.password(), console.variables(), console.home());
        String user = login.user();
        String password = login.password();
        int defaultPort = login.defaultPort();
        List<Endpoint> endpoints = new ArrayList<>();
        if (!o.sockets().isEmpty()) {
            for (String socket : o.sockets()) {
                endpoints.add(new Endpoint("localhost", defaultPort, socket));
            }
        } else {
            for (int i = 0; i < o.hosts().size(); i++) {
                int port = o.ports().isEmpty() ? defaultPort
                        : o.ports().size() == 1 ? o.ports().get(0) : o.ports().get(i);
                String host = o.hosts().get(i).strip();
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
            if (o.ports().size() > o.hosts().size() && o.hosts().size() == 1) {
                for (int i = 1; i < o.ports().size(); i++) {
                    endpoints.add(new Endpoint(o.hosts().get(0), o.ports().get(i), null));
                }
            }
        }
        return new ResolvedTarget(new Target(List.copyOf(endpoints), user, password, db, serverPrepared,
                timeoutMillis).withTls(o.tls()), null);
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }

    /** Begins closing the embedded server, if any, without waiting: nothing reads it any more. */
    public void closeSoon() {
        if (embedded != null) {
            embedded.closeSoon();
        }
    }
}
