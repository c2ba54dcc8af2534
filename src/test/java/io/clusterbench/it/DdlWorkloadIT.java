package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Chromium;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ddl family end to end on the embedded MariaDB (issue 13): every DDL kind runs and is its own class,
 * the stall observer measures every DDL, a background workload runs beside it, bad methods exit 2, and
 * cleanup drops only the family's tables.
 */
class DdlWorkloadIT {
    private static final int ROWS = 2000;
    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void prepare() {
        db = TestServer.freshDatabase("ddl");
        Cli.Result o = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_write", "--table-size=500"));
        assertEquals(0, o.exitCode(), o.err());
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "ddl", "--table-size=" + ROWS));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("leaves alone 1 other table in this schema: sbtest1"), r.out());
    }

    private static void dropWorkerTable() {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS ddl_w1"); // each test starts from no worker table
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Cli.Result run(Path out, String... extra) {
        dropWorkerTable();
        List<String> args = new ArrayList<>(TestServer.cliTarget(db));
        args.addAll(List.of("--table-size=" + ROWS, "--threads=1", "--time=0", "--out=" + out));
        args.addAll(List.of(extra));
        return Cli.run(Cli.args(args, "run", "ddl"));
    }

    @Test
    void everyKindRunsOnAPopulatedTableAndIsItsOwnClass() {
        Path out = tmp.resolve("all");
        Cli.Result r = run(out, "--events=16", "--background=oltp_read_write", "--background-threads=1");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        assertTrue(r.out().contains("it leaves alone 1 other table"), r.out());
        JsonNode run = ResultFiles.run(out);
        Map<String, Long> statements = new HashMap<>();
        Map<String, Long> rows = new HashMap<>();
        for (JsonNode c : run.get("statementClasses")) {
            statements.put(c.get("name").asText(), c.get("statements").asLong());
            rows.put(c.get("name").asText(), c.get("rows").asLong());
        }
        for (String kind : List.of("create", "add_column", "add_index", "force", "drop_index", "drop_column",
                "truncate", "drop")) {
            assertEquals(2L, statements.get("ddl_" + kind), kind + " in " + statements);
        }
        // each cycle fills the table twice: before add_column and again after truncate, before drop
        assertEquals(4L * ROWS, rows.get("ddl_load"));
        JsonNode stall = run.get("observerFacts").get("stall");
        assertEquals(2L, stall.get("byKind").get("ddl_force").get("statements").asLong(), stall.toString());
        assertEquals(16, stall.get("windows").size());
        JsonNode background = run.get("observerFacts").get("background");
        assertEquals("oltp_read_write", background.get("workload").asText());
        assertTrue(background.get("quiet").get("intervals").asInt() + background.get("marked").get("intervals").asInt()
                > 0, background.toString());
        // its facts cover the measured phase only, as its lines do (they went on counting through the end sequence);
        // the interval in progress at the start counts whole (up to 0.5 s), its final partial one ends when it has
        // stopped, just after the main run's end
        double backgroundSeconds = background.get("quiet").get("seconds").asDouble()
                + background.get("marked").get("seconds").asDouble();
        double measured = ResultFiles.summary(out).get("measuredSeconds").asDouble();
        assertTrue(backgroundSeconds <= measured + 0.75, backgroundSeconds + " s of background in " + measured + " s");
        assertBackgroundIsAScenario(run, background, r.out());
    }

    /**
     * The background is the scenario named background: over the same intervals as its facts (the same seconds and
     * events), its statements those events' (oltp_read_write: 14 reads, 4 writes, 2 other each), and in the block.
     */
    private static void assertBackgroundIsAScenario(JsonNode run, JsonNode background, String out) {
        JsonNode scenario = run.get("observerFacts").get("scenarios").get("scenarios").get(0);
        assertEquals("background", scenario.get("name").asText(), scenario.toString());
        assertEquals("oltp_read_write", scenario.get("workload").asText());
        double seconds = 0;
        double events = 0;
        for (String phase : List.of("quiet", "marked", "preparing")) {
            JsonNode p = background.path(phase);
            seconds += p.path("seconds").asDouble();
            events += p.path("tps").asDouble() * p.path("seconds").asDouble();
        }
        assertEquals(seconds, scenario.get("seconds").asDouble(), 1e-6, scenario + " against " + background);
        assertEquals(Math.round(events), scenario.get("events").asLong(), scenario + " against " + background);
        if (scenario.get("errors").asLong() == 0) {
            long n = scenario.get("events").asLong();
            assertEquals(List.of(14 * n, 4 * n, 2 * n), List.of(scenario.get("reads").asLong(),
                    scenario.get("writes").asLong(), scenario.get("other").asLong()), scenario.toString());
        }
        assertTrue(out.matches("(?s).*\\n {4}background +oltp_read_write +1 +closed +" + scenario.get("events").asLong()
                + " .*"), out);
    }

    @Test
    void theHtmlReportShowsPerOperationStallsAndMarkedIntervals() throws Exception {
        Path out = tmp.resolve("report");
        dropWorkerTable();
        List<String> args = new ArrayList<>(TestServer.cliTarget(db));
        args.addAll(List.of("--table-size=" + ROWS, "--threads=1", "--time=3", "--out=" + out, "--ddl-kinds=force",
                "--background=oltp_read_write", "--background-threads=1"));
        Cli.Result r = Cli.run(Cli.args(args, "run", "ddl"));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        Path html = tmp.resolve("ddl.html");
        Cli.Result rep = Cli.run("report", out.toString(), "-o", html.toString());
        assertEquals(0, rep.exitCode(), rep.err());
        String page = java.nio.file.Files.readString(html);
        assertTrue(page.contains("<h3>Per operation</h3>"), "per-operation table");
        assertTrue(page.matches("(?s).*<tr><td>ddl</td><td class=\"num\">[1-9][0-9]*</td>.*"), "ddl_force as ddl");
        assertTrue(page.contains("<tr><td>insert</td>"), "ddl_load is an insert");
        assertTrue(page.contains("<h3>Stalls of the marked statements (DDL[ ] on the interval lines)</h3>"),
                "stall section");
        assertTrue(page.contains("<tr><td>ddl_force</td>"), "stall row per class and node");
        assertTrue(page.contains("<th>longest commit gap (ms)</th>") && page.contains("<th>catch-up after the statement (ms)</th>"));
        assertTrue(page.contains("Background <code>oltp_read_write</code>")
                && page.contains("tps dip while marked statements ran"));
        assertEquals(List.of(), io.clusterbench.testing.VisibleNames.in(page), "no internal name on a DDL report");
        assertTrue(page.contains("DDL[] intervals of 1 thread #1"), "marked intervals table");
        assertTrue(page.contains("\"label\":\"DDL[] 1 thread #1\",\"kind\":\"dots\""), "flag on the tps chart");
        Chromium.Rendered rendered = Chromium.require().render(html);
        assertEquals(List.of(), rendered.errors());
        assertEquals(rendered.expectedCharts(), rendered.drawnCharts());
    }

    @Test
    void aChosenKindRepeatsOnTheSameTable() throws Exception {
        Path out = tmp.resolve("force");
        Cli.Result r = run(out, "--events=3", "--ddl-kinds=force");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode run = ResultFiles.run(out);
        for (JsonNode c : run.get("statementClasses")) {
            long expected = switch (c.get("name").asText()) {
                case "ddl_force" -> 3;
                case "ddl_create", "ddl_load" -> 1; // the first event creates and fills the table
                default -> 0;
            };
            assertEquals(expected, c.get("statements").asLong(), c.toString());
        }
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM ddl_w1")) {
            rs.next();
            assertEquals(ROWS, rs.getInt(1));
        }
    }

    @Test
    void methodsTheServerLacksAreRefusedInOneLine() {
        for (String method : List.of("rsu", "nbo")) {
            Cli.Result r = run(tmp.resolve(method), "--events=1", "--ddl-method=" + method);
            assertEquals(2, r.exitCode(), r.out());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains("needs a Galera node"), r.err());
        }
        Cli.Result r = run(tmp.resolve("bad"), "--events=1", "--ddl-kinds=rename");
        assertEquals(2, r.exitCode(), r.out());
        assertTrue(r.err().contains("unknown --ddl-kinds entry 'rename'"), r.err());
    }

    @Test
    void cleanupDropsOnlyTheFamilysTables() throws Exception {
        String own = TestServer.freshDatabase("ddlclean");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "oltp_read_write",
                "--table-size=10")).exitCode());
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "ddl", "--table-size=10")).exitCode());
        List<String> args = new ArrayList<>(TestServer.cliTarget(own));
        args.addAll(List.of("--table-size=10", "--events=2", "--time=0", "--out=" + tmp.resolve("c")));
        assertEquals(0, Cli.run(Cli.args(args, "run", "ddl")).exitCode());
        try (Connection c = TestServer.connect(own); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE ddl_notes (note TEXT)"); // not the family's name pattern: left alone
        }
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(own), "cleanup", "ddl"));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Dropped table 'ddl_source'") && r.out().contains("Dropped table 'ddl_w1'"),
                r.out());
        try (Connection c = TestServer.connect(own); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT GROUP_CONCAT(table_name ORDER BY table_name) FROM "
                     + "information_schema.tables WHERE table_schema = DATABASE()")) {
            rs.next();
            assertEquals("ddl_notes,sbtest1", rs.getString(1));
        }
    }
}
