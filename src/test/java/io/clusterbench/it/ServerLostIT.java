package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
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
        EmbeddedServer own = EmbeddedServer.start(false);
        try {
            List<String> target = List.of("--host=127.0.0.1", "--port=" + own.port(), "--user=root", "--db=test");
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + own.port() + "/", "root", "");
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS test");
            }
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
            JsonNode result = ResultFiles.run(out);
            assertEquals("fatal_error", result.get("status").asText());
            assertTrue(result.get("fatalError").asText().startsWith("every endpoint unreachable"), result.toString());
            assertTrue(result.get("intervals").size() >= 3, "intervals kept: " + result.get("intervals").size());
            JsonNode summary = result.get("summary");
            assertTrue(summary.get("measuredSeconds").asDouble() < 60, "stopped before --time: " + summary);
            assertTrue(summary.get("events").asLong() > 0);
            assertTrue(summary.get("errors").asLong() > 0, "errors counted");
            assertTrue(summary.get("errorsByCode").fieldNames().hasNext(), "by vendor code");
            assertTrue(Files.readAllLines(out.resolve("intervals.csv")).size() >= 4);
        } finally {
            own.close();
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
     * {@code --time}: the end-of-run cut-off frees the workers, and the prepared-statement check that reads the
     * server's counters after the measured end gives up after its own short timeout (its handshake waited out the run's
     * 10 s connect timeout before; tester, issue 9).
     */
    @Test
    void aFrozenServerDoesNotKeepTheProcessPastTheClock() throws Exception {
        EmbeddedServer own = EmbeddedServer.start(false);
        long pid = -1;
        try {
            List<String> target = List.of("--host=127.0.0.1", "--port=" + own.port(), "--user=root", "--db=test");
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + own.port() + "/", "root", "");
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS test");
            }
            assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000")).exitCode());
            pid = serverPid(own.directory());
            Path out = tmp.resolve("frozen");
            CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(Cli.args(target, "run",
                    "oltp_point_select", "--table-size=1000", "--threads=2", "--time=6", "--report-interval=1",
                    "--out=" + out)));
            waitForLines(out.resolve("intervals.csv"), 2);
            new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor();
            long stoppedAt = System.nanoTime();
            Cli.Result r = run.get(120, TimeUnit.SECONDS);
            double afterStopSeconds = (System.nanoTime() - stoppedAt) / 1e9;
            assertEquals(0, r.exitCode(), r.out() + r.err());
            JsonNode result = ResultFiles.run(out);
            double measured = result.get("summary").get("measuredSeconds").asDouble();
            assertTrue(Math.abs(measured - 6) <= 0.5, "measured " + measured);
            // at most ~5 s of --time were left at the stop; the check's own timeout is 3 s
            assertTrue(afterStopSeconds < 10, "the process ended " + afterStopSeconds + " s after the server froze");
            assertEquals("unknown", result.get("observerFacts").get("preparedStatements").get("mode").asText());
        } finally {
            if (pid > 0) {
                new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor();
            }
            own.close();
        }
    }

    /** @return the pid of the mariadbd whose command line names {@code dir} (its data directory lies under it) */
    private static long serverPid(Path dir) throws Exception {
        String needle = dir.toString();
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline"))).replace('\0', ' ');
                    if (cmd.contains("mariadbd") && cmd.contains(needle)) {
                        return Long.parseLong(name);
                    }
                } catch (java.io.IOException gone) {
                    // the process ended while listed
                }
            }
        }
        throw new AssertionError("no mariadbd under " + dir);
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
