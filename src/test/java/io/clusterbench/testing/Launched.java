package io.clusterbench.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The real {@code bin/clusterbench} launcher run as a user runs it, each line of its output kept with the seconds since
 * launch at which it arrived, so tests can time "first interval after launch" and "exit after the summary". The JVM's
 * temporary directory is the test's own ({@code CLUSTERBENCH_JAVA_OPTS=-Djava.io.tmpdir=...}), so what a run leaves
 * there ({@code clusterbench-embedded-*}) and the processes whose command line names it are the run's alone.
 *
 * <p>Thread-safe: output is read on two daemon threads; the accessors copy.
 */
public final class Launched {
    /** One output line and when it came. */
    public record Line(double atSeconds, boolean stderr, String text) {
    }

    private final Process process;
    private final long launchedNanos;
    private final Path javaTmp;
    private final List<Line> lines = new ArrayList<>(); // guarded by itself
    private final Thread outReader;
    private final Thread errReader;
    private volatile long exitedNanos;

    private Launched(Process process, long launchedNanos, Path javaTmp) {
        this.process = process;
        this.launchedNanos = launchedNanos;
        this.javaTmp = javaTmp;
        this.outReader = reader(process.getInputStream(), false);
        this.errReader = reader(process.getErrorStream(), true);
        process.onExit().thenRun(() -> exitedNanos = System.nanoTime());
    }

    /**
     * Starts {@code bin/clusterbench args...} from the project directory.
     *
     * @param env     environment variables added to this process's (e.g. {@code CLUSTERBENCH_CACHE})
     * @param javaTmp the JVM's {@code java.io.tmpdir} (created)
     */
    public static Launched start(Map<String, String> env, Path javaTmp, List<String> args) throws IOException {
        Files.createDirectories(javaTmp);
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT", "bin/clusterbench"));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        pb.environment().put("CLUSTERBENCH_JAVA_OPTS", "-Djava.io.tmpdir=" + javaTmp);
        long t0 = System.nanoTime();
        return new Launched(pb.start(), t0, javaTmp);
    }

    private Thread reader(InputStream in, boolean stderr) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    double at = (System.nanoTime() - launchedNanos) / 1e9;
                    synchronized (lines) {
                        lines.add(new Line(at, stderr, l));
                    }
                }
            } catch (IOException ended) {
                // the process ended
            }
        }, "launched-" + (stderr ? "err" : "out"));
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** @return the process */
    public Process process() {
        return process;
    }

    /** @return seconds since launch */
    public double now() {
        return (System.nanoTime() - launchedNanos) / 1e9;
    }

    /** @return the lines so far, in arrival order */
    public List<Line> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** @return all output so far, stdout and stderr interleaved as they came, one line each */
    public String text() {
        StringBuilder b = new StringBuilder();
        for (Line l : lines()) {
            b.append(String.format(java.util.Locale.ROOT, "%7.2f %s %s%n", l.atSeconds(), l.stderr() ? "E" : " ",
                    l.text()));
        }
        return b.toString();
    }

    /** @return seconds since launch of the first line that contains {@code text}, or -1 */
    public double firstAt(String text) {
        return lines().stream().filter(l -> l.text().contains(text)).mapToDouble(Line::atSeconds).findFirst()
                .orElse(-1);
    }

    /** Waits until a line contains {@code text} or the process ended; @return its time, or -1 */
    public double await(String text, double timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (timeoutSeconds * 1e9);
        while (System.nanoTime() < deadline) {
            double at = firstAt(text);
            if (at >= 0 || !process.isAlive()) {
                return firstAt(text);
            }
            Thread.sleep(5);
        }
        return -1;
    }

    /** Sends SIGINT (Ctrl-C) to the launcher's process (the JVM: the launcher execs it). */
    public void interrupt() throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
    }

    /**
     * Waits for the end (at most {@code timeoutSeconds}, then kills it) and for its output.
     *
     * @return the exit status
     */
    public int waitFor(double timeoutSeconds) throws InterruptedException {
        if (!process.waitFor((long) (timeoutSeconds * 1000), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor();
            throw new AssertionError("did not end within " + timeoutSeconds + " s:\n" + text());
        }
        outReader.join(5000);
        errReader.join(5000);
        return process.exitValue();
    }

    /** @return seconds since launch at which the process ended (after {@link #waitFor}) */
    public double exitedAt() {
        long t = exitedNanos;
        for (int i = 0; i < 100 && t == 0; i++) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            t = exitedNanos;
        }
        return (t - launchedNanos) / 1e9;
    }

    /** @return the {@code clusterbench-embedded-*} directories left in the run's temporary directory */
    public List<Path> leftoverDirectories() throws IOException {
        try (Stream<Path> s = Files.list(javaTmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("clusterbench-embedded-")).toList();
        }
    }

    /**
     * @param also another directory whose processes are the run's (the cache, where a data directory is initialised)
     * @return command lines of running processes other than JVMs that name the run's temporary directory or {@code also}
     *         (its mariadbd, a bootstrap) and are still there 1 s after the call
     */
    public List<String> leftoverProcesses(Path also) throws InterruptedException {
        long deadline = System.nanoTime() + 1_000_000_000L; // a SIGKILLed process's teardown, not a process left running
        List<String> left;
        do {
            left = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                    .map(h -> h.info().commandLine().orElse(""))
                    .filter(c -> (c.contains(javaTmp.toString()) || c.contains(also.toString()))
                            && !c.contains("java.io.tmpdir")).toList();
            if (!left.isEmpty()) {
                Thread.sleep(20);
            }
        } while (!left.isEmpty() && System.nanoTime() < deadline);
        return left;
    }
}
