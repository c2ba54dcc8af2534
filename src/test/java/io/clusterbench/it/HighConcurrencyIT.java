package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 512 threads on the embedded server (issue 9): the measured time is within 1% of {@code --time}, interval
 * events sum to the total, every interval's rate is its events over its measured length, the lengths add up to
 * the measured time, and result.json records the connection ramp. No timed performance assertion.
 */
class HighConcurrencyIT {
    private static final int THREADS = 512;
    private static final int TIME_SECONDS = 10;

    @TempDir
    Path tmp;

    @Test
    @Disabled("open (issue 9): on the loaded 2-core dev machine the measured time was 11.71 s for --time 10 at 512 "
            + "threads: the end-of-run sequence waits for starved workers; enable once the end is bounded tighter. "
            + "Still so on 2026-11-30 under a load average of ~30: 256 platform threads printed 6.77-7.27 s total "
            + "for --time 6")
    void fiveHundredTwelveThreadsKeepTheClock() throws Exception {
        String db = TestServer.freshDatabase("conc");
        long before;
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@max_connections")) {
            rs.next();
            before = rs.getLong(1);
            s.execute("SET GLOBAL max_connections = " + Math.max(before, THREADS + 100));
        }
        try {
            assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select",
                    "--table-size=1000")).exitCode());
            Path out = tmp.resolve("out");
            List<String> args = new ArrayList<>(List.of("run", "oltp_point_select", "--table-size=1000",
                    "--threads=" + THREADS, "--time=" + TIME_SECONDS, "--report-interval=1", "--out=" + out));
            args.addAll(TestServer.cliTarget(db));
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.exitCode(), r.out() + r.err());
            int started = r.out().indexOf("Threads started!");
            assertTrue(started >= 0 && started < r.out().indexOf("[ "), "started before the first interval: " + r.out());

            JsonNode run = ResultFiles.run(out);
            JsonNode summary = run.get("summary");
            double measured = summary.get("measuredSeconds").asDouble();
            assertEquals(TIME_SECONDS, measured, TIME_SECONDS * 0.01, "measured time within 1% of --time");
            long events = 0;
            double lengths = 0;
            double end = 0;
            for (JsonNode i : run.get("intervals")) {
                double start = i.get("startSeconds").asDouble();
                double stop = i.get("endSeconds").asDouble();
                assertEquals(end, start, 1e-9, "intervals are contiguous");
                end = stop;
                long e = i.get("events").asLong();
                assertEquals(e / (stop - start), i.get("tps").asDouble(), 1e-6 * Math.max(1, e),
                        "rate is events over the measured length");
                events += e;
                lengths += stop - start;
            }
            assertEquals(summary.get("events").asLong(), events, "interval events sum to the total");
            assertEquals(measured, lengths, 1e-6, "interval lengths add up to the measured time");
            JsonNode timing = summary.get("timing");
            assertTrue(timing.get("connectSeconds").asDouble() > 0, "connection ramp recorded: " + timing);
            assertTrue(timing.get("threadModel").asText().matches("platform|virtual"), timing.toString());
            assertEquals(TIME_SECONDS, timing.get("requestedSeconds").asDouble(), 1e-9);
        } finally {
            try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
                s.execute("SET GLOBAL max_connections = " + before);
            }
        }
    }
}
