package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --server-perf-cmd TEMPLATE}: the on-CPU profile of a server on another host through a command, as
 * {@code --server-proc-cmd} reads its /proc (docs/explain.md, "Servers elsewhere"). The command is started at the
 * measured start with {@code /bin/sh -c}; {@code {host}}, {@code {port}}, {@code {node}}, {@code {index}} (1-based)
 * and {@code {hz}} ({@code --profile-frequency}) are replaced, and the same values are in the environment
 * ({@code CB_HOST}, {@code CB_PORT}, {@code CB_NODE}, {@code CB_NODE_INDEX}, {@code CB_HZ}). Its standard input is a
 * pipe that closes at the measured end (ssh passes the end on, so a remote {@code perf record ... -- cat} stops
 * then); it must then print {@code perf script -F comm,pid,tid,time,ip,sym,dso} output (with
 * {@code --show-lost-events} to count lost samples) and exit, by the step's end deadline.
 * Every sample it prints is kept (the remote clock is not this host's: the command's life is the window), all its
 * processes as one server.
 *
 * <p>One command per remote node and step. Thread-safe: {@link #endInput} and {@link #close} may come from any thread.
 */
final class RemotePerf implements AutoCloseable {
    private final ChildProcess process;
    private final Lifecycle.Owned owned;
    private final Path output;
    private final Path log;

    private RemotePerf(ChildProcess process, Lifecycle.Owned owned, Path output, Path log) {
        this.process = process;
        this.owned = owned;
        this.output = output;
        this.log = log;
    }

    /** @return {@code template} with the node's values in place of the placeholders */
    static String expand(String template, ExplainNode n, String name, int frequencyHz) {
        return ProcCommand.expand(template, n.endpoint().host(), n.endpoint().port(), name, n.index() + 1)
                .replace("{hz}", Integer.toString(frequencyHz));
    }

    /**
     * Starts the command for one node; never waits for it. Its output goes to {@code perf-script-NAME.txt}, its
     * standard error to {@code perf-remote-NAME.log} in the step's folder (both removed once folded).
     *
     * @throws IOException when the shell cannot be started or the folder not written
     */
    static RemotePerf launch(String template, ExplainNode n, String name, int frequencyHz, Path dir, Lifecycle life)
            throws IOException {
        Files.createDirectories(dir);
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        Path out = dir.resolve("perf-script-" + safe + ".txt");
        Path err = dir.resolve("perf-remote-" + safe + ".log");
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", expand(template, n, name, frequencyHz));
        pb.environment().put("CB_HOST", n.endpoint().host() == null ? "" : n.endpoint().host());
        pb.environment().put("CB_PORT", Integer.toString(n.endpoint().port()));
        pb.environment().put("CB_NODE", name);
        pb.environment().put("CB_NODE_INDEX", Integer.toString(n.index() + 1));
        pb.environment().put("CB_HZ", Integer.toString(frequencyHz));
        pb.redirectOutput(out.toFile());
        pb.redirectError(err.toFile());
        ChildProcess child = ChildProcess.wrap(pb.start());
        return new RemotePerf(child, life.own("--server-perf-cmd " + name, () -> child.close(Duration.ZERO)), out, err);
    }

    /** The measured end: closes the command's input (a remote perf stops); never waits. */
    void endInput() {
        process.endInput();
    }

    /**
     * Waits for the command to print its samples and folds them.
     *
     * @param deadline the longest wait; the command is killed after it
     * @param life     a stop (Ctrl-C) kills the command at once
     * @return the folded samples
     * @throws IOException with the reason: it passed the deadline, exited non-zero, or printed no sample
     */
    Folded finish(Duration deadline, Lifecycle life) throws IOException {
        try (Lifecycle.Listener stop = life.onStop(process::close)) {
            if (!process.close(deadline)) {
                throw new IOException(life.stopRequested() ? "the command was stopped (Ctrl-C)"
                        : "--server-perf-cmd did not finish by the profile's deadline");
            }
        } finally {
            owned.release();
        }
        PerfScriptFolder folder = new PerfScriptFolder(Long.MIN_VALUE, Long.MAX_VALUE);
        try (BufferedReader in = Files.newBufferedReader(output, StandardCharsets.UTF_8)) {
            folder.read(in);
        }
        Map<String, Long> stacks = new TreeMap<>();
        folder.stacks().values().forEach(s -> s.forEach((k, v) -> stacks.merge(k, v, Long::sum)));
        if (stacks.isEmpty()) {
            String why = Files.exists(log) ? Files.readAllLines(log).stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("[ perf")).findFirst().orElse("") : "";
            throw new IOException("--server-perf-cmd exited " + process.exitValue() + " without a sample"
                    + (why.isEmpty() ? "" : " (" + (why.length() > 100 ? why.substring(0, 100) + "..." : why) + ")"));
        }
        long lost = folder.lostSamples().values().stream().mapToLong(Long::longValue).sum();
        return new Folded(stacks, lost, folder.spanNanos() / 1e9);
    }

    /**
     * A remote node's samples.
     *
     * @param stacks         folded stack to samples
     * @param lostSamples    samples its perf reported lost
     * @param coveredSeconds from its first sample to its last (remote clock), s
     */
    record Folded(Map<String, Long> stacks, long lostSamples, double coveredSeconds) {
    }

    /** Kills the command (if it still runs) and removes its files. */
    @Override
    public void close() {
        process.close();
        owned.release();
        removeFiles();
    }

    /** Removes the command's output and log. */
    void removeFiles() {
        for (Path p : List.of(output, log)) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // left in the step's folder
            }
        }
    }
}
