package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16: "the final partial interval is never printed". With {@code --time 3 --report-interval 2} the run
 * prints the full interval at 2 s and the partial one that ends the run at 3 s, and its events are in the total.
 */
class FinalPartialIntervalIT {
    @TempDir
    Path tmp;

    @Test
    void theFinalPartialIntervalIsPrinted() {
        String db = TestServer.freshDatabase("partial");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100")).exitCode());
        Path out = tmp.resolve("r");
        Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_point_select", "--table-size=100", "--time=3",
                "--report-interval=2", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<String> lines = r.out().lines().filter(l -> l.matches("^\\[ [0-9.-]+s \\].*")).toList();
        assertEquals(2, lines.size(), r.out());
        var intervals = ResultFiles.run(out).get("intervals");
        assertEquals(2, intervals.size());
        long sum = 0;
        for (int i = 0; i < 2; i++) {
            var iv = intervals.get(i);
            sum += iv.get("events").asLong();
            // the label agrees with the interval's real start and end in result.json (issue 9)
            double start = iv.get("startSeconds").asDouble();
            double end = iv.get("endSeconds").asDouble();
            String label = lines.get(i).substring(0, lines.get(i).indexOf(']') + 1);
            if (i == 1) { // the 1-second tail of a 2-second schedule is no [ 3s ] (tester)
                assertTrue(label.matches("\\[ [0-9.]+-[0-9.]+s \\]"), label);
            }
            if (label.matches("\\[ [0-9]+s \\]")) {
                assertEquals(Math.round(end), Long.parseLong(label.replaceAll("[^0-9]", "")), label);
                assertEquals(Math.rint(start), start, 0.1 + 1e-9, label + " is on schedule");
                assertEquals(Math.rint(end), end, 0.1 + 1e-9, label + " is on schedule");
            } else {
                assertEquals(String.format(java.util.Locale.ROOT, "[ %.2f-%.2fs ]", start, end), label);
            }
        }
        assertEquals(3.0, intervals.get(1).get("endSeconds").asDouble(), 0.11);
        assertEquals(ResultFiles.summary(out).get("events").asLong(), sum, "the intervals add up to the total");
    }

    /**
     * A run that ends before the observers' first scheduled reading (an {@code --events} run shorter than the
     * report interval) still shows their figures on its only line and in its only interval: a 0.88 s ddl run on
     * Galera printed its line without the {@code DDL[} flag (CI), as a sweep step's last line showed no server
     * figures. Each observer takes a last reading when the measured phase ends.
     */
    @Test
    void aRunShorterThanTheReportIntervalCarriesTheObserversFigures() {
        String db = TestServer.freshDatabase("partial_obs");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100")).exitCode());
        Path out = tmp.resolve("short");
        Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_point_select", "--table-size=100", "--time=0",
                "--events=300", "--report-interval=10", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<String> lines = r.out().lines().filter(l -> l.matches("^\\[ [0-9.-]+s \\].*")).toList();
        assertEquals(1, lines.size(), r.out());
        assertTrue(lines.get(0).contains("srv: run"), "the server observer's figures: " + lines.get(0));
        var intervals = ResultFiles.run(out).get("intervals");
        assertEquals(1, intervals.size());
        assertTrue(intervals.get(0).path("observed").path("server").has("Threads_running"), intervals.toString());
    }

    /**
     * The server's rate in a short run describes the run: the observer's connection opens beside the workers' and
     * its baseline is read when the measured phase begins. In a fresh process a tester's 0.05 s runs showed 380–1,426
     * Questions/s against the client's 5–11k qps: the baseline came after the observer's first handshake, which took
     * longer than the run. Loose bound: the observer's window is its own, a few ms off the interval's.
     */
    @Test
    void aShortRunInAFreshProcessHasServerFiguresOfItsOwnWindow() throws Exception {
        String db = TestServer.freshDatabase("partial_srv");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100")).exitCode());
        for (int attempt = 1; attempt <= 2; attempt++) {
            Path out = tmp.resolve("fresh" + attempt);
            java.util.List<String> cmd = Cli.java();
            cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run",
                    "oltp_point_select", "--table-size=100", "--time=0", "--events=500", "--threads=2",
                    "--report-interval=10", "--out=" + out));
            cmd.addAll(target);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("fresh.out").toFile())
                    .start();
            assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the run ended");
            assertEquals(0, p.exitValue(), java.nio.file.Files.readString(tmp.resolve("fresh.out")));
            var interval = ResultFiles.run(out).get("intervals").get(0);
            double qps = interval.path("qps").asDouble();
            double serverSelects = interval.path("observed").path("server").path("Com_selectPerSecond").asDouble();
            assertTrue(serverSelects > 0.3 * qps, "run " + attempt + ": server " + serverSelects
                    + " selects/s against the client's " + qps + " qps: " + interval);
        }
    }
}
