package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ctrl-C on the real process: summary printed, finished intervals and result.json on disk, exit 130. */
class InterruptIT {
    @TempDir
    Path tmp;

    @Test
    void ctrlCKeepsFinishedIntervalsAndPrintsTheSummary() throws Exception {
        Path out = tmp.resolve("out");
        List<String> cmd = runCommand(preparedTarget("intr"), out);
        Process p = signalAfterIntervals(cmd, out, 3, "-INT");
        assertEquals(130, p.exitValue());
        String stdout = Files.readString(tmp.resolve("stdout"));
        assertTrue(stdout.contains("SQL statistics:"), stdout);
        assertTrue(Files.readString(tmp.resolve("stderr")).contains("interrupted"));
        JsonNode run = ResultFiles.run(out);
        assertEquals("interrupted", run.get("status").asText());
        assertTrue(run.get("intervals").size() >= 3);
        assertTrue(run.get("summary").get("events").asLong() > 0);
    }

    /**
     * Started with SIGINT ignored (a script's {@code cmd &}: non-interactive shells ignore it in background
     * jobs), Ctrl-C cannot stop the process: a tester's {@code kill -INT} did nothing and the run went on to its
     * full {@code --time}. The run says so at its start and names the signal that works; SIGTERM then stops it
     * with its results written.
     */
    @Test
    void startedWithSigintIgnoredTheRunSaysSoAndSigtermStillStopsIt() throws Exception {
        List<String> target = preparedTarget("intr_ign");
        Path out = tmp.resolve("ign");
        List<String> java = new ArrayList<>(List.of("java")); // not Cli.java(): it restores SIGINT's default
        java.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run",
                "oltp_point_select", "--table-size=1000", "--time=120", "--report-interval=1", "--out=" + out));
        java.addAll(target);
        StringBuilder quoted = new StringBuilder("trap '' INT; exec");
        for (String a : java) {
            quoted.append(" '").append(a.replace("'", "'\\''")).append("'");
        }
        signalAfterIntervals(List.of("bash", "-c", quoted.toString()), out, 2, "-TERM");
        String stderr = Files.readString(tmp.resolve("stderr"));
        assertTrue(stderr.contains("started with SIGINT ignored") && stderr.contains("kill -TERM"), stderr);
        assertEquals("interrupted", ResultFiles.run(out).get("status").asText());
    }

    /**
     * A second Ctrl-C ends the process at once, and result.json still holds the intervals finished so far (a tester's
     * two Ctrl-C 40–200 ms apart left it at "running" with no interval while intervals.csv had two).
     */
    @Test
    void aSecondCtrlCEndsAtOnceWithTheFinishedIntervalsInResultJson() throws Exception {
        Path out = tmp.resolve("two");
        List<String> cmd = runCommand(preparedTarget("intr_two"), out, "--threads=4");
        Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout").toFile())
                .redirectError(tmp.resolve("stderr").toFile()).start();
        try {
            ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            Thread.sleep(50);
            long second = System.nanoTime();
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
            double took = (System.nanoTime() - second) / 1e9;
            assertTrue(took < io.clusterbench.testing.ExitBound.SECONDS, "ended " + took + " s after the second Ctrl-C");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(130, p.exitValue());
        JsonNode run = ResultFiles.run(out);
        assertEquals("interrupted", run.get("status").asText());
        assertTrue(run.get("intervals").size() >= 2, run.toString());
    }

    /**
     * Two Ctrl-Cs a few milliseconds apart, as a terminal sends them (to the whole process group: the embedded server
     * too): the second one's halt closes the step's output files while the first one's final interval is being
     * written. The run ends interrupted with its finished intervals and says so in one line; it never reports a
     * write failure and blames the disk ("cannot write results: ... Stream closed — free disk space").
     */
    @Test
    void twoCtrlCsMillisecondsApartEndInterruptedNotInAWriteFailure() throws Exception {
        for (String gap : List.of("0", "0.005", "0.02")) {
            Path out = tmp.resolve("close" + gap);
            List<String> cmd = new ArrayList<>(List.of("setsid"));
            cmd.addAll(Cli.java());
            cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run",
                    "oltp_point_select", "--table-size=1000", "--time=120", "--report-interval=1", "--threads=2",
                    "--out=" + out));
            Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout" + gap).toFile())
                    .redirectError(tmp.resolve("stderr" + gap).toFile()).start();
            try {
                ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
                String group = "-" + p.pid(); // setsid made the JVM its session's (and group's) leader
                new ProcessBuilder("sh", "-c", "kill -INT " + group + "; sleep " + gap + "; kill -INT " + group)
                        .start().waitFor();
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
            } finally {
                p.destroyForcibly();
            }
            String said = java.nio.file.Files.readString(tmp.resolve("stdout" + gap))
                    + java.nio.file.Files.readString(tmp.resolve("stderr" + gap));
            assertEquals(130, p.exitValue(), gap + " s apart:\n" + said);
            assertTrue(!said.contains("cannot write results") && !said.contains("output failed"), gap + " s apart:\n"
                    + said);
            assertTrue(said.lines().anyMatch(l -> l.startsWith("interrupted: ")), gap + " s apart:\n" + said);
            JsonNode run = ResultFiles.run(out);
            assertEquals("interrupted", run.get("status").asText(), gap + " s apart");
            assertTrue(run.get("intervals").size() >= 2, run.toString());
        }
    }

    /** @return the CLI options of a fresh database on the shared server, its oltp_point_select tables prepared (1000 rows) */
    private static List<String> preparedTarget(String prefix) {
        List<String> target = TestServer.cliTarget(TestServer.freshDatabase(prefix));
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000")).exitCode());
        return target;
    }

    /** @return the real process's command line of a 120 s oltp_point_select run on {@code target} into {@code out} */
    private static List<String> runCommand(List<String> target, Path out, String... extra) {
        List<String> cmd = Cli.java();
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run",
                "oltp_point_select", "--table-size=1000", "--time=120", "--report-interval=1", "--out=" + out));
        cmd.addAll(List.of(extra));
        cmd.addAll(target);
        return cmd;
    }

    /**
     * Starts {@code cmd} with its output in tmp/stdout and tmp/stderr, waits until {@code lines} intervals are in
     * {@code out}'s intervals.csv, sends {@code signal} and waits (at most 60 s) for the process to end.
     *
     * @return the ended process
     */
    private Process signalAfterIntervals(List<String> cmd, Path out, int lines, String signal) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout").toFile())
                .redirectError(tmp.resolve("stderr").toFile()).start();
        try {
            ServerLostIT.waitForLines(out.resolve("intervals.csv"), lines);
            new ProcessBuilder("kill", signal, Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
        } finally {
            p.destroyForcibly();
        }
        return p;
    }
}
