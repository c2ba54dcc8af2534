package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OLTP family end to end through the CLI against the real embedded MariaDB: statement counts per
 * event equal sysbench 1.0.20's, the real-row guarantee on stepped ids, and seeded reproducibility.
 */
class OltpWorkloadsIT {
    private static final int EVENTS = 100;
    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void prepare() {
        db = TestServer.freshDatabase("oltp");
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_write", "--table-size=1000",
                "--tables=2"));
        assertEquals(0, r.exitCode(), r.err());
    }

    private JsonNode run(String workload, String... extra) {
        Path out = tmp.resolve(workload + String.join("", extra).replaceAll("[^a-z0-9]", ""));
        List<String> args = new java.util.ArrayList<>(TestServer.cliTarget(db));
        args.addAll(List.of("--tables=2", "--table-size=1000", "--threads=1", "--time=0", "--events=" + EVENTS,
                "--out=" + out));
        args.addAll(List.of(extra));
        Cli.Result r = Cli.run(Cli.args(args, "run", workload));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        return ResultFiles.summary(out);
    }

    /** sysbench 1.0.20 default statement mix per event: reads, writes, other (reference/sysbench.md). */
    @Test
    void statementCountsPerEventEqualSysbench() {
        Object[][] expected = {
                {"oltp_point_select", 1, 0, 0},
                {"oltp_read_only", 14, 0, 2},
                {"oltp_read_write", 14, 4, 2},
                {"oltp_write_only", 0, 4, 2},
                {"oltp_update_index", 0, 1, 0},
                {"oltp_update_non_index", 0, 1, 0},
                {"oltp_insert", 0, 1, 0},
                {"oltp_delete", 0, 1, 0},
        };
        for (String path : new String[]{"auto", "jdbc"}) { // the lean statement path (this server: TCP) and JDBC
            for (Object[] row : expected) {
                JsonNode s = run((String) row[0], "--statement-path=" + path);
                String w = row[0] + " " + path;
                assertEquals(EVENTS, s.get("events").asLong(), w);
                assertEquals(EVENTS * (int) row[1], s.get("reads").asLong(), w + " reads");
                assertEquals(EVENTS * (int) row[2], s.get("writes").asLong(), w + " writes");
                assertEquals(EVENTS * (int) row[3], s.get("other").asLong(), w + " other");
                if (!w.startsWith("oltp_insert")) {
                    assertEquals(100.0, s.get("hitRatePercent").asDouble(), 1e-9, w + " hit rate");
                }
            }
        }
    }

    @Test
    void skipTrxDropsBeginAndCommit() {
        JsonNode s = run("oltp_read_write", "--skip-trx=on");
        assertEquals(0, s.get("other").asLong());
        assertEquals(EVENTS * 18, s.get("queries").asLong());
    }

    @Test
    void sameSeedSameKeysDifferentSeedDifferentKeys() throws Exception {
        String seeded = TestServer.freshDatabase("seed");
        List<String> target = TestServer.cliTarget(seeded);
        long[] sums = new long[3];
        String[] seeds = {"7", "7", "8"};
        for (int i = 0; i < 3; i++) {
            assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_update_index", "--table-size=500", "--force"))
                    .exitCode());
            Path out = tmp.resolve("seed" + i);
            Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_update_index", "--table-size=500", "--threads=1",
                    "--time=0", "--events=400", "--rand-type=uniform", "--rand-seed=" + seeds[i], "--out=" + out));
            assertEquals(0, r.exitCode(), r.err());
            // one thread: the shared --events budget cannot split differently between runs; the table's state is a fingerprint of which ids were drawn how often
            try (Connection c = TestServer.connect(seeded); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT SUM(k * id) FROM sbtest1")) {
                rs.next();
                sums[i] = rs.getLong(1);
            }
        }
        assertEquals(sums[0], sums[1], "same seed, same key sequence");
        assertNotEquals(sums[0], sums[2], "another seed draws other keys");
    }

    @Test
    void steppedIdsOfAGaleraLikeTableAllHit() throws Exception {
        String sparse = TestServer.freshDatabase("sparse");
        try (Connection c = TestServer.connect(sparse); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL auto_increment_increment=3");
            try {
                Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(sparse), "prepare", "oltp_read_write",
                        "--table-size=2000"));
                assertEquals(0, r.exitCode(), r.err());
            } finally {
                st.execute("SET GLOBAL auto_increment_increment=1");
            }
            try (ResultSet rs = st.executeQuery("SELECT MIN(id), MAX(id), COUNT(*) FROM sbtest1")) {
                rs.next();
                assertEquals(1, rs.getInt(1));
                assertEquals(1 + 3 * 1999, rs.getInt(2), "ids step by 3");
                assertEquals(2000, rs.getInt(3));
            }
        }
        for (String w : new String[]{"oltp_point_select", "oltp_update_index", "oltp_update_non_index",
                "oltp_read_write"}) {
            Path out = tmp.resolve("sparse-" + w);
            Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(sparse), "run", w, "--table-size=2000",
                    "--threads=2", "--time=0", "--events=300", "--out=" + out));
            assertEquals(0, r.exitCode(), r.err());
            JsonNode run = ResultFiles.run(out);
            assertEquals(100.0, run.get("summary").get("hitRatePercent").asDouble(), 1e-9, w);
            assertEquals(0, run.get("summary").get("misses").asLong(), w);
            for (JsonNode c : run.get("statementClasses")) {
                if (c.get("hitRatePercent").isNumber()) {
                    assertEquals(100.0, c.get("hitRatePercent").asDouble(), 1e-9, w + " " + c.get("name"));
                }
            }
            assertTrue(r.out().contains("hit rate:"), r.out());
        }
    }
}
