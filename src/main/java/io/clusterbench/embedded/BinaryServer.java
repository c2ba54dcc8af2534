package io.clusterbench.embedded;

import io.clusterbench.UserException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * A {@code mariadbd} or {@code mysqld} binary that clusterbench starts itself on its own data directory
 * (usually a copy of a prepared template, {@link Trees#copy}), on a free loopback port, with
 * {@code --no-defaults} so no option file changes what the user asked for. It runs with
 * {@code --skip-grant-tables} (any user, no password, loopback only), so a template from
 * {@code mariadb-install-db} or a kept embedded server works without knowing its accounts. Started and stopped by
 * {@link ServerProcess}, as the embedded server is.
 *
 * <p>Thread-safety: started by one thread; {@link #kill} and {@link #close} may come from any thread (the lifecycle's
 * closer of whoever owns it). Usage:
 * <pre>{@code
 * Trees.copy(template, dir.resolve("data"), guard);
 * try (BinaryServer s = BinaryServer.of(Path.of("/usr/sbin/mariadbd"), dir, List.of("--innodb-flush-log-at-trx-commit=2"), guard)) {
 *     s.start();
 *     String url = "jdbc:mariadb://127.0.0.1:" + s.port() + "/";
 * }
 * }</pre>
 */
public final class BinaryServer implements AutoCloseable {
    private static final Duration START_BOUND = Duration.ofSeconds(180);
    /** The longest wait for a clean shutdown ({@link #close}, {@link #restart}) before the server is killed. */
    public static final Duration STOP_BOUND = Duration.ofSeconds(120);
    private final Path binary;
    private final Path dir;
    private final List<String> options;
    private final int port;
    private final StartGuard guard;
    private volatile ServerProcess process;

    private BinaryServer(Path binary, Path dir, List<String> options, int port, StartGuard guard) {
        this.binary = binary;
        this.dir = dir;
        this.options = List.copyOf(options);
        this.port = port;
        this.guard = guard;
    }

    /**
     * A server not started yet, so its owner can hold it (and kill it) before {@link #start}.
     *
     * @param binary  path of mariadbd or mysqld
     * @param dir     working directory: {@code data/} must hold the data directory; socket, pid file and
     *                error log go beside it
     * @param options server options added after clusterbench's own (a later option wins)
     * @param guard   a cancel stops a start in progress (the process is killed by the owner)
     * @throws UserException when the binary is not an executable file
     */
    public static BinaryServer of(Path binary, Path dir, List<String> options, StartGuard guard) {
        if (!Files.isExecutable(binary)) {
            throw new UserException("server binary " + binary + " is not an executable file", "give the path of mariadbd or mysqld");
        }
        return new BinaryServer(binary, dir, options, EmbeddedServer.freePort(), guard);
    }

    /**
     * Starts the binary on {@code dir/data} and waits until it answers a login.
     *
     * @throws UserException         when the binary does not run or does not answer within 180 s (the error log's
     *                               last error lines are in the message)
     * @throws CancellationException when the guard is cancelled
     */
    public void start() {
        List<String> cmd = new ArrayList<>();
        cmd.add(binary.toString());
        cmd.add("--no-defaults"); // must be the first option
        Path base = binary.toAbsolutePath().getParent().getParent();
        if (base != null && Files.isDirectory(base.resolve("share"))) {
            cmd.add("--basedir=" + base);
        }
        cmd.add("--datadir=" + dataDir());
        cmd.add("--port=" + port);
        cmd.add("--bind-address=127.0.0.1");
        cmd.add("--socket=" + dir.resolve("mysqld.sock"));
        cmd.add("--pid-file=" + dir.resolve("mysqld.pid"));
        cmd.add("--log-error=" + dir.resolve("error.log"));
        cmd.add("--skip-grant-tables");
        cmd.add("--max-connections=2000");
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add("--user=root");
        }
        cmd.addAll(options);
        ServerProcess p = ServerProcess.start(cmd, binary.toString(), dir.resolve("stdout.log"), dir.resolve("error.log"),
                guard);
        process = p;
        p.awaitReady(port, START_BOUND, "see " + dir.resolve("error.log"), guard);
    }

    /** @return the TCP port on 127.0.0.1 */
    public int port() {
        return port;
    }

    /** @return the server's process id, or -1 when it is not running */
    public long pid() {
        ServerProcess p = process;
        return p != null && p.alive() ? p.pid() : -1;
    }

    /** @return the data directory */
    public Path dataDir() {
        return dir.resolve("data");
    }

    /** @return the binary this server runs */
    public Path binary() {
        return binary;
    }

    /** @return the options given at start (clusterbench's own left out) */
    public List<String> options() {
        return options;
    }

    /**
     * Stops the server (SIGTERM, a clean InnoDB shutdown) and starts it again on the same data directory and
     * port; the buffer pool starts cold unless the server dumps and loads it.
     *
     * @throws UserException when it does not come back
     */
    public void restart() {
        close();
        start();
    }

    /**
     * Ends the server for data that is thrown away: SIGKILL, returning at once (a killed process runs no more of its
     * code, so its directory can be deleted right after). Idempotent.
     */
    public void kill() {
        ServerProcess p = process;
        if (p != null) {
            p.signalKill();
        }
    }

    /** Stops the server cleanly, killing it after {@link #STOP_BOUND}. Idempotent; the files stay (the caller owns {@code dir}). */
    @Override
    public void close() {
        ServerProcess p = process;
        if (p != null) {
            p.shutdown(STOP_BOUND);
        }
    }
}
