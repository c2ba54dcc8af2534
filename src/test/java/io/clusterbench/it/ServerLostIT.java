package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server that goes away mid-run: the only server stopped ends the run on a fatal error once it stays unreachable
 * (issue 9; sysbench stops there too), with the finished intervals written; killed connections reconnect and
 * the run goes on.
 */
class ServerLostIT {
    @TempDir
    Path tmp;

    @Test
    void theOnlyServerStoppedMidRunEndsTheRunWithAnErrorAndItsResults() throws Exception {
        try (OwnServer own = OwnServer.start("test")) {
            List<String> target = own.cliTarget();
            assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_read_only", "--table-size=1000")).exitCode());
            Path out = tmp.resolve("lost");
            CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(Cli.args(target, "run",
                    "oltp_read_only", "--table-size=1000", "--threads=2", "--time=60", "--report-interval=1",
                    "--connect-timeout=1", "--out=" + out)));
            waitForLines(out.resolve("intervals.csv"), 3);
            own.close();
            Cli.Result r = run.get(120, TimeUnit.SECONDS);
            assertEquals(4, r.exitCode(), r.out() + r.err());
            List<String> errors = r.err().lines().filter(l -> l.startsWith("error:")).toList();
            assertEquals(1, errors.size(), r.err());
            assertTrue(errors.get(0).startsWith("error: the run stopped: every endpoint unreachable for 5.0 s: "
                    + "connections lost and reconnects failing (last: "), errors.get(0));
            // a reconnect the stopped server refuses is the client's "cannot connect" (2003), said once
            assertTrue(errors.get(0).contains("(last: 2003/08000 at ") && errors.get(0).contains(": connection refused)")
                    && !errors.get(0).contains("Connection refused"), errors.get(0));
            JsonNode result = ResultFiles.run(out);
            assertEquals("fatal_error", result.get("status").asText());
            assertTrue(result.get("fatalError").asText().startsWith("every endpoint unreachable"), result.toString());
            assertTrue(result.get("intervals").size() >= 3, "intervals kept: " + result.get("intervals").size());
            JsonNode summary = result.get("summary");
            assertTrue(summary.get("measuredSeconds").asDouble() < 60, "stopped before --time: " + summary);
            assertTrue(summary.get("events").asLong() > 0);
            assertTrue(summary.get("errors").asLong() > 0, "errors counted");
            assertTrue(summary.get("errorsByCode").fieldNames().hasNext(), "by vendor code");
            assertTrue(summary.get("errorsByCode").has("2003/08000"), "refused reconnects under 2003: " + summary);
            assertTrue(Files.readAllLines(out.resolve("intervals.csv")).size() >= 4);
        }
    }

    @Test
    void killedConnectionsReconnectAndTheRunGoesOn() throws Exception {
        String db = TestServer.freshDatabase("lost");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000")).exitCode());
        Path out = tmp.resolve("killed");
        CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(Cli.args(target, "run",
                "oltp_point_select", "--table-size=1000", "--threads=2", "--time=4", "--out=" + out)));
        waitForLines(out.resolve("intervals.csv"), 2);
        int killed = 0;
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT id FROM information_schema.processlist WHERE db = '" + db
                    + "' AND id <> CONNECTION_ID()")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            for (long id : ids) {
                s.execute("KILL CONNECTION " + id);
                killed++;
            }
        }
        assertTrue(killed > 0);
        Cli.Result r = run.get(60, TimeUnit.SECONDS);
        assertEquals(0, r.exitCode(), r.err());
        JsonNode summary = ResultFiles.summary(out);
        assertTrue(summary.get("reconnects").asLong() >= 1, "reconnects: " + summary);
        assertTrue(r.out().contains("reconnects:"));
    }

    /**
     * A server that stops answering (SIGSTOP: connections open, nothing read) keeps nothing alive after
     * {@code --time}: the end-of-run cut-off frees the workers, the server observer's last sample is given up
     * within the step's end deadline, and beside that the prepared-statement check reads the server's counters
     * until the same deadline. It once waited out the run's 10 s connect timeout, then 3 s after the observers: the
     * process ended 4.6-5.7 s after the measured end (tester, issue 9); the bound is the lifecycle's
     * ({@code ExitBound}).
     */
    @Test
    void aFrozenServerDoesNotKeepTheProcessPastTheClock() throws Exception {
        try (OwnServer own = OwnServer.start("test")) {
            List<String> target = own.cliTarget();
            assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000")).exitCode());
            String pid = Long.toString(own.pid());
            Path out = tmp.resolve("frozen");
            CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(Cli.args(target, "run",
                    "oltp_point_select", "--table-size=1000", "--threads=2", "--time=6", "--report-interval=1",
                    "--out=" + out)));
            waitForLines(out.resolve("intervals.csv"), 2);
            new ProcessBuilder("kill", "-STOP", pid).start().waitFor();
            Cli.Result r;
            long endedEpochMillis;
            try {
                r = run.get(120, TimeUnit.SECONDS);
                endedEpochMillis = System.currentTimeMillis();
            } finally {
                new ProcessBuilder("kill", "-CONT", pid).start().waitFor(); // before close(): a stopped server ignores SIGTERM
            }
            JsonNode result = ResultFiles.run(out);
            long idle = 0;
            for (JsonNode i : result.get("intervals")) {
                idle += i.get("events").asLong() == 0 ? 1 : 0;
            }
            // a run whose intervals mostly completed nothing is a failed check (docs/metrics.md, "Validity")
            assertEquals(2 * idle > result.get("intervals").size() ? 3 : 0, r.exitCode(), r.out() + r.err());
            JsonNode summary = result.get("summary");
            double measured = summary.get("measuredSeconds").asDouble();
            assertTrue(Math.abs(measured - 6) <= 0.5, "measured " + measured);
            double afterEndSeconds = (endedEpochMillis - summary.get("timing").get("measuredStartEpochMillis").asLong())
                    / 1000.0 - measured;
            assertTrue(afterEndSeconds < io.clusterbench.testing.ExitBound.SECONDS,
                    "the command ended " + afterEndSeconds + " s after the measured end");
            assertEquals("unknown", result.get("observerFacts").get("preparedStatements").get("mode").asText());
        }
    }

    static void waitForLines(Path csv, int lines) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.exists(csv) && Files.readAllLines(csv).size() > lines) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no intervals in " + csv);
    }
}
