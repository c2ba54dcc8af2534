package io.clusterbench.it;

import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C (SIGINT to the real process) before the measured phase has begun, while the command waits on something
 * that may take minutes: the process ends within {@value #BOUND_SECONDS} s with 130 and leaves no server process
 * and no data directory behind (issue 9: Ctrl-C stops a run whatever the server does). CI once saw an embedded
 * start under load take over a minute, and the Ctrl-C given during it took effect only after it.
 */
class InterruptBeforeMeasuringIT {
    /** Seconds from SIGINT to the process's end (its slack over the code's 1 s: {@link io.clusterbench.testing.ExitBound}). */
    private static final double BOUND_SECONDS = io.clusterbench.testing.ExitBound.SECONDS;

    @TempDir
    Path tmp;

    @Test
    void ctrlCDuringTheEmbeddedStartEndsAtOnceAndLeavesNothing() throws Exception {
        Path javaTmp = Files.createDirectories(tmp.resolve("javatmp"));
        Path cache = tmp.resolve("cache"); // empty: the start unpacks the server first
        Path stdout = tmp.resolve("stdout");
        Process p = start(List.of("-Djava.io.tmpdir=" + javaTmp), List.of("run", "oltp_point_select", "--time=5",
                "--out=" + tmp.resolve("out")), stdout, java.util.Map.of("CLUSTERBENCH_CACHE", cache.toString()));
        try {
            awaitOutput(stdout, "Unpacking MariaDB", 20);
            Thread.sleep(1500); // inside the unpacking
            assertTrue(p.isAlive() && !Files.readString(stdout).contains("is running on"),
                    "still starting when interrupted: " + Files.readString(stdout));
            double seconds = interruptAndTime(p);
            assertTrue(seconds < BOUND_SECONDS, "ended " + seconds + " s after Ctrl-C");
        } finally {
            p.destroyForcibly();
        }
        assertEndedAtOnceLeavingNoProcessUnder(p, javaTmp);
        assertFalse(serverFilesUnder(javaTmp), "the server's directory is removed");
        try (Stream<Path> left = Files.walk(cache, 2)) {
            assertEquals(List.of(), left.filter(f -> f.getFileName().toString().contains(".partial-")).toList(),
                    "the half-unpacked server is removed");
        }
        assertFalse(Files.readString(tmp.resolve("stderr")).contains("error:"),
                "the interrupt is not reported as a failure: " + Files.readString(tmp.resolve("stderr")));
    }

    @Test
    void ctrlCWhileTheServerDoesNotAnswerBeforeTheRunEndsAtOnce() throws Exception {
        try (OwnServer own = OwnServer.start("test")) {
            String pid = Long.toString(own.pid());
            new ProcessBuilder("kill", "-STOP", pid).start().waitFor(); // accepts TCP, answers nothing
            try {
                List<String> args = new ArrayList<>(List.of("run", "oltp_point_select", "--time=5",
                        "--connect-timeout=60", "--out=" + tmp.resolve("out")));
                args.addAll(own.cliTarget());
                Process p = start(List.of(), args, tmp.resolve("stdout"));
                try {
                    Thread.sleep(2500); // the JVM is up and waits for the server's handshake
                    assertTrue(p.isAlive(), "still waiting for the server: " + Files.readString(tmp.resolve("stderr")));
                    double seconds = interruptAndTime(p);
                    assertTrue(seconds < BOUND_SECONDS, "ended " + seconds + " s after Ctrl-C");
                } finally {
                    p.destroyForcibly();
                }
                assertEquals(130, p.exitValue(), Files.readString(tmp.resolve("stderr")));
            } finally {
                new ProcessBuilder("kill", "-CONT", pid).start().waitFor();
            }
        }
    }

    @Test
    void ctrlCWhileAbStartsItsServersEndsAtOnceAndLeavesNothing() throws Exception {
        EmbeddedServer unpacked = io.clusterbench.testing.TestServer.startOwn(true, List.of()); // its binary and a fresh datadir serve as the build
        unpacked.close();
        Path javaTmp = Files.createDirectories(tmp.resolve("abtmp"));
        try {
            Process p = start(List.of("-Djava.io.tmpdir=" + javaTmp), List.of("ab", "oltp_point_select",
                    "--table-size=20000", "--time=5", "--a-server=" + unpacked.binary(),
                    "--datadir-template=" + unpacked.dataDir(), "--out=" + tmp.resolve("ab")),
                    tmp.resolve("stdout"));
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (System.nanoTime() < deadline && !Files.readString(tmp.resolve("stdout")).contains("Copying ")) {
                    Thread.sleep(100);
                }
                Thread.sleep(1000); // copying the template, preparing the copy or starting a side
                assertTrue(p.isAlive() && !Files.readString(tmp.resolve("stdout")).contains("Started B"),
                        "still setting up when interrupted: " + Files.readString(tmp.resolve("stdout")));
                double seconds = interruptAndTime(p);
            assertTrue(seconds < BOUND_SECONDS, "ended " + seconds + " s after Ctrl-C");
            } finally {
                p.destroyForcibly();
            }
            assertEndedAtOnceLeavingNoProcessUnder(p, javaTmp);
            try (Stream<Path> left = Files.list(javaTmp)) {
                assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("clusterbench-ab-"))
                        .toList(), "the working directory is removed");
            }
        } finally {
            io.clusterbench.embedded.Trees.delete(unpacked.directory());
        }
    }

    @Test
    void ctrlCBeforeAbsFirstStepPrintsNoEmptyVerdict() throws Exception {
        Path stdout = tmp.resolve("stdout");
        Process p = start(List.of(), List.of("ab", "oltp_point_select", "--table-size=1000", "--threads=1", "--repeat=2",
                "--time=2", "--out=" + tmp.resolve("ab")), stdout);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < deadline && !Files.readString(stdout).contains("Results go to")) {
                Thread.sleep(20);
            }
            assertTrue(Files.readString(stdout).contains("Results go to"), Files.readString(stdout));
            double seconds = interruptAndTime(p);
            assertTrue(seconds < BOUND_SECONDS, "ended " + seconds + " s after Ctrl-C");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(130, p.exitValue(), Files.readString(tmp.resolve("stderr")));
        // the tester's case: a table header without rows and a blank 'summary:' after 'nothing was measured'
        List<String> lines = Files.readAllLines(stdout);
        assertFalse(lines.stream().anyMatch(l -> l.strip().equals("summary:")), String.join("\n", lines));
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("Pre-flight checks skipped")), String.join("\n", lines));
    }

    /**
     * Ctrl-C during warmup is before the measured phase too: the process ends at once, says nothing was measured
     * and prints no summary (a tester's Ctrl-C 1 s into a 3 s warmup printed a summary of zeros, "total time:
     * 0.0000s"; one during a 600-connection ramp waited for every connection and printed "total time: -1.6914s").
     */
    @Test
    void ctrlCDuringWarmupEndsAtOnceWithNothingMeasured() throws Exception {
        List<String> target = preparedTarget("warmint");
        List<String> args = new ArrayList<>(List.of("run", "oltp_point_select", "--table-size=100", "--threads=4",
                "--time=5", "--warmup-time=60", "--report-interval=1", "--out=" + tmp.resolve("warm")));
        args.addAll(target);
        Path stdout = tmp.resolve("stdout");
        Process p = start(List.of(), args, stdout);
        try {
            awaitOutput(stdout, "Threads started!", 20);
            Thread.sleep(500); // inside the warmup
            double seconds = interruptAndTime(p);
            assertTrue(seconds < BOUND_SECONDS, "ended " + seconds + " s after Ctrl-C");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(130, p.exitValue(), Files.readString(tmp.resolve("stderr")));
        assertTrue(Files.readString(tmp.resolve("stderr")).contains("nothing was measured"),
                Files.readString(tmp.resolve("stderr")));
        assertFalse(Files.readString(stdout).contains("total time:"), Files.readString(stdout));
        // the result file says so too (a tester found it left at "running")
        io.clusterbench.result.RunRecord run = io.clusterbench.result.ResultJson.read(tmp.resolve("warm/result.json"))
                .runs().get(0);
        assertEquals("interrupted", run.status());
        assertEquals("interrupted before the measured phase: nothing was measured", run.fatalError());
        assertEquals(List.of(), run.intervals());
    }

    /**
     * Ctrl-C just after "Results go to", before the connections are open: the step's result.json exists and says the
     * run was interrupted with nothing measured (a tester found no result directory in 12 of 34 tries, and one still
     * saying "running" in 2).
     */
    @Test
    void ctrlCJustAfterResultsGoToLeavesAnInterruptedResultFile() throws Exception {
        List<String> target = preparedTarget("resgoto");
        for (int attempt = 1; attempt <= 3; attempt++) {
            Path out = tmp.resolve("goto" + attempt);
            List<String> args = new ArrayList<>(List.of("run", "oltp_point_select", "--table-size=100", "--threads=50",
                    "--time=5", "--warmup-time=30", "--out=" + out));
            args.addAll(target);
            Path stdout = tmp.resolve("stdout");
            Process p = start(List.of(), args, stdout);
            try {
                awaitOutput(stdout, "Results go to", 2);
                Thread.sleep(20L * (attempt - 1)); // 0, 20 and 40 ms after the line
                double seconds = interruptAndTime(p);
                assertTrue(seconds < BOUND_SECONDS, "ended " + seconds + " s after Ctrl-C");
            } finally {
                p.destroyForcibly();
            }
            assertEquals(130, p.exitValue(), Files.readString(tmp.resolve("stderr")));
            io.clusterbench.result.RunRecord run = io.clusterbench.result.ResultJson.read(out.resolve("result.json"))
                    .runs().get(0);
            assertEquals("interrupted", run.status(), "attempt " + attempt);
            assertEquals("interrupted before the measured phase: nothing was measured", run.fatalError());
        }
    }

    /** @return the CLI options of a fresh database on the shared server, its oltp_point_select tables prepared (100 rows) */
    private static List<String> preparedTarget(String prefix) {
        List<String> target = io.clusterbench.testing.TestServer.cliTarget(
                io.clusterbench.testing.TestServer.freshDatabase(prefix));
        assertEquals(0, io.clusterbench.testing.Cli.run(io.clusterbench.testing.Cli.args(target, "prepare",
                "oltp_point_select", "--table-size=100")).exitCode());
        return target;
    }

    /** Waits (at most 60 s, polling every {@code pollMillis}) until {@code stdout} holds {@code text}; fails otherwise. */
    private static void awaitOutput(Path stdout, String text, long pollMillis) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && !Files.readString(stdout).contains(text)) {
            Thread.sleep(pollMillis);
        }
        assertTrue(Files.readString(stdout).contains(text), Files.readString(stdout));
    }

    /** Exit 130 and no process whose command line names {@code dir} (a server started from a copy under it). */
    private void assertEndedAtOnceLeavingNoProcessUnder(Process p, Path dir) throws Exception {
        assertEquals(130, p.exitValue(), Files.readString(tmp.resolve("stderr")));
        List<String> orphans = ProcessHandle.allProcesses()
                .map(h -> h.info().commandLine().orElse(""))
                .filter(c -> c.contains(dir.toString())).toList();
        assertEquals(List.of(), orphans, "no process runs from " + dir);
    }

    /** Starts the real process (SIGINT at its default action) with its output in files under the test's dir. */
    private Process start(List<String> jvmArgs, List<String> args, Path stdout) throws Exception {
        return start(jvmArgs, args, stdout, java.util.Map.of());
    }

    /** As {@link #start(List, List, Path)}, with environment variables added. */
    private Process start(List<String> jvmArgs, List<String> args, Path stdout, java.util.Map<String, String> env)
            throws Exception {
        List<String> cmd = io.clusterbench.testing.Cli.java();
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar")));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
                .redirectError(tmp.resolve("stderr").toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /** Sends SIGINT and @return the seconds until the process ended (fails after 60 s). */
    private static double interruptAndTime(Process p) throws Exception {
        long sent = System.nanoTime();
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended after Ctrl-C");
        return (System.nanoTime() - sent) / 1e9;
    }

    private static boolean serverFilesUnder(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(f -> f.getFileName().toString().startsWith("clusterbench-embedded-"));
        }
    }
}
