package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run's clock is law on a real server (issue 9): an ignored error on every event, a row lock and FLUSH TABLES
 * WITH READ LOCK held past the deadline each end within 1 s of {@code --time}, exit 0, with the cut-off events
 * counted; a real SIGINT during each ends the process within 2 s.
 */
class ClockIT {
    private static final int TIME_SECONDS = 3;
    private static String db;
    private static String broken;

    @TempDir
    Path tmp;
    /** Standard output of the last {@link #runOnTime}. */
    private String lastOut = "";

    @BeforeAll
    static void prepare() throws Exception {
        db = TestServer.freshDatabase("clock");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_write",
                "--table-size=50")).exitCode());
        broken = TestServer.freshDatabase("clockbad");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(broken), "prepare", "oltp_point_select",
                "--table-size=50")).exitCode());
        try (Connection c = TestServer.connect(broken); Statement s = c.createStatement()) {
            // every update fails with 1644 on a table of the workload's own shape (a renamed column, as the issue
            // tried, is now refused before the run as a foreign table)
            s.execute("CREATE TRIGGER sbtest1_refuse BEFORE UPDATE ON sbtest1 FOR EACH ROW "
                    + "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by the test'");
        }
    }

    private List<String> args(String database, String workload, Path out, String... extra) {
        List<String> a = new ArrayList<>(List.of("run", workload, "--table-size=50", "--threads=4",
                "--report-interval=1", "--out=" + out));
        a.addAll(TestServer.cliTarget(database));
        a.addAll(List.of(extra));
        return a;
    }

    /**
     * Runs in process; @return the result's summary after checking the run ended on time. Every run here stalls (no
     * event completes in most intervals), which is a failed check: exit 3 (docs/metrics.md, "Validity").
     */
    private JsonNode runOnTime(List<String> args, Path out) {
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(3, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("check failed: the run stalled: no event completed in "), r.err());
        lastOut = r.out();
        JsonNode summary = ResultFiles.summary(out);
        double measured = summary.get("measuredSeconds").asDouble();
        assertTrue(measured >= TIME_SECONDS && measured < TIME_SECONDS + 1.0, "measured " + measured);
        assertTrue(summary.get("cutOffEvents").asLong() > 0, "cut-off events counted: " + summary);
        assertTrue(r.out().contains("cut off:"), r.out());
        return summary;
    }

    @Test
    void anIgnoredErrorOnEveryEventEndsOnTime() {
        Path out = tmp.resolve("ignored");
        JsonNode s = runOnTime(args(broken, "oltp_update_non_index", out, "--time=" + TIME_SECONDS,
                "--ignore-errors=1644"), out);
        assertEquals(0, s.get("events").asLong());
        assertTrue(s.get("errors").asLong() > 0);
    }

    @Test
    void aRowLockHeldPastTheDeadlineEndsOnTime() throws Exception {
        Path out = tmp.resolve("rowlock");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            s.executeQuery("SELECT id FROM sbtest1 FOR UPDATE").close(); // every row, until rollback
            JsonNode summary = runOnTime(args(db, "oltp_update_index", out, "--time=" + TIME_SECONDS), out);
            assertEquals(0, summary.get("errors").asLong(), "the cancelled lock waits are no errors");
            s.execute("ROLLBACK");
        }
        JsonNode intervals = ResultFiles.run(out).get("intervals");
        assertTrue(intervals.get(1).get("waitingWorkers").asInt() == 4, "the stall is visible: " + intervals.get(1));
        // the final interval too: its workers are still blocked at the end (read before the end sequence frees them)
        JsonNode last = intervals.get(intervals.size() - 1);
        assertEquals(4, last.get("waitingWorkers").asInt(), "the stall is visible to the end: " + last);
        assertTrue(last.get("longestWaitSeconds").asDouble() > TIME_SECONDS - 1, "longest wait: " + last);
    }

    /**
     * Worker connections carry no socket read timeout; the run's clock thread keeps {@code --read-timeout} by
     * closing the socket of a worker that heard nothing for longer (engine.StuckStatements). Here the waits are
     * row-lock waits (the server never answers them within the run), which the real driver must see as a lost
     * connection, counted and reconnected, while the run still ends on time.
     */
    @Test
    void aStatementWaitingLongerThanTheReadTimeoutLosesItsConnectionAndTheWorkerReconnects() throws Exception {
        Path out = tmp.resolve("readtimeout");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            s.executeQuery("SELECT id FROM sbtest1 FOR UPDATE").close();
            JsonNode summary = runOnTime(args(db, "oltp_update_index", out, "--time=" + TIME_SECONDS,
                    "--read-timeout=1"), out);
            s.execute("ROLLBACK");
            assertTrue(summary.get("reconnects").asLong() >= 4, "each worker freed at least once: " + summary);
            assertTrue(summary.get("errors").asLong() >= 4, "counted as lost connections: " + summary);
        }
        assertTrue(ResultFiles.run(out).toString().contains("\"2013"), "under 2013");
    }

    @Test
    void flushTablesWithReadLockHeldPastTheDeadlineEndsOnTime() throws Exception {
        Path out = tmp.resolve("ftwrl");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("FLUSH TABLES WITH READ LOCK");
            try {
                runOnTime(args(db, "oltp_read_write", out, "--time=" + TIME_SECONDS), out);
            } finally {
                s.execute("UNLOCK TABLES");
            }
        }
        // The first interval: every worker ran its transaction's reads, then blocked on its first write; no event
        // completed, so none of those reads counts yet (a statement counts with its event, docs/metrics.md): the
        // stall shows from this first line on, with every worker waiting.
        JsonNode first = ResultFiles.run(out).get("intervals").get(0);
        assertTrue(first.get("qps").asDouble() == 0 && first.get("events").asLong() == 0,
                "no event completed, no statement counted: " + first);
        assertEquals(4, first.get("waitingWorkers").asInt(), "every worker waits: " + first);
        String line = lastOut.lines().filter(l -> l.startsWith("[ ")).findFirst().orElse("");
        assertTrue(line.contains("tps: 0.00") && line.contains("waiting: 4 longest wait: "), lastOut);
    }

    @Test
    void sigintEndsEachStalledRunWithinTwoSeconds() throws Exception {
        sigint(args(broken, "oltp_update_non_index", tmp.resolve("int-ignored"), "--time=600", "--ignore-errors=1644"),
                tmp.resolve("int-ignored"));
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            s.executeQuery("SELECT id FROM sbtest1 FOR UPDATE").close();
            sigint(args(db, "oltp_update_index", tmp.resolve("int-rowlock"), "--time=600"), tmp.resolve("int-rowlock"));
            s.execute("ROLLBACK");
            s.execute("FLUSH TABLES WITH READ LOCK");
            try {
                sigint(args(db, "oltp_read_write", tmp.resolve("int-ftwrl"), "--time=600"), tmp.resolve("int-ftwrl"));
            } finally {
                s.execute("UNLOCK TABLES");
            }
        }
    }

    /** Starts the real process, sends SIGINT once two intervals are on disk, and times its end. */
    private void sigint(List<String> args, Path out) throws Exception {
        List<String> cmd = io.clusterbench.testing.Cli.java();
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar",
                "target/clusterbench.jar")));
        cmd.addAll(args);
        Path stdout = Files.createTempFile(tmp, "out", ".txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(stdout.toFile()).start();
        try {
            ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
            long t0 = System.nanoTime();
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "process ended");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds < io.clusterbench.testing.ExitBound.SECONDS,
                    "ended " + seconds + " s after SIGINT: " + Files.readString(stdout));
        } finally {
            p.destroyForcibly();
        }
        assertEquals(130, p.exitValue(), Files.readString(stdout));
        JsonNode run = ResultFiles.run(out);
        assertEquals("interrupted", run.get("status").asText());
        JsonNode errors = run.path("summary").path("errorsByCode"); // absent when the run had no error at all
        assertTrue(errors.path("2013/HY000").isMissingNode() && errors.path("2013").isMissingNode(),
                "Ctrl-C adds no 2013: " + errors);
    }
}
