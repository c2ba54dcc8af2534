package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs {@code perf script} over a {@code perf.data} and folds its samples as they stream in
 * ({@link PerfScriptFolder}), until a deadline: at the deadline perf script is killed and what was folded by then is
 * kept, marked incomplete (perf script writes the samples in time order, so that is the window's first part).
 * {@code --no-inline}: the inline frames it would add need the binary's debug information, whose reading can take
 * seconds, and a server built without it gives the same stacks either way.
 *
 * <p>Thread-safe (stateless).
 */
final class PerfScript {
    private PerfScript() {
    }

    /**
     * What a read folded.
     *
     * @param folder   the samples folded
     * @param complete false when the deadline cut the read short
     */
    record Fold(PerfScriptFolder folder, boolean complete) {
    }

    /**
     * @param data       the perf.data file
     * @param pids       the processes whose samples are wanted, comma-separated
     * @param fromNanos  the window's start (CLOCK_MONOTONIC ns)
     * @param toNanos    its end
     * @param untilNanos the deadline of the whole read (System.nanoTime)
     * @param life       the command's lifecycle: a stop kills perf script and fails the fold
     * @return the folded samples of the window, complete or cut at the deadline
     * @throws IOException when perf script cannot run, fails, or the command was stopped
     */
    static Fold fold(Path data, String pids, long fromNanos, long toNanos, long untilNanos, Lifecycle life)
            throws IOException {
        ChildProcess script = ChildProcess.start(List.of("perf", "script", "-i", data.toString(), "--pid", pids,
                "--show-lost-events", "-F", "comm,pid,tid,time,ip,sym,dso", "--no-inline"), null, Path.of("/dev/null"));
        script.endInput();
        AtomicBoolean late = new AtomicBoolean();
        Thread watchdog = new Thread(() -> {
            if (!script.await(Duration.ofNanos(Math.max(0, untilNanos - System.nanoTime())))) {
                late.set(true);
                script.close();
            }
        }, "perf-script-deadline");
        watchdog.setDaemon(true);
        watchdog.start();
        PerfScriptFolder folder = new PerfScriptFolder(fromNanos, toNanos);
        Lifecycle.Owned owned = life.own("perf script", script::close);
        try (Lifecycle.Listener stop = life.onStop(script::close);
             BufferedReader in = new BufferedReader(new InputStreamReader(script.output(), StandardCharsets.UTF_8))) {
            folder.read(in, false); // perf script ends every sample with a blank line: only a cut one lacks it
        } catch (IOException cut) {
            if (!late.get()) {
                throw cut;
            } // killed at the deadline under the read: what was folded stays
        } finally {
            owned.release();
            script.close(Duration.ofMillis(100));
            watchdog.interrupt();
        }
        if (life.stopRequested()) {
            throw new IOException("the command was stopped (Ctrl-C) during the analysis");
        }
        if (!late.get() && script.exitValue() != 0) {
            throw new IOException("perf script exited " + script.exitValue());
        }
        return new Fold(folder, !late.get());
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
