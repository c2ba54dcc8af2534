package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.ExitBound;
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
 * A server that stops answering (SIGSTOP: its sockets stay open, nothing is read or written) or vanishes (SIGKILL) in
 * each phase of a run, with and without Ctrl-C or SIGTERM, on the real process with the default options (explain on;
 * the Ctrl-C and SIGTERM cases of the measured phase and the end sequence also with {@code --profile on}, whose
 * longer analysis deadline must not apply after a stop): no blocked read, handshake, cancel or observer query may hold the process, and result.json
 * keeps the finished intervals with the right status.
 */
class FrozenServerStopIT {
    /** The longest the process may live after the signal or the measured end (its slack: {@link ExitBound}). */
    private static final double EXIT_BOUND_SECONDS = ExitBound.SECONDS;
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
        Process p = start(out, "--profile=on", "--time=60");
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
        Process p = start(out, "--time=5");
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

    @Test
    void sigtermWhileTheServerIsFrozenInTheMeasuredPhaseEndsAtOnceWithTheFinishedIntervals() throws Exception {
        Path out = tmp.resolve("sigterm");
        Process p = start(out, "--profile=on", "--time=60");
        try {
            ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
            double afterSignal = freezeThenSignal(p, "-TERM");
            assertEquals(143, p.exitValue(), output());
            assertTrue(afterSignal < EXIT_BOUND_SECONDS, "the process ended " + afterSignal + " s after SIGTERM");
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
        }
        JsonNode run = ResultFiles.run(out);
        assertEquals("interrupted", run.get("status").asText());
        assertTrue(run.get("intervals").size() >= 2, "finished intervals kept: " + run.get("intervals").size());
        assertTrue(run.has("summary") && !run.get("summary").isNull(), "the summary of what was measured");
    }

    /**
     * Frozen a moment before the measured end: the last statements, the end sequence (final readings, the observers'
     * close, the wait profile's end reading, the prepared-statement check, perf's stop and analysis) and the report
     * meet a server that does not answer.
     */
    @Test
    void aServerFrozenAtTheMeasuredEndHoldsNeitherTheEndSequenceNorTheReport() throws Exception {
        Path out = tmp.resolve("endsequence");
        Process p = start(out, "--time=4");
        long endedEpochMillis;
        try {
            waitForOutput(s -> s.contains("[ 3s ]"));
            Thread.sleep(850); // about 0.15 s before the measured end
            signal("-STOP", own.pid());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
            endedEpochMillis = System.currentTimeMillis();
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
        }
        JsonNode run = ResultFiles.run(out);
        assertEquals("completed", run.get("status").asText(), output());
        assertEquals(4, run.get("intervals").size(), output());
        assertTrue(p.exitValue() == 0 || p.exitValue() == 3, "exit " + p.exitValue() + ": " + output());
        assertTrue(afterMeasuredEnd(run, endedEpochMillis) < EXIT_BOUND_SECONDS, "the process ended "
                + afterMeasuredEnd(run, endedEpochMillis) + " s after the measured end:\n" + output());
    }

    /** A Ctrl-C as the end sequence meets a frozen server: the end work is cut at once, the run stays completed. */
    @Test
    void ctrlCDuringTheEndSequenceWithTheServerFrozenEndsAtOnce() throws Exception {
        Path out = tmp.resolve("endctrlc");
        Process p = start(out, "--profile=on", "--time=4");
        double afterSignal;
        try {
            waitForOutput(s -> s.contains("[ 3s ]"));
            Thread.sleep(850);
            signal("-STOP", own.pid());
            Thread.sleep(300); // the measured end passed: the end work waits on the frozen server
            long sent = System.nanoTime();
            signal("-INT", p.pid());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
            afterSignal = (System.nanoTime() - sent) / 1e9;
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
        }
        assertTrue(afterSignal < EXIT_BOUND_SECONDS, "the process ended " + afterSignal + " s after Ctrl-C");
        JsonNode run = ResultFiles.run(out);
        assertEquals(4, run.get("intervals").size(), output());
        assertTrue(run.has("summary") && !run.get("summary").isNull(), "the run's summary: " + output());
        assertTrue(List.of(0, 3, 130).contains(p.exitValue()), "exit " + p.exitValue() + ": " + output());
    }

    @Test
    void ctrlCWhileTheServerIsFrozenDuringPrepareEndsAtOnceWithWhatWasLoaded() throws Exception {
        own.execute("CREATE DATABASE IF NOT EXISTS frozenload");
        List<String> cmd = new ArrayList<>(Cli.java());
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "prepare",
                "oltp_read_write", "--tables=2", "--table-size=2000000"));
        cmd.addAll(own.cliTarget());
        cmd.add("--db=frozenload");
        Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout").toFile())
                .redirectError(tmp.resolve("stderr").toFile()).start();
        try {
            waitForOutput(s -> s.contains("Inserting"));
            Thread.sleep(1000);
            double afterSignal = freezeThenSignal(p, "-INT");
            assertTrue(afterSignal < EXIT_BOUND_SECONDS, "the process ended " + afterSignal + " s after Ctrl-C");
            assertEquals(130, p.exitValue(), output());
        } finally {
            p.destroyForcibly();
            signal("-CONT", own.pid());
            own.execute("DROP DATABASE IF EXISTS frozenload");
        }
        assertTrue(output().contains("Load interrupted") && output().contains("resume with:"), output());
        assertTrue(!output().contains("error:"), "an interrupt is no error: " + output());
    }

    /** The server killed (SIGKILL) mid-run, then Ctrl-C: the reconnects to nothing hold nothing. */
    @Test
    void ctrlCAfterTheServerVanishedEndsAtOnceWithTheFinishedIntervals() throws Exception {
        try (OwnServer gone = OwnServer.start("vanished")) {
            Path out = tmp.resolve("vanished-ctrlc");
            Process p = startOn(gone, out, "--time=60");
            try {
                ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
                signal("-KILL", gone.pid());
                Thread.sleep(1500); // workers reconnecting to a port nobody listens on
                long sent = System.nanoTime();
                signal("-INT", p.pid());
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
                double afterSignal = (System.nanoTime() - sent) / 1e9;
                assertEquals(130, p.exitValue(), output());
                assertTrue(afterSignal < EXIT_BOUND_SECONDS, "the process ended " + afterSignal + " s after Ctrl-C");
            } finally {
                p.destroyForcibly();
            }
            JsonNode run = ResultFiles.run(out);
            assertEquals("interrupted", run.get("status").asText());
            assertTrue(run.get("intervals").size() >= 2, "finished intervals kept: " + run.get("intervals").size());
        }
    }

    /**
     * The server killed mid-run without a Ctrl-C: the run gives up once every endpoint stays unreachable (5 s), a
     * fatal error; the process ends within the bound of that measured end.
     */
    @Test
    void aVanishedServerEndsTheRunAtTheGiveUpAndTheProcessRightAfter() throws Exception {
        try (OwnServer gone = OwnServer.start("vanished")) {
            Path out = tmp.resolve("vanished");
            Process p = startOn(gone, out, "--time=60");
            long endedEpochMillis;
            try {
                ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
                signal("-KILL", gone.pid());
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
                endedEpochMillis = System.currentTimeMillis();
            } finally {
                p.destroyForcibly();
            }
            JsonNode run = ResultFiles.run(out);
            assertEquals("fatal_error", run.get("status").asText(), output());
            assertEquals(4, p.exitValue(), output());
            assertTrue(run.get("intervals").size() >= 2, "finished intervals kept: " + run.get("intervals").size());
            assertTrue(afterMeasuredEnd(run, endedEpochMillis) < EXIT_BOUND_SECONDS, "the process ended "
                    + afterMeasuredEnd(run, endedEpochMillis) + " s after the measured end:\n" + output());
        }
    }

    /** @return seconds from the run's measured end (result.json) to {@code endedEpochMillis} */
    private static double afterMeasuredEnd(JsonNode run, long endedEpochMillis) {
        JsonNode summary = run.get("summary");
        return (endedEpochMillis - summary.get("timing").get("measuredStartEpochMillis").asLong()) / 1000.0
                - summary.get("measuredSeconds").asDouble();
    }

    /** Freezes the server, waits 2 s (workers and observers blocked on it), sends SIGINT; @return seconds to exit */
    private static double freezeThenInterrupt(Process p) throws Exception {
        return freezeThenSignal(p, "-INT");
    }

    /** Freezes the server, waits 2 s, sends {@code signal}; @return seconds from the signal to the exit */
    private static double freezeThenSignal(Process p, String signal) throws Exception {
        signal("-STOP", own.pid());
        Thread.sleep(2000);
        long sent = System.nanoTime();
        signal(signal, p.pid());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
        return (System.nanoTime() - sent) / 1e9;
    }

    /** Starts the real process of an 8-thread oltp_read_write run on the own server, output in tmp. */
    private Process start(Path out, String... extra) throws Exception {
        return startOn(own, out, extra);
    }

    /** The same on {@code server}, whose tables it prepares first when they are missing. */
    private Process startOn(OwnServer server, Path out, String... extra) throws Exception {
        if (server != own) {
            assertEquals(0, Cli.run(Cli.args(server.cliTarget(), "prepare", "oltp_read_write", "--table-size=1000",
                    "--tables=2")).exitCode());
        }
        List<String> cmd = new ArrayList<>(Cli.java());
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run",
                "oltp_read_write", "--table-size=1000", "--tables=2", "--threads=8", "--report-interval=1",
                "--out=" + out));
        cmd.addAll(List.of(extra));
        cmd.addAll(server.cliTarget());
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
