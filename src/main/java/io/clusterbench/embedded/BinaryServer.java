package io.clusterbench.embedded;

import io.clusterbench.UserException;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code mariadbd} or {@code mysqld} binary that clusterbench starts itself on its own data directory
 * (usually a copy of a prepared template, {@link #copyTree}), on a free loopback port, with
 * {@code --no-defaults} so no option file changes what the user asked for. It runs with
 * {@code --skip-grant-tables} (any user, no password, loopback only), so a template from
 * {@code mariadb-install-db} or a kept embedded server works without knowing its accounts.
 *
 * <p>Confined to the thread that starts it; {@link #close()} may also run from a shutdown hook. Usage:
 * <pre>{@code
 * BinaryServer.copyTree(template, dir.resolve("data"));
 * try (BinaryServer s = BinaryServer.start(Path.of("/usr/sbin/mariadbd"), dir, List.of("--innodb-flush-log-at-trx-commit=2"))) {
 *     String url = "jdbc:mariadb://127.0.0.1:" + s.port() + "/";
 * }
 * }</pre>
 */
public final class BinaryServer implements AutoCloseable {
    private static final long START_TIMEOUT_MILLIS = 180_000;
    private static final long STOP_TIMEOUT_MILLIS = 120_000;
    private final Path binary;
    private final Path dir;
    private final List<String> options;
    private final int port;
    private Process process;

    private BinaryServer(Path binary, Path dir, List<String> options, int port) {
        this.binary = binary;
        this.dir = dir;
        this.options = List.copyOf(options);
        this.port = port;
    }

    /**
     * Starts the binary on {@code dir/data} and waits until it answers SQL.
     *
     * @param binary  path of mariadbd or mysqld
     * @param dir     working directory: {@code data/} must hold the data directory; socket, pid file and
     *                error log go beside it
     * @param options server options added after clusterbench's own (a later option wins)
     * @return the running server
     * @throws UserException when the binary does not run or does not answer within 180 s (the error log's
     *                       last error lines are in the message)
     */
    public static BinaryServer start(Path binary, Path dir, List<String> options) {
        if (!Files.isExecutable(binary)) {
            throw new UserException("server binary " + binary + " is not an executable file", "give the path of mariadbd or mysqld");
        }
        BinaryServer s = new BinaryServer(binary, dir, options, EmbeddedServer.freePort());
        s.launch();
        return s;
    }

    /** @return the TCP port on 127.0.0.1 */
    public int port() {
        return port;
    }

    /** @return the server's process id, or -1 when it is not running */
    public long pid() {
        return process != null && process.isAlive() ? process.pid() : -1;
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
        stop();
        launch();
    }

    private void launch() {
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
        try {
            process = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("stdout.log").toFile())).start();
        } catch (IOException e) {
            throw new UserException("cannot start " + binary + ": " + e.getMessage(), "check that it runs", e);
        }
        long deadline = System.nanoTime() + START_TIMEOUT_MILLIS * 1_000_000L;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new UserException(binary + " exited during start-up (code " + process.exitValue() + "): "
                        + errorTail(), "see " + dir.resolve("error.log"));
            }
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port
                    + "/?connectTimeout=1000", "root", "")) {
                return;
            } catch (SQLException e) {
                sleep(200);
            }
        }
        stop();
        throw new UserException(binary + " did not answer within " + START_TIMEOUT_MILLIS / 1000 + " s: " + errorTail(),
                "see " + dir.resolve("error.log"));
    }

    private void stop() {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy(); // SIGTERM: clean shutdown
        try {
            if (!process.waitFor(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the server. Idempotent; the files stay (the caller owns {@code dir}). */
    @Override
    public synchronized void close() {
        stop();
    }

    private String errorTail() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("error.log"));
            List<String> errors = lines.stream().filter(l -> l.contains("[ERROR]")).toList();
            List<String> pick = errors.isEmpty() ? lines : errors;
            return String.join(" | ", pick.subList(Math.max(0, pick.size() - 3), pick.size()));
        } catch (IOException e) {
            return "(no error log)";
        }
    }

    /**
     * Copies a directory tree (a data directory template), keeping file times.
     *
     * @throws UncheckedIOException when a file cannot be copied
     */
    public static void copyTree(Path from, Path to) {
        try {
            Files.walkFileTree(from, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) throws IOException {
                    Files.createDirectories(to.resolve(from.relativize(d).toString()));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                    String name = f.getFileName().toString();
                    if (!name.endsWith(".pid") && !name.endsWith(".sock")) {
                        Files.copy(f, to.resolve(from.relativize(f).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    /**
     * Kills (SIGKILL) every descendant of this process whose command line names {@code dir} (mariadb-install-db,
     * a server started from a copy under it) and waits up to 10 s for each: for a shutdown hook, when the process
     * ends before the command could stop its servers (a Ctrl-C before the measured phase). Best effort; never
     * throws.
     *
     * @param dir a directory of this process's own servers
     */
    public static void killProcessesUnder(Path dir) {
        String marker = dir.toString();
        List<ProcessHandle> ours = ProcessHandle.current().descendants()
                .filter(h -> h.info().commandLine().map(c -> c.contains(marker)).orElse(false)).toList();
        ours.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle h : ours) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception notGone) {
                // best effort: the caller deletes the directory anyway
            }
        }
    }

    /**
     * Deletes a directory tree, best effort: a file that cannot be read or deleted is skipped, not fatal, and
     * a second pass catches files a just-stopped server was still removing.
     */
    public static void deleteTree(Path root) {
        for (int pass = 0; pass < 2 && Files.exists(root); pass++) {
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                        f.toFile().delete();
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path f, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException e) {
                        d.toFile().delete();
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                // best effort: a leftover temporary directory is harmless
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
