package io.clusterbench.testing;

import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real embedded MariaDB shared by all integration tests of one JVM, started on first use and stopped
 * at JVM exit. Each test takes its own database with {@link #freshDatabase}, so tests do not see each
 * other's tables.
 *
 * <p>Thread-safe.
 */
public final class TestServer {
    private static EmbeddedServer server;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private TestServer() {
    }

    /** @return the running shared server */
    public static synchronized EmbeddedServer get() {
        if (server == null) {
            server = startOwn(false, List.of());
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        }
        return server;
    }

    /**
     * Starts an embedded server of the caller's own from the user's cache ({@code ServerCache.defaultRoot}), on a
     * lifecycle of its own: the caller closes it.
     *
     * @param keep      leave its data directory on disk when closed (after a clean shutdown)
     * @param extraArgs server options after clusterbench's own
     */
    public static EmbeddedServer startOwn(boolean keep, List<String> extraArgs) {
        return EmbeddedServer.start(io.clusterbench.lifecycle.Lifecycle.detached(), cache(), keep, extraArgs, line -> {
        });
    }

    /** @return the embedded server's cache the tests share with the user's runs */
    public static io.clusterbench.embedded.ServerCache cache() {
        return io.clusterbench.embedded.ServerCache.at(io.clusterbench.embedded.ServerCache.defaultRoot(System.getenv(),
                java.nio.file.Path.of(System.getProperty("user.home"))));
    }

    /** @return the shared server's port */
    public static int port() {
        return get().port();
    }

    /**
     * Creates an empty database with a unique name.
     *
     * @param prefix a readable prefix, letters and digits
     * @return the database name
     */
    public static String freshDatabase(String prefix) {
        String name = prefix + "_" + DATABASES.incrementAndGet();
        try (Connection c = connect(""); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return name;
    }

    /** @return a root connection to {@code database} ("" for none) */
    public static Connection connect(String database) throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port() + "/" + database, "root", "");
    }

    /** @return a target for {@code database} on the shared server */
    public static Target target(String database) {
        return new Target(List.of(new Endpoint("127.0.0.1", port(), null)), "root", "", database, true, 5000);
    }

    /** @return the CLI options that point at {@code database} on the shared server */
    public static List<String> cliTarget(String database) {
        List<String> args = new ArrayList<>();
        args.add("--host=127.0.0.1");
        args.add("--port=" + port());
        args.add("--user=root");
        args.add("--db=" + database);
        return args;
    }
}
