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
            server = EmbeddedServer.start(false);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        }
        return server;
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
