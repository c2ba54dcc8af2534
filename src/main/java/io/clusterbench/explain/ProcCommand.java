package io.clusterbench.explain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code --server-proc-cmd TEMPLATE}: a shell command that prints a remote server's {@code /proc} files, so the
 * resources per transaction are known for a server on another host (as {@code --fault-cmd} acts on one). In the
 * template {@code {host}} and {@code {port}} become the endpoint's, {@code {node}} the node's name and
 * {@code {index}} its 1-based number; the same values are in the environment as {@code CB_HOST}, {@code CB_PORT},
 * {@code CB_NODE}, {@code CB_NODE_INDEX}. It runs with {@code /bin/sh -c} and must print the contents of
 * {@code /proc/PID/stat}, {@code /proc/PID/task/*&#47;status} and {@code /proc/PID/io} of the server (see
 * {@link ProcReading}), e.g.
 * {@code ssh {host} 'P=$(pgrep -xo mariadbd); cat /proc/$P/stat /proc/$P/task/*&#47;status /proc/$P/io'}.
 *
 * <p>One run of the command. Thread-safe: {@link #await} and {@link #close} may come from different threads.
 */
final class ProcCommand implements AutoCloseable {
    /** The longest a reading may take before it is abandoned. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final ChildProcess process;
    private final Path output;

    private ProcCommand(ChildProcess process, Path output) {
        this.process = process;
        this.output = output;
    }

    /**
     * @param template the option's value
     * @return the command with the endpoint's values in place of the placeholders
     */
    static String expand(String template, String host, int port, String node, int index) {
        return template.replace("{host}", host).replace("{port}", Integer.toString(port)).replace("{node}", node)
                .replace("{index}", Integer.toString(index));
    }

    /**
     * Starts the command; never waits for it.
     *
     * @throws IOException when the shell cannot be started or the output file not made
     */
    static ProcCommand launch(String template, String host, int port, String node, int index) throws IOException {
        Path out = Files.createTempFile("clusterbench-proc-", ".txt");
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", expand(template, host, port, node, index));
        pb.environment().put("CB_HOST", host);
        pb.environment().put("CB_PORT", Integer.toString(port));
        pb.environment().put("CB_NODE", node);
        pb.environment().put("CB_NODE_INDEX", Integer.toString(index));
        pb.redirectOutput(out.toFile());
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            ChildProcess child = ChildProcess.wrap(pb.start());
            child.endInput();
            return new ProcCommand(child, out);
        } catch (IOException e) {
            Files.deleteIfExists(out);
            throw e;
        }
    }

    /**
     * Waits for the command and reads what it printed.
     *
     * @param timeout the longest wait; the command is killed after it
     * @return the reading
     * @throws IOException with the reason (timed out, failed, printed no /proc stat line)
     */
    ProcReading await(Duration timeout) throws IOException {
        try {
            if (!process.close(timeout)) {
                throw new IOException("--server-proc-cmd did not finish within " + timeout.toSeconds() + " s");
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            ProcReading r = ProcReading.parse(text);
            if (r == null) {
                String first = text.lines().findFirst().orElse("").strip();
                throw new IOException("--server-proc-cmd exited " + process.exitValue() + " without a /proc/PID/stat line"
                        + (first.isEmpty() ? " (no output)" : " (printed: " + shorten(first) + ")"));
            }
            return r;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String shorten(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }

    /** Kills the command (if it still runs) and removes its output. */
    @Override
    public void close() {
        process.close();
        try {
            Files.deleteIfExists(output);
        } catch (IOException ignored) {
            // a temporary file; the system cleans it up
        }
    }
}
