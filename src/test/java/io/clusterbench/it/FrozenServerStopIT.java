package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server that stops answering (SIGSTOP: its sockets stay open, nothing is read or written) in each phase of a run,
 * with and without Ctrl-C, on the real process: no blocked read, handshake or observer query may hold the process.
 * The bound is the lifecycle's (observers closed within 0.2 s, final readings 0.3 s, the JVM's wait for threads in
 * native reads) plus room for a loaded 2-core machine. With Ctrl-C the on-CPU profile is cut short too; without it,
 * perf's stop and the analysis of its samples are work of the step's own (bounded by their deadlines), so the run
 * through the measured end goes without a profile.
 */
class FrozenServerStopIT {
    /** The longest the process may live after the Ctrl-C or the measured end, in seconds. */
    private static final double EXIT_BOUND_SECONDS = 2.0;
    private static OwnServer own;

    @TempDir
    Path tmp;

    @BeforeAll
    static void server() throws Exception {
        own = OwnServer.start("frozen");
        assertEquals(0, Cli.run(Cli.args(own.cliTarget(), "prepare", "oltp_read_write", "--table-size=1000",
                "--tables=2")).exitCode());
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (own != null) {
            signal("-CONT", own.pid());
            own.close();
        }
    }

    @Test
    void ctrlCWhileTheServerIsFrozenInTheMeasuredPhaseEndsAtOnceWithTheFinishedIntervals() throws Exception {
        Path out = tmp.resolve("measured");
        Process p = start(out, "--time=60");
        try {
            ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
            double afterSignal = freezeThenInterrupt(p);
            assertEquals(130, p.exitValue(), output());
            assertTrue(afterSignal < EXIT_BOUND_SECONDS, "the process ended " + afterSignal + " s after Ctrl-C");
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
        }
        JsonNode run = ResultFiles.run(out);
        assertEquals("interrupted", run.get("status").asText());
        assertTrue(run.get("intervals").size() >= 2, "finished intervals kept: " + run.get("intervals").size());
        assertTrue(run.has("summary") && !run.get("summary").isNull(), "the summary of what was measured");
    }

    @Test
    void aServerFrozenThroughTheMeasuredEndDoesNotHoldTheProcess() throws Exception {
        Path out = tmp.resolve("end");
        Process p = start(out, "--time=5", "--profile=off"); // perf's stop and analysis are work of their own
        long measuredEndNanos;
        try {
            ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
            signal("-STOP", own.pid());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
            measuredEndNanos = System.nanoTime();
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
        }
        JsonNode run = ResultFiles.run(out);
        JsonNode summary = run.get("summary");
        double afterEnd = (System.currentTimeMillis() - summary.get("timing").get("measuredStartEpochMillis").asLong())
                / 1000.0 - summary.get("measuredSeconds").asDouble()
                - (System.nanoTime() - measuredEndNanos) / 1e9;
        assertTrue(afterEnd < EXIT_BOUND_SECONDS, "the process ended " + afterEnd + " s after the measured end");
        assertTrue(Math.abs(summary.get("measuredSeconds").asDouble() - 5) <= 0.5, summary.toString());
        assertTrue(p.exitValue() != 1 && p.exitValue() != 130, "exit " + p.exitValue() + ": " + output());
    }

    @Test
    void ctrlCWhileTheServerIsFrozenDuringWarmupEndsAtOnceWithNothingMeasured() throws Exception {
        Path out = tmp.resolve("warmup");
        Process p = start(out, "--time=30", "--warmup-time=30");
        try {
            waitForOutput(s -> s.contains("Threads started"));
            Thread.sleep(500);
            double afterSignal = freezeThenInterrupt(p);
            assertEquals(130, p.exitValue(), output());
            assertTrue(afterSignal < EXIT_BOUND_SECONDS, "the process ended " + afterSignal + " s after Ctrl-C");
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
        }
        assertTrue(output().contains("nothing was measured"), output());
        assertEquals("interrupted", ResultFiles.run(out).get("status").asText());
    }

    @Test
    void ctrlCWhileAFrozenServerHoldsTheFirstConnectionEndsAtOnce() throws Exception {
        Path out = tmp.resolve("connect");
        signal("-STOP", own.pid());
        Process p = start(out, "--time=30");
        try {
            Thread.sleep(3000); // the JVM is up and the first connection's handshake waits on the frozen server
            long sent = System.nanoTime();
            signal("-INT", p.pid());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
            double afterSignal = (System.nanoTime() - sent) / 1e9;
            assertEquals(130, p.exitValue(), output());
            assertTrue(afterSignal < EXIT_BOUND_SECONDS, "the process ended " + afterSignal + " s after Ctrl-C");
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
        }
        assertTrue(output().contains("nothing was measured"), output());
    }

    /** Freezes the server, waits 2 s (workers and observers blocked on it), sends SIGINT; @return seconds to exit */
    private static double freezeThenInterrupt(Process p) throws Exception {
        signal("-STOP", own.pid());
        Thread.sleep(2000);
        long sent = System.nanoTime();
        signal("-INT", p.pid());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
        return (System.nanoTime() - sent) / 1e9;
    }

    /** Starts the real process of an 8-thread oltp_read_write run on the own server, output in tmp. */
    private Process start(Path out, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(Cli.java());
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run",
                "oltp_read_write", "--table-size=1000", "--tables=2", "--threads=8", "--report-interval=1",
                "--out=" + out));
        cmd.addAll(List.of(extra));
        cmd.addAll(own.cliTarget());
        return new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout").toFile())
                .redirectError(tmp.resolve("stderr").toFile()).start();
    }

    private void waitForOutput(Predicate<String> seen) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (seen.test(output())) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("not seen in the output: " + output());
    }

    private String output() {
        try {
            Path o = tmp.resolve("stdout");
            Path e = tmp.resolve("stderr");
            return (Files.exists(o) ? Files.readString(o) : "") + (Files.exists(e) ? Files.readString(e) : "");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void signal(String signal, long pid) throws Exception {
        new ProcessBuilder("kill", signal, Long.toString(pid)).start().waitFor();
    }
}
