package io.clusterbench.testing;

import io.clusterbench.embedded.EmbeddedServer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A throwaway embedded MariaDB of one test, for tests that stop, freeze or reconfigure their server (the shared
 * {@link TestServer} must outlive every test): started with one empty database, stopped by {@link #close}.
 *
 * <p>Usage: {@code try (OwnServer own = OwnServer.start("test")) { Cli.run(Cli.args(own.cliTarget(), ...)); }}
 *
 * <p>Thread-safe.
 */
public final class OwnServer implements AutoCloseable {
    private final EmbeddedServer server;
    private final String database;

    private OwnServer(EmbeddedServer server, String database) {
        this.server = server;
        this.database = database;
    }

    /**
     * @param database the database to create (letters, digits, underscores)
     * @param setUp    statements run as root right after the database is created (e.g.
     *                 {@code SET GLOBAL max_connections = 10}), possibly none
     * @return a running server holding an empty {@code database}
     */
    public static OwnServer start(String database, String... setUp) throws SQLException {
        return startWith(List.of(), database, setUp);
    }

    /**
     * As {@link #start}, with server options (e.g. {@code --performance-schema=ON}, which MariaDB leaves off).
     *
     * @param serverOptions options appended to the embedded server's own, each {@code --name=value}
     */
    public static OwnServer startWith(List<String> serverOptions, String database, String... setUp) throws SQLException {
        EmbeddedServer server = TestServer.startOwn(false, serverOptions);
        OwnServer own = new OwnServer(server, database);
        try {
            own.execute("CREATE DATABASE IF NOT EXISTS " + database);
            for (String sql : setUp) {
                own.execute(sql);
            }
            return own;
        } catch (SQLException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** Runs one statement as root, connected without a default database. */
    public void execute(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/", "root", "");
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /**
     * @param name a global status counter ({@code Com_select}, {@code Questions})
     * @return its value now ({@code SHOW GLOBAL STATUS})
     */
    public long status(String name) throws SQLException {
        try (Connection c = connect(); Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            rs.next();
            return rs.getLong(2);
        }
    }

    /** @return the CLI options that point at the database on this server */
    public List<String> cliTarget() {
        return List.of("--host=127.0.0.1", "--port=" + server.port(), "--user=root", "--db=" + database);
    }

    /** @return a root connection to this server's database */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/" + database, "root", "");
    }

    /** @return this server's port on 127.0.0.1 */
    public int port() {
        return server.port();
    }

    /** @return the pid of this server's running mariadbd, the restarted one after {@link #stopAndRestartAfter} (-1 once it ended) */
    public long pid() throws IOException {
        Process p = restarted;
        if (p != null) {
            return p.isAlive() ? p.pid() : -1;
        }
        return server.pid();
    }

    /** A server started again by {@link #stopAndRestartAfter}, outside the embedded server's own process handle; stopped by {@link #close}. */
    private volatile Process restarted;

    /**
     * Stops the server (SIGTERM: a clean shutdown, so its start needs no crash recovery, which can outlast a short
     * run on a loaded machine) and starts it again, with the same command line (port, data directory) and
     * {@code --skip-ssl}, {@code down} after it has gone; returns once it accepts connections again (at most 60 s
     * after the start). Repeatable: a restarted server is stopped and started again the same way. MariaDB 11.4 generates a TLS certificate at every start without one configured: 8–18 s on
     * this loaded 2-core machine (1 s with {@code --skip-ssl}); the tests' connections use no TLS.
     *
     * @return seconds from the call until the server answered again
     */
    public double stopAndRestartAfter(java.time.Duration down) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        long pid = pid();
        if (pid < 0) {
            throw new IllegalStateException("the server is not running, so it cannot be restarted");
        }
        List<String> command = List.of(new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")))
                .split("\0"));
        command = new java.util.ArrayList<>(command);
        if (!command.contains("--skip-ssl")) {
            command.add("--skip-ssl");
        }
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            Thread.sleep(20);
        }
        Thread.sleep(down.toMillis());
        restarted = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(server.directory().resolve("restarted.log").toFile()).start();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/", "root", "")) {
                return (System.nanoTime() - t0) / 1e9;
            } catch (SQLException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("the restarted server did not answer within 60 s");
    }

    /** Stops the server (idempotent). */
    @Override
    public void close() {
        Process p = restarted;
        if (p != null) {
            p.destroy();
            try {
                p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            p.destroyForcibly();
        }
        server.close();
    }
}
