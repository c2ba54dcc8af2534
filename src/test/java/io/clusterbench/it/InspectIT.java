package io.clusterbench.it;

import io.clusterbench.inspect.InspectPlan;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code inspect} on the embedded server (issue 17): a clean target has no findings; max_connections below
 * the planned threads is an ERROR with exit 3; a working set larger than the buffer pool is a WARNING; the
 * Galera table rules stay silent on a standalone server; the row-size estimate matches real sbtest tables.
 */
class InspectIT {
    private static String db;

    @BeforeAll
    static void prepare() {
        db = TestServer.freshDatabase("cb_inspect");
        Cli.Result p = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_write", "--tables", "2",
                "--table-size", "20000"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    private static Cli.Result inspect(String... extra) {
        String[] head = new String[extra.length + 1];
        head[0] = "inspect";
        System.arraycopy(extra, 0, head, 1, extra.length);
        return Cli.run(Cli.args(TestServer.cliTarget(db), head));
    }

    @Test
    void cleanTargetHasNoFindings() {
        Cli.Result r = inspect("--threads", "1,4,8", "--tables", "2", "--table-size", "20000");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("No findings"), r.out());
        assertTrue(r.out().contains("2 table(s)"), r.out());
    }

    @Test
    void maxConnectionsBelowThePlannedThreadsIsAnErrorWithExit3() throws Exception {
        long max;
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@max_connections")) {
            rs.next();
            max = rs.getLong(1);
        }
        Cli.Result r = inspect("--threads", "1,8," + max, "--tables", "2", "--table-size", "20000",
                "--db-ps-mode", "disable"); // no prepared-statement budget finding beside it
        assertEquals(3, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("ERROR max-connections: 127.0.0.1:" + TestServer.port() + " max_connections = "
                + max + " < " + (max + 2) + " connections planned"), r.out());
        assertTrue(r.out().contains("1 error(s)"), r.out());
    }

    @Test
    void workingSetLargerThanTheBufferPoolIsAWarning() {
        Cli.Result r = inspect("--tables", "4", "--table-size", "5000000");
        assertEquals(0, r.exitCode(), "a warning does not fail: " + r.out() + r.err());
        assertTrue(r.out().contains("WARNING working-set: ") && r.out().contains("estimated: 20000000 rows"), r.out());
    }

    @Test
    void galeraTableRulesDoNotApplyToAStandaloneServer() throws Exception {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE cb_myisam (id INT PRIMARY KEY) ENGINE=MyISAM");
            s.execute("CREATE TABLE cb_nopk (a INT) ENGINE=InnoDB");
            try {
                Cli.Result r = inspect("--tables", "2", "--table-size", "20000");
                assertEquals(0, r.exitCode(), r.out() + r.err());
                assertFalse(r.out().contains("galera-"), r.out());
            } finally {
                s.execute("DROP TABLE cb_myisam, cb_nopk");
            }
        }
    }

    @Test
    void badThreadsIsOneLineAndExit2() {
        Cli.Result r = inspect("--threads", "0");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
    }

    /**
     * {@code run} makes the checks before the first step: a finding is printed as a warning, the run goes on,
     * result.json keeps it and the HTML report shows it; {@code --no-inspect} skips them.
     */
    @Test
    void runPrintsPreflightWarningsKeepsThemInTheResultAndTheReport(@org.junit.jupiter.api.io.TempDir
                                                                          java.nio.file.Path out) throws Exception {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            String was;
            try (ResultSet rs = s.executeQuery("SELECT @@GLOBAL.table_open_cache")) {
                rs.next();
                was = rs.getString(1);
            }
            s.execute("SET GLOBAL table_open_cache = 10");
            try {
                java.nio.file.Path on = out.resolve("on");
                Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--tables", "2",
                        "--table-size", "20000", "--threads", "16", "--time", "1", "--out", on.toString()));
                assertEquals(0, r.exitCode(), r.out() + r.err());
                assertTrue(r.out().contains("WARNING table-open-cache: "), r.out());
                var doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(on.resolve("result.json").toFile());
                assertEquals("table-open-cache", doc.get("preflight").get(0).get("code").asText(), doc.toString());
                assertEquals("WARNING", doc.get("preflight").get(0).get("level").asText());
                Cli.Result report = Cli.run("report", on.toString(), "--output", out.resolve("r.html").toString());
                assertEquals(0, report.exitCode(), report.out() + report.err());
                String html = java.nio.file.Files.readString(out.resolve("r.html"));
                assertTrue(html.contains("Pre-flight findings") && html.contains("table-open-cache"));

                java.nio.file.Path off = out.resolve("off");
                Cli.Result quiet = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--tables",
                        "2", "--table-size", "20000", "--threads", "16", "--time", "1", "--no-inspect", "--out",
                        off.toString()));
                assertEquals(0, quiet.exitCode(), quiet.out() + quiet.err());
                assertFalse(quiet.out().contains("table-open-cache"), quiet.out());
                var offDoc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(off.resolve("result.json")
                        .toFile());
                assertEquals(0, offDoc.get("preflight").size());
            } finally {
                s.execute("SET GLOBAL table_open_cache = " + was);
            }
        }
    }

    /** The estimate used before the tables exist is within a factor of two of real sbtest tables. */
    @Test
    void rowBytesEstimateMatchesRealTables() throws Exception {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("ANALYZE TABLE sbtest1");
            try (ResultSet rs = s.executeQuery("SELECT DATA_LENGTH + INDEX_LENGTH FROM information_schema.TABLES "
                    + "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'sbtest1'")) {
                rs.next();
                double perRow = rs.getLong(1) / 20000.0;
                assertTrue(perRow > InspectPlan.SBTEST_ROW_BYTES / 2.0 && perRow < InspectPlan.SBTEST_ROW_BYTES * 2.0,
                        "measured " + perRow + " B/row");
            }
        }
    }
}
