package io.clusterbench.workload.joins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.db.DbFailure;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The joins family against the real embedded MariaDB with small tables. */
class JoinsIT {
    private static final int ROWS = 400;
    private static String db;

    @BeforeAll
    static void prepare() {
        db = TestServer.freshDatabase("joins");
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "joins", "--tables=2",
                "--table-size=" + ROWS, "--threads=2"));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Inserting " + ROWS + " records into 'level5'"), r.out());
        assertTrue(r.out().contains("Prepared 7 table(s)"), r.out());
    }

    @Test
    void everyScenarioRunsAndReturnsRows(@TempDir Path out) throws Exception {
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "joins", "--tables=2",
                "--table-size=" + ROWS, "--scenarios=all,index_updates,delete_inserts", "--time=0", "--events=6",
                "--threads=2", "--rand-seed=11", "--out=" + out));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode run = new ObjectMapper().readTree(out.resolve("result.json").toFile()).get("runs").get(0);
        assertEquals(6, run.get("summary").get("events").asLong());
        JsonNode classes = run.get("statementClasses");
        int seen = 0;
        for (JsonNode c : classes) {
            JoinScenario s = JoinScenario.byName(c.get("name").asText());
            if (s == null) {
                continue;
            }
            seen++;
            // statements of a restarted event count again (sysbench semantics): exact only without restarts
            if (run.get("summary").get("ignoredErrors").asLong() == 0) {
                assertEquals(6, c.get("statements").asLong(), s.scenarioName());
            } else {
                assertTrue(c.get("statements").asLong() >= 6, s.scenarioName());
            }
            if (s.kind() == JoinScenario.Kind.READ) {
                assertTrue(c.get("rows").asLong() > 0, s.scenarioName() + " returned no rows");
                assertTrue(c.get("latency").get("p95Micros").asLong() > 0, s.scenarioName());
            }
        }
        assertEquals(41, seen);
        assertTrue(r.out().contains("rows"), r.out());
    }

    @Test
    void anUnknownScenarioIsOneLineAndExit2() {
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "joins", "--simple_inner_pk=1",
                "--simple_inner_foo=1"));
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("unknown joins scenario or option 'simple_inner_foo'")
                && r.err().contains("valid scenarios: simple_inner_pk, "), r.err());
    }

    @Test
    void planCaptureWorksForAll41(@TempDir Path out) throws Exception {
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "explain", "joins", "--tables=2",
                "--out=" + out));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        assertTrue(r.out().contains("Plans: 41 captured"), r.out());
        JsonNode plans = new ObjectMapper().readTree(out.resolve("plans.json").toFile()).get("plans");
        assertEquals(41, plans.size());
        for (JsonNode p : plans) {
            assertTrue(p.get("error").isNull(), p.toString());
            assertTrue(p.get("joinOrder").size() > 0, p.get("scenario").asText());
            assertTrue(p.get("explain").has("query_block"), p.get("scenario").asText());
        }
        // MariaDB 11.4 treats /*+ */ as a comment: auto picks STRAIGHT_JOIN and says so
        assertTrue(r.out().contains("forcing form STRAIGHT_JOIN (auto)"), r.out());
    }

    @Test
    void aHintNamingANonExistentAliasIsFlagged() throws SQLException {
        try (Connection c = TestServer.connect(db)) {
            JoinPlan plan = JoinsExplain.capture(c, "reference_forcing_order", "hint",
                    "SELECT /*+ JOIN_ORDER(level1, main1) */ m.id FROM main1 m INNER JOIN level1 l1"
                            + " ON m.id = l1.parent_id WHERE m.continent = 'Asia'", true, true, null, List.of("l1", "m"));
            assertNull(plan.error());
            assertTrue(plan.flags().stream().anyMatch(f -> f.startsWith("hint names unknown alias(es) level1, main1")),
                    plan.flags().toString());
            assertTrue(plan.flags().stream().anyMatch(f -> f.contains("is a comment")), plan.flags().toString());
        }
    }

    @Test
    void theReferenceRightJoinIsFlaggedAsConvertedAndOursIsNot() throws SQLException {
        try (Connection c = TestServer.connect(db)) {
            JoinPlan reference = JoinsExplain.capture(c, "reference_simple_right_index", "plain",
                    "SELECT m.id FROM level1 l1 RIGHT JOIN main1 m ON m.id = l1.parent_id AND m.enum_field = 'active'"
                            + " WHERE l1.continent = 'Asia'", true, true, null, List.of());
            assertTrue(reference.flags().stream().anyMatch(f -> f.startsWith("outer joins converted")),
                    reference.flags() + " " + reference.rewritten());
            String ours = JoinSql.render(JoinScenario.SIMPLE_RIGHT_INDEX, 1, JoinSql.Form.STRAIGHT_JOIN,
                    new SplittableRandom(3));
            JoinPlan fixed = JoinsExplain.capture(c, "simple_right_index", "plain", ours, true, true, null, List.of());
            assertTrue(fixed.flags().stream().noneMatch(f -> f.startsWith("outer joins converted")),
                    fixed.flags() + " " + fixed.rewritten());
        }
    }

    @Test
    void aLeftJoinReturnsPreservedRowsWithoutAMatch() throws SQLException {
        String sql = JoinSql.render(JoinScenario.SIMPLE_LEFT_PK, 1, JoinSql.Form.STRAIGHT_JOIN, new SplittableRandom(5));
        Matcher continent = Pattern.compile("m\\.continent = '([^']+)'").matcher(sql);
        assertTrue(continent.find(), sql);
        try (Connection c = TestServer.connect(db); Statement st = c.createStatement()) {
            long preserved;
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM main1 WHERE continent = '" + continent.group(1) + "'")) {
                rs.next();
                preserved = rs.getLong(1);
            }
            int rows = 0;
            int unmatched = 0;
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    rows++;
                    rs.getLong("l1_match");
                    if (rs.wasNull()) {
                        unmatched++;
                    }
                }
            }
            assertEquals(Math.min(100, preserved), rows, "every preserved-side row comes back once: " + sql);
            assertTrue(unmatched > 0 && unmatched < rows, unmatched + " of " + rows + " without a match");
        }
    }

    @Test
    void aFailedWriteRollsBackTheEventAndThrowsAClassifiedFailure() throws Exception {
        String own = TestServer.freshDatabase("joinsw");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "joins", "--table-size=50")).exitCode());
        int[] counts = new int[JoinScenario.values().length];
        counts[JoinScenario.UPDATE_MULTI_LEFT_JOIN_PK.ordinal()] = 1;
        JoinsConfig config = new JoinsConfig(1, 50, counts, 1, 1, null, false, io.clusterbench.workload.TableOptions.DEFAULT,
                Distribution.parse("uniform", 12, 1, 75, 0.2, 0.8));
        JoinsWorkload w = new JoinsWorkload(config, 1);
        try (Connection c = TestServer.connect(own); Statement st = c.createStatement()) {
            w.init(c);
            long before = checksum(st);
            st.execute("CREATE TRIGGER refuse BEFORE INSERT ON main1 FOR EACH ROW"
                    + " SIGNAL SQLSTATE '23000' SET MESSAGE_TEXT = 'refused by test'");
            int[] recorded = new int[1];
            StatementRecorder rec = new StatementRecorder() {
                @Override
                public long start() {
                    return 0;
                }

                @Override
                public void record(int classId, int sysbenchClass, int outcome, long startToken) {
                    recorded[0]++;
                }
            };
            try (Session s = w.openSession(new SessionContext(0, TestServer.target(own), new SplittableRandom(9)))) {
                DbFailure f = assertThrows(DbFailure.class, () -> s.event(rec));
                assertEquals(1644, f.vendorCode());
                assertEquals(DbFailure.Kind.STATEMENT, f.kind());
            }
            assertEquals(4, recorded[0], "BEGIN, the update, index_updates and the DELETE ran before the INSERT failed");
            assertEquals(before, checksum(st), "the event's update, index update and delete were rolled back");
        }
    }

    private static long checksum(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT COUNT(*), COALESCE(SUM(CRC32(CONCAT(id, myvalue, varchar_field))), 0)"
                + " FROM main1")) {
            rs.next();
            return rs.getLong(1) * 1_000_003L + rs.getLong(2);
        }
    }
}
