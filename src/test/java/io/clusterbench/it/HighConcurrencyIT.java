package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
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
 * 512 threads on the embedded server (issue 9): the properties that make the numbers true, whatever the load on
 * the machine. The measured time ends within max(0.5 s, 1%) of {@code --time} (the cut-off, not the speed of the
 * end sequence, bounds it), interval events sum to the total, every interval's rate is its events over its
 * measured length, the lengths add up to the measured time, no interval claims more statements than the server
 * executed over the whole run, the client's total is at most the server's Com_select delta, and result.json
 * records the connection ramp. No speed is asserted.
 */
class HighConcurrencyIT {
    private static final int THREADS = 512;
    private static final int TIME_SECONDS = 10;

    @TempDir
    Path tmp;

    @Test
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
            long selectsBefore = comSelect();
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            long serverSelects = comSelect() - selectsBefore;
            assertEquals(0, r.exitCode(), r.out() + r.err());
            int started = r.out().indexOf("Threads started!");
            assertTrue(started >= 0 && started < r.out().indexOf("[ "), "started before the first interval: " + r.out());

            JsonNode run = ResultFiles.run(out);
            JsonNode summary = run.get("summary");
            double measured = summary.get("measuredSeconds").asDouble();
            // the Tests section: within 1% (the end is capped at the cut-off, 0.1 s after the deadline)
            assertTrue(measured >= TIME_SECONDS && measured <= TIME_SECONDS * 1.01 + 1e-6,
                    "measured time within 1% of --time: " + measured);
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
                assertTrue(e <= serverSelects, "interval " + i + " claims more selects than the server ran");
                events += e;
                lengths += stop - start;
            }
            assertEquals(summary.get("events").asLong(), events, "interval events sum to the total");
            assertTrue(events > 0 && events <= serverSelects,
                    "client total " + events + " at most the server's Com_select delta " + serverSelects);
            assertEquals(measured, lengths, 1e-6, "interval lengths add up to the measured time");
            JsonNode timing = summary.get("timing");
            assertTrue(timing.get("connectSeconds").asDouble() > 0, "connection ramp recorded: " + timing);
            assertTrue(timing.get("threadModel").asText().matches("platform|virtual"), timing.toString());
            assertEquals(TIME_SECONDS, timing.get("requestedSeconds").asDouble(), 1e-9);
            // Every interval is taken at its boundary: the coordinator only snapshots (a few ms of CPU at 1024
            // workers) and the writer thread writes. Before, the coordinator wrote too and, starved among 512+
            // runnable platform workers, came back seconds late (1024 threads on a busy 2-core machine: lag
            // 2.3-4.3 s, 3-5 lines missed; after: 0.06-0.09 s, none). One interval of slack, not a speed.
            assertTrue(timing.get("maxReporterLagSeconds").asDouble() < 1.0, "reporter lag under one interval: " + timing);
            for (JsonNode i : run.get("intervals")) {
                assertEquals(0, i.get("missedReports").asInt(), "no report line missed: " + i);
            }
        } finally {
            try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
                s.execute("SET GLOBAL max_connections = " + before);
            }
        }
    }

    /** @return the embedded server's Com_select counter (every point select the run executes counts once) */
    private static long comSelect() throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_select'")) {
            rs.next();
            return rs.getLong(2);
        }
    }
}
