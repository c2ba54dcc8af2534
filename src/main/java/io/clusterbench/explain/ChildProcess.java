package io.clusterbench.explain;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A helper process of the explain collectors ({@code perf record}, {@code perf stat}, {@code perf script}, a
 * {@code --server-proc-cmd} command) that never outlives the command: {@link #close(Duration)} ends it (and its
 * children) within the deadline on every path, and a long-running one is started as {@code perf ... -- cat}, so it
 * also ends by itself when this process dies, however it dies: {@code cat} reads its standard input, a pipe from this
 * process, and perf stops when {@code cat} ends.
 *
 * <p>The collectors hand each one to the command's {@code lifecycle.Lifecycle} as soon as it runs, which kills it at
 * the command's end at the latest (docs/architecture.md, "The lifecycle"). Thread-safe: {@link #close} may be called from any thread,
 * more than once.
 */
final class ChildProcess implements AutoCloseable {
    /** How long a process asked to stop (SIGTERM) gets before it is killed (SIGKILL). */
    private static final long TERM_GRACE_MILLIS = 200;
    private final Process process;

    private ChildProcess(Process process) {
        this.process = process;
    }

    /**
     * Starts {@code command}; its standard input stays open (a pipe) until {@link #endInput} or {@link #close}, or
     * until this process ends.
     *
     * @param command the program and its arguments
     * @param stdout  the file its standard output goes to, or null to read it through {@link #output()}
     * @param stderr  the file its standard error goes to, or null to merge it into the standard output
     * @throws IOException when the program cannot be started (not installed)
     */
    static ChildProcess start(List<String> command, Path stdout, Path stderr) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        if (stdout != null) {
            pb.redirectOutput(stdout.toFile());
        }
        if (stderr != null) {
            pb.redirectError(stderr.toFile());
        } else {
            pb.redirectErrorStream(true);
        }
        return new ChildProcess(pb.start());
    }

    /** @return {@code process} (started by the caller's own builder) under this class's stop rules */
    static ChildProcess wrap(Process process) {
        return new ChildProcess(process);
    }

    /** @return the process's standard output (when not redirected to a file) */
    InputStream output() {
        return process.getInputStream();
    }

    /** @return its process id */
    long pid() {
        return process.pid();
    }

    /** @return true while it runs */
    boolean alive() {
        return process.isAlive();
    }

    /** @return its exit status; call only once it has ended */
    int exitValue() {
        return process.exitValue();
    }

    /** Closes its standard input: a command that runs until its input ends now finishes on its own. Never blocks. */
    void endInput() {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed, or the process is gone
        }
    }

    /**
     * Waits until one of its children runs {@code program} (it exec'ed it), or it ended, or {@code timeout} passed.
     *
     * @param program the child's program name, e.g. {@code cat}
     * @return true when the child runs it
     */
    boolean awaitChild(String program, Duration timeout) {
        long end = System.nanoTime() + timeout.toNanos();
        do {
            boolean running = process.children().anyMatch(c -> c.info().command()
                    .map(cmd -> cmd.endsWith("/" + program) || cmd.equals(program)).orElse(false));
            if (running) {
                return true;
            }
            if (!process.isAlive()) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        } while (System.nanoTime() < end);
        return false;
    }

    /**
     * Waits for it to end.
     *
     * @param timeout the longest wait
     * @return true when it ended
     */
    boolean await(Duration timeout) {
        try {
            return process.waitFor(Math.max(0, timeout.toMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /**
     * Ends the process within {@code deadline}: closes its input and waits for it to finish on its own; at the
     * deadline asks it to stop (SIGTERM), then kills it and its children (SIGKILL). Returns after at most
     * {@code deadline} plus {@value #TERM_GRACE_MILLIS} ms.
     *
     * @param deadline how long it may take to finish on its own (0 to kill at once)
     * @return true when it finished on its own (its output is complete), false when it had to be stopped
     */
    boolean close(Duration deadline) {
        endInput();
        if (await(deadline)) {
            return true;
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!await(Duration.ofMillis(TERM_GRACE_MILLIS))) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        return false;
    }

    /** Kills it at once (see {@link #close(Duration)}). */
    @Override
    public void close() {
        close(Duration.ZERO);
    }
}
