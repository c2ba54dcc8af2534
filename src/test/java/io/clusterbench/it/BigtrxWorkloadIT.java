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
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bigtrx family on the embedded MariaDB (issue 13): each transaction writes exactly N rows, each kind is
 * its own class, streaming replication on a server without wsrep exits 2 in one line.
 */
class BigtrxWorkloadIT {
    private static final int ROWS = 2500;
    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void prepare() {
        db = TestServer.freshDatabase("bigtrx");
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "bigtrx"));
        assertEquals(0, r.exitCode(), r.err());
    }

    private Cli.Result run(Path out, String... extra) {
        List<String> args = new ArrayList<>(TestServer.cliTarget(db));
        args.addAll(List.of("--bigtrx-rows=" + ROWS, "--bigtrx-batch-rows=1000", "--time=0", "--out=" + out));
        args.addAll(List.of(extra));
        return Cli.run(Cli.args(args, "run", "bigtrx"));
    }

    @Test
    void everyTransactionWritesExactlyNRows() throws Exception {
        Path out = tmp.resolve("cycle");
        Cli.Result r = run(out, "--threads=2", "--events=7"); // insert, update, delete, insert, … over 2 workers
        assertEquals(0, r.exitCode(), r.err() + r.out());
        JsonNode run = ResultFiles.run(out);
        long transactions = 0;
        for (JsonNode c : run.get("statementClasses")) {
            String name = c.get("name").asText();
            if (!name.equals("bigtrx_commit")) {
                assertEquals(c.get("statements").asLong() * ROWS, c.get("rows").asLong(), c.toString());
                transactions += c.get("statements").asLong();
            } else {
                assertTrue(c.get("statements").asLong() >= 7, c.toString());
            }
        }
        assertTrue(transactions >= 7, "" + transactions);
        JsonNode stats = run.get("observerFacts").get("bigtrx").get("transactions");
        for (JsonNode kind : stats) {
            assertEquals(ROWS, kind.get("rowsPerTransaction").asDouble(), 1e-9, stats.toString());
            assertEquals(0, kind.get("transactionsWithRowMismatch").asLong(), stats.toString());
        }
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) % " + ROWS + ", COUNT(*) > 0 FROM bigtrx_1")) {
            rs.next();
            assertEquals(0, rs.getLong(1), "each worker's range holds all N rows or none");
        }
    }

    @Test
    void insertOnlyAddsNRowsPerTransactionToTheWorkersRange() throws Exception {
        Path out = tmp.resolve("insert");
        Cli.Result r = run(out, "--threads=1", "--events=3", "--bigtrx-ops=insert");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM bigtrx_1 WHERE id < 20000000000")) {
            rs.next();
            assertEquals(ROWS, rs.getLong(1), "worker 1's range after its last insert");
        }
        JsonNode run = ResultFiles.run(out);
        for (JsonNode c : run.get("statementClasses")) {
            if (c.get("name").asText().equals("bigtrx_insert")) {
                assertEquals(3, c.get("statements").asLong());
            }
        }
    }

    @Test
    void streamingOnAServerWithoutWsrepIsRefusedInOneLine() {
        Cli.Result r = run(tmp.resolve("sr"), "--events=1", "--bigtrx-fragment-size=100");
        assertEquals(2, r.exitCode(), r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("streaming replication"), r.err());
        Cli.Result bad = run(tmp.resolve("op"), "--events=1", "--bigtrx-ops=upsert");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("unknown --bigtrx-ops entry 'upsert'"), bad.err());
    }
}
