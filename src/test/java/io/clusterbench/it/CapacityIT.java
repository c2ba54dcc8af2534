package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The capacity search end to end on the embedded server ({@code capacity} and {@code sweep --target-p99}): the
 * closed-loop step, open-loop bracketing and bisection, the repeat and event rule, both result files, and a server
 * whose capacity is known in advance.
 */
class CapacityIT {
    /** The time every update holds the one row's table: a trigger sleeps this long (s). */
    private static final double HELD_SECONDS = 0.02;

    @TempDir
    Path tmp;

    /**
     * A table of one row in the MEMORY engine (a table lock per UPDATE, no redo log to wait for) whose UPDATE
     * trigger sleeps 20 ms: updates run one at a time, each holding the table at least 20 ms, so the server takes at
     * most 1 / 0.02 s = 50 updates/s, and below that an update waits for none other (open loop spaces events
     * evenly). The capacity at p90 within 200 ms is therefore 50/s less the per-update overhead, plus what a run's
     * finite length lets pass above it: the backlog of a rate r above 50/s grows by (r − 50)/s, so a run of 5 s or
     * more meets 200 ms at p90 only when (r/50 − 1) × 0.9 × 5 s ≤ 0.18 s, i.e. r ≤ 52/s, and keeping up (tps ≥ 95 %
     * of r) allows r ≤ 52.6/s. The overhead and the stalls of a loaded 2-core machine lower it; the test allows it
     * down to half of 50/s, so that only a wrong search (or a search that judged noise as a miss twice in a row at
     * half the load) fails it.
     */
    @Test
    void aStatementHeldForAKnownTimeHasItsCapacityInsideTheBracketTheSearchConvergesTo() throws Exception {
        String db = TestServer.freshDatabase("cap_held");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_update_non_index", "--tables=1", "--table-size=1",
                "--storage-engine=MEMORY")).exitCode());
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TRIGGER held BEFORE UPDATE ON sbtest1 FOR EACH ROW SET @held = SLEEP(" + HELD_SECONDS
                    + ")");
        }
        long updatesBefore = globalStatus("Com_update");
        Path out = tmp.resolve("held");
        int steps = 10;
        Cli.Result r = Cli.run(Cli.args(target, "capacity", "oltp_update_non_index", "--tables=1", "--table-size=1",
                "--threads=16", "--time=5", "--target-latency=200", "--target-percentile=90", "--tail-events=20",
                "--capacity-steps=" + steps, "--explain=off", "--out=" + out));
        long updates = globalStatus("Com_update") - updatesBefore;
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode capacity = new ObjectMapper().readTree(out.resolve("capacity.json").toFile());
        String context = r.out();
        System.out.println(context.substring(Math.max(0, context.indexOf("Capacity curve")))); // in the test report

        double ideal = 1 / HELD_SECONDS;
        assertFalse(capacity.get("closedLoopMet").asBoolean(), "16 updates queue for the table: " + context);
        assertTrue(capacity.get("closedLoopTps").asDouble() <= ideal * 1.01, "no more than 50 updates/s: " + context);
        double met = capacity.get("capacityTps").asDouble();
        assertTrue(capacity.hasNonNull("lowestMissedRate"), "a rate missed: " + context);
        double missed = capacity.get("lowestMissedRate").asDouble();
        assertTrue(met > 0 && met < missed, "a bracket [met, missed]: " + context);
        assertTrue(met <= ideal * 1.06, "no rate above what the held table allows met the target: " + context);
        assertTrue(missed >= ideal * 0.5, "the search did not stop far below the capacity: " + context);
        assertTrue(missed - met <= 0.02 * missed, "the bracket converged to 2% of the missed rate: " + context);
        JsonNode stepList = capacity.get("steps");
        assertTrue(stepList.size() <= 1 + steps, "within --capacity-steps open-loop steps: " + stepList.size());

        long events = rulesHold(capacity, context);
        JsonNode runs = ResultFiles.read(out).get("runs");
        long cutOff = 0;
        int k = 0;
        for (JsonNode step : stepList) {
            for (JsonNode run : step.get("runs")) {
                JsonNode record = runs.get(k++);
                assertEquals(step.get("rate").asDouble(), record.get("plan").get("rateEventsPerSecond").asDouble(),
                        1e-9, "each run ran at its step's rate");
                assertEquals(run.get("plannedSeconds").asDouble(), record.get("plan").get("timeSeconds").asDouble(),
                        1e-9, "and for its planned time");
                assertEquals(run.get("events").asLong(), record.get("summary").get("events").asLong());
                cutOff += record.get("summary").get("cutOffEvents").asLong();
            }
        }
        assertEquals(runs.size(), k, "every run of result.json is a run of a step");
        assertTrue(updates >= events && updates <= events + cutOff + 16L * k,
                "the server's Com_update " + updates + " against the runs' events " + events + " (+" + cutOff
                        + " cut off)");
        assertTrue(r.out().contains("Rule: events needed per run 200 (20 beyond p90)"), r.out());
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "bracket [%.2f, %.2f] events/s", met, missed)),
                r.out());
        assertTrue(r.out().contains("Capacity curve (p90, target 200.00 ms"), r.out());
    }

    /**
     * Checks the repeat and event rule on every step.
     *
     * @return the events of every run
     */
    private static long rulesHold(JsonNode capacity, String context) {
        JsonNode rule = capacity.get("rule");
        assertEquals(200, rule.get("minEvents").asLong());
        assertEquals(3, rule.get("repeats").asInt());
        long events = 0;
        for (JsonNode step : capacity.get("steps")) {
            int counted = 0;
            int metRuns = 0;
            for (JsonNode run : step.get("runs")) {
                events += run.get("events").asLong();
                if (run.get("counted").asBoolean()) {
                    counted++;
                    metRuns += run.get("met").asBoolean() ? 1 : 0;
                    assertTrue(run.get("events").asLong() >= 200 || !run.get("keptUp").asBoolean()
                            || run.get("plannedSeconds").asDouble() >= rule.get("maxRunSeconds").asDouble(),
                            "a counted run had its events: " + run);
                    assertTrue(run.get("latencyLowMicros").asLong() <= run.get("latencyMicros").asLong()
                            && run.get("latencyMicros").asLong() <= run.get("latencyHighMicros").asLong(), run.toString());
                }
            }
            assertTrue(counted >= 2 && counted <= 3, "two runs decide unless they disagree: " + step);
            assertEquals(step.get("met").asBoolean(), metRuns >= 2, "met when more than half met: " + context);
        }
        return events;
    }

    @Test
    void theSweepSpellingRunsTheSameSearchAndAClosedLoopThatMeetsEndsIt() throws Exception {
        List<String> target = prepared("cap_met");
        Path out = tmp.resolve("met");
        Cli.Result r = Cli.run(Cli.args(target, "sweep", "oltp_point_select", "--table-size=1000", "--threads=2",
                "--time=2", "--target-p99", "5s", "--repeat=1", "--tail-events=1", "--explain=off", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode capacity = new ObjectMapper().readTree(out.resolve("capacity.json").toFile());
        assertTrue(capacity.get("closedLoopMet").asBoolean(), capacity.toString());
        assertEquals(99, capacity.get("percentile").asDouble());
        assertEquals(5_000_000, capacity.get("targetLatencyMicros").asLong());
        JsonNode runs = ResultFiles.read(out).get("runs");
        assertEquals(1, runs.size());
        assertEquals(runs.get(0).get("summary").get("tps").asDouble(), capacity.get("capacityTps").asDouble(), 1e-9);
        assertTrue(r.out().contains("Capacity at p99 within 5000.00 ms, 2 threads: at least "), r.out());
        Cli.Result report = Cli.run("report", out.toString());
        assertEquals(0, report.exitCode(), report.out() + report.err());
        String page = Files.readString(out.resolve("report.html"));
        assertTrue(page.contains("Capacity at a latency target") && page.contains("a capacity search"), "report");
    }

    @Test
    void aTargetNoRateMeetsHalvesBelowTheMaximumAndSaysSo() throws Exception {
        List<String> target = prepared("cap_missed");
        Path out = tmp.resolve("missed");
        Cli.Result r = Cli.run(Cli.args(target, "capacity", "oltp_point_select", "--table-size=1000", "--threads=2",
                "--time=2", "--target-latency=0.001", "--capacity-steps=2", "--repeat=1", "--tail-events=1",
                "--explain=off", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode capacity = new ObjectMapper().readTree(out.resolve("capacity.json").toFile());
        JsonNode steps = capacity.get("steps");
        JsonNode runs = ResultFiles.read(out).get("runs");
        assertEquals(3, steps.size(), capacity.toString());
        assertEquals(3, runs.size());
        double max = steps.get(0).get("tps").asDouble();
        assertEquals(0, steps.get(0).get("rate").asDouble());
        assertEquals(max / 2, steps.get(1).get("rate").asDouble(), 0.01);
        assertEquals(max / 4, steps.get(2).get("rate").asDouble(), 0.01);
        for (int i = 0; i < 3; i++) {
            JsonNode run = runs.get(i);
            assertFalse(steps.get(i).get("met").asBoolean());
            assertEquals(steps.get(i).get("rate").asDouble(), run.get("plan").get("rateEventsPerSecond").asDouble(),
                    1e-9, "each step ran at its rate");
            assertEquals(run.get("summary").get("tps").asDouble(), steps.get(i).get("tps").asDouble(), 1e-9);
            if (i > 0) {
                assertTrue(run.get("summary").get("tps").asDouble() <= 1.05 * steps.get(i).get("rate").asDouble(),
                        "an open-loop step holds its rate: " + run.get("summary"));
            }
        }
        assertEquals(0, capacity.get("capacityTps").asDouble());
        assertNotNull(capacity.get("lowestMissedRate"));
        assertTrue(r.out().contains("not met at any rate tried"), r.out());
    }

    @Test
    void badTargetsAreOneLineAndExit2() {
        for (String[] args : new String[][]{{"capacity", "oltp_point_select", "--target-latency=0"},
                {"sweep", "oltp_point_select", "--target-p99", "fast"},
                {"sweep", "oltp_point_select", "--target-p99", "20ms", "--threads", "1,2"},
                {"capacity", "oltp_point_select"}}) {
            Cli.Result r = Cli.run(args);
            assertEquals(2, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("error: invalid options: "), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }

    private static List<String> prepared(String prefix) {
        List<String> target = TestServer.cliTarget(TestServer.freshDatabase(prefix));
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000")).exitCode());
        return target;
    }

    private static long globalStatus(String name) throws SQLException {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            assertTrue(rs.next(), name);
            return rs.getLong(2);
        }
    }
}
