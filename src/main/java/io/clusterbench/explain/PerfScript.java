package io.clusterbench.explain;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Runs {@code perf script} over a {@code perf.data} and folds its samples as they stream in
 * ({@link PerfScriptFolder}), under a deadline: at the deadline perf script is killed and the fold fails.
 *
 * <p>Thread-safe (stateless).
 */
final class PerfScript {
    private PerfScript() {
    }

    /**
     * @param data      the perf.data file
     * @param pids      the processes whose samples are wanted, comma-separated
     * @param fromNanos the window's start (CLOCK_MONOTONIC ns)
     * @param toNanos   its end
     * @param deadline  the longest the whole read may take
     * @param life      the command's lifecycle: a stop kills perf script (the fold then fails)
     * @return the folded samples of the window
     * @throws IOException when perf script cannot run, fails, or passes the deadline
     */
    static PerfScriptFolder fold(Path data, String pids, long fromNanos, long toNanos, Duration deadline,
                                 io.clusterbench.lifecycle.Lifecycle life) throws IOException {
        ChildProcess script = ChildProcess.start(List.of("perf", "script", "-i", data.toString(), "--pid", pids,
                "--show-lost-events", "-F", "comm,pid,tid,time,ip,sym,dso"), null, Path.of("/dev/null"));
        script.endInput();
        java.util.concurrent.atomic.AtomicBoolean late = new java.util.concurrent.atomic.AtomicBoolean();
        Thread watchdog = new Thread(() -> {
            if (!script.await(deadline)) {
                late.set(true);
                script.close();
            }
        }, "perf-script-deadline");
        watchdog.setDaemon(true);
        watchdog.start();
        PerfScriptFolder folder = new PerfScriptFolder(fromNanos, toNanos);
        io.clusterbench.lifecycle.Lifecycle.Owned owned = life.own("perf script", script::close);
        try (io.clusterbench.lifecycle.Lifecycle.Listener stop = life.onStop(script::close);
             BufferedReader in = new BufferedReader(new InputStreamReader(script.output(), StandardCharsets.UTF_8))) {
            folder.read(in);
        } finally {
            owned.release();
            script.close(Duration.ofSeconds(1));
            watchdog.interrupt();
        }
        if (life.stopRequested()) {
            throw new IOException("the command was stopped (Ctrl-C) during the analysis");
        }
        if (late.get()) {
            throw new IOException("perf script passed its " + deadline.toSeconds() + " s deadline");
        }
        if (script.exitValue() != 0) {
            throw new IOException("perf script exited " + script.exitValue());
        }
        return folder;
    }

    /**
     * @param log  perf record's standard error
     * @param perf the perf record process, or null
     * @return perf's complaint (its log's first error line), or its exit status when it said nothing (128 + N: ended
     * by signal N)
     */
    static String recordError(Path log, ChildProcess perf) {
        String status = perf == null || perf.alive() ? "" : " (exit status " + perf.exitValue() + ")";
        try {
            return java.nio.file.Files.readAllLines(log).stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("[ perf")).filter(l -> !l.equalsIgnoreCase("Error:"))
                    .findFirst().map(l -> "perf record failed: " + l).orElse("perf record ended without a message" + status);
        } catch (IOException e) {
            return "perf record failed" + status;
        }
    }
}
