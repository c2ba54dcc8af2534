package io.clusterbench.relay;

import io.clusterbench.UserException;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts, finds and stops the {@link RelayDaemon} of one sandbox directory. The daemon runs detached
 * ({@code setsid}) from the same Java and the same class path entry as this class, logs to {@value #LOG} and
 * its process id is kept in {@value #PID_FILE}.
 *
 * <p>Thread-safe (stateless).
 */
public final class RelayProcess {
    /** The daemon's process id file in the sandbox directory. */
    public static final String PID_FILE = "relay.pid";
    /** The daemon's log in the sandbox directory. */
    public static final String LOG = "relay.log";
    /** The copy of the tool's jar the daemon runs from, in the sandbox directory. */
    public static final String JAR = "relay.jar";
    /** How long a change may take to be applied by the daemon. */
    static final long APPLY_TIMEOUT_MILLIS = 5000;
    /**
     * How long a daemon just spawned may take to bind its addresses and apply the control file: a JVM start, which
     * took over 5 s on a machine at load average 250 (RelayProcessTest failed so beside 1024-thread benchmarks).
     */
    static final long START_TIMEOUT_MILLIS = 30_000;

    private RelayProcess() {
    }

    /** @return true when the daemon of {@code dir} runs */
    public static boolean running(Path dir) {
        long pid = pid(dir);
        if (pid <= 0) {
            return false;
        }
        try {
            String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"));
            return cmdline.contains(RelayDaemon.class.getName());
        } catch (IOException e) {
            return false;
        }
    }

    /** @return the daemon's process id from its pid file, or 0 */
    public static long pid(Path dir) {
        try {
            return Long.parseLong(Files.readString(dir.resolve(PID_FILE)).strip());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Starts the daemon unless it runs, and waits until it has bound its addresses and applied the control file.
     *
     * @throws UserException when it cannot start or does not get ready within {@value #START_TIMEOUT_MILLIS} ms
     */
    public static void start(Path dir) {
        if (running(dir)) {
            return;
        }
        RelayConfig config = RelayConfig.read(dir);
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid");
        }
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        try {
            cmd.addAll(List.of("-Xmx96m", "-Xss512k", "-XX:+UseSerialGC", "-cp", classPath(dir),
                    RelayDaemon.class.getName(), dir.toString()));
            Files.deleteIfExists(dir.resolve(RelayStats.FILE));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(LOG).toFile())).start();
            Files.writeString(dir.resolve(PID_FILE), Long.toString(p.pid()));
            // Alive is judged by the child itself here: until the JDK's spawn helper has exec'd the daemon, its
            // /proc cmdline is the helper's, and running(dir) would call a starting daemon "not running" (CI saw it).
            awaitApplied(dir, config.generation(), p::isAlive, START_TIMEOUT_MILLIS);
        } catch (IOException e) {
            throw new UserException("cannot start the relay: " + e.getMessage(), "see " + dir.resolve(LOG), e);
        }
    }

    /**
     * Waits until the daemon reports {@code generation} (or a later one) applied.
     *
     * @throws UserException when it is not running or does not apply it within {@value #APPLY_TIMEOUT_MILLIS} ms
     */
    public static void awaitApplied(Path dir, long generation) {
        awaitApplied(dir, generation, () -> running(dir), APPLY_TIMEOUT_MILLIS);
    }

    private static void awaitApplied(Path dir, long generation, java.util.function.BooleanSupplier alive,
                                     long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            RelayStats s = RelayStats.read(dir);
            if (s != null && s.appliedGeneration() >= generation) {
                return;
            }
            if (!alive.getAsBoolean()) {
                break;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new UserException("the relay of " + dir + " did not apply the change (" + (alive.getAsBoolean() ? "running"
                : "not running") + ")", "see " + dir.resolve(LOG) + "; 'clusterbench sandbox start' restarts it");
    }

    /** Stops the daemon (SIGTERM, then SIGKILL after 5 s); nothing when it does not run. */
    public static void stop(Path dir) {
        if (!running(dir)) {
            return;
        }
        ProcessHandle.of(pid(dir)).ifPresent(h -> {
            h.destroy();
            try {
                h.onExit().get(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        });
    }

    /**
     * @return this class's class path entry; a jar is copied into the sandbox first, so rebuilding the tool's jar
     *         cannot pull classes from under the running daemon
     */
    private static String classPath(Path dir) throws IOException {
        Path source;
        try {
            source = Path.of(RelayDaemon.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return System.getProperty("java.class.path");
        }
        if (Files.isRegularFile(source)) {
            Path copy = dir.resolve(JAR);
            Files.copy(source, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return copy.toString();
        }
        return source.toString();
    }
}
