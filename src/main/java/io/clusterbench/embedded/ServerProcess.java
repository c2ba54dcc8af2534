package io.clusterbench.embedded;

import io.clusterbench.UserException;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

/**
 * One {@code mariadbd} (or {@code mysqld}) process that clusterbench started: the shared start and stop of the
 * embedded server and of {@code ab}'s binaries. Started with its standard output and error in one file (where a
 * missing system library is named) beside the server's own error log; ready once a real login on its loopback port
 * succeeds ({@link LoginProbe}), polled every {@value #POLL_MILLIS} ms and given up after a bound; stopped by
 * {@link #kill} (SIGTERM, SIGKILL after a short grace: for data that is thrown away) or {@link #shutdown} (SIGTERM
 * and a clean InnoDB shutdown, bounded).
 *
 * <p>Thread-safe: started and awaited by the starting thread, stopped from any thread (the lifecycle's closer).
 */
public final class ServerProcess {
    /** How long {@link #kill} lets a server end on SIGTERM before SIGKILL. */
    public static final Duration KILL_GRACE = Duration.ofMillis(100);
    private static final long POLL_MILLIS = 20;
    private static final int PROBE_TIMEOUT_MILLIS = 1000;
    private final Process process;
    private final String name;
    private final Path output;
    private final Path errorLog;

    private ServerProcess(Process process, String name, Path output, Path errorLog) {
        this.process = process;
        this.name = name;
        this.output = output;
        this.errorLog = errorLog;
    }

    /**
     * Starts {@code command} (its first element the binary), input from {@code /dev/null}, inside a step of
     * {@code guard}: no process starts once the guard is cancelled.
     *
     * @param name     what to call it in messages (e.g. {@code the embedded MariaDB 11.4.5})
     * @param output   file that receives its standard output and error (appended)
     * @param errorLog the file its {@code --log-error} names, for {@link #errorTail}
     * @throws UserException         when the binary cannot be run
     * @throws CancellationException when the guard was cancelled
     */
    static ServerProcess start(List<String> command, String name, Path output, Path errorLog, StartGuard guard) {
        Process[] started = new Process[1];
        try {
            guard.step(() -> started[0] = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile())).start());
        } catch (IOException e) {
            throw new UserException("cannot start " + command.get(0) + ": " + e.getMessage(), "check that it runs", e);
        }
        return new ServerProcess(started[0], name, output, errorLog);
    }

    /**
     * Waits until a login on {@code port} succeeds, polling; abortable at any moment by the guard.
     *
     * @param port  the server's TCP port on 127.0.0.1
     * @param bound the longest wait
     * @param hint  what the user can do when it fails (the second half of the error line)
     * @throws UserException         when the process ends, refuses the login, or does not answer within the bound
     *                               (it is killed then); the message quotes the error log's last errors
     * @throws CancellationException when the guard is cancelled
     */
    void awaitReady(int port, Duration bound, String hint, StartGuard guard) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            guard.check();
            if (!process.isAlive()) {
                guard.check(); // killed by a cancel: not a failure of the server
                throw new UserException(name + " exited during start-up (code " + process.exitValue() + "): "
                        + errorTail(), hint);
            }
            LoginProbe.Result r = LoginProbe.probe(port, PROBE_TIMEOUT_MILLIS);
            if (r.answer() == LoginProbe.Answer.READY) {
                return;
            }
            if (r.answer() == LoginProbe.Answer.REFUSED) {
                kill(KILL_GRACE);
                throw new UserException(name + " started but refused the login as root: " + r.error(), hint);
            }
            if (System.nanoTime() > deadline) {
                kill(KILL_GRACE);
                throw new UserException(name + " did not answer within " + bound.toSeconds() + " s: " + errorTail(),
                        hint);
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted while " + name + " started");
            }
        }
    }

    /** @return the process id */
    public long pid() {
        return process.pid();
    }

    /** @return true while the process runs */
    public boolean alive() {
        return process.isAlive();
    }

    /**
     * Ends the process for data that is thrown away: SIGTERM, then SIGKILL once {@code grace} passed; waits up to a
     * second more for it to be gone. Idempotent; never throws.
     */
    public void kill(Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!waitFor(grace)) {
            process.destroyForcibly();
            waitFor(Duration.ofSeconds(1));
        }
    }

    /**
     * Sends SIGKILL and returns at once: the process runs no more of its code; the kernel frees its memory and the JVM
     * reaps it on their own.
     */
    public void signalKill() {
        process.destroyForcibly();
    }

    /** @return completes once the process ended and was reaped */
    public java.util.concurrent.CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    /**
     * Stops the server cleanly (SIGTERM: InnoDB flushes and closes its files), waiting at most {@code bound}; a server
     * still running then is killed (its next start recovers InnoDB from the redo log).
     *
     * @return true when it ended on its own within the bound
     */
    public boolean shutdown(Duration bound) {
        if (!process.isAlive()) {
            return true;
        }
        process.destroy();
        if (waitFor(bound)) {
            return true;
        }
        process.destroyForcibly();
        waitFor(Duration.ofSeconds(1));
        return false;
    }

    private boolean waitFor(Duration d) {
        try {
            return process.waitFor(d.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /**
     * @return the last three {@code [ERROR]} lines of the error log, else the last lines of the process's output (where
     *         the dynamic loader names a missing library), else the error log's last lines, joined by {@code " | "}
     */
    String errorTail() {
        List<String> log = lines(errorLog);
        List<String> errors = log.stream().filter(l -> l.contains("[ERROR]")).toList();
        List<String> pick = !errors.isEmpty() ? errors : !lines(output).isEmpty() ? lines(output) : log;
        if (pick.isEmpty()) {
            return "(no error log)";
        }
        return String.join(" | ", pick.subList(Math.max(0, pick.size() - 3), pick.size()));
    }

    private static List<String> lines(Path file) {
        try {
            return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
