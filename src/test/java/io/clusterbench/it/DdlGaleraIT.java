package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
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
 * The ddl and bigtrx families on the real 3-node Galera sandbox (issue 13): a populated-table DDL beside
 * oltp_read_write stalls every node and the stall's length is recorded per node; RSU rolls the ALTER over
 * the nodes, each desynced in turn; bigtrx with streaming replication replicates more than one fragment per
 * transaction and leaves the same rows on every node.
 */
@Tag("galera")
class DdlGaleraIT {
    private static final int DDL_ROWS = 30_000;
    private static final int BIG_ROWS = 5000;
    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void prepare() {
        GaleraCluster.get();
        db = GaleraCluster.freshDatabase("cb_ddl");
        for (String[] p : new String[][]{{"oltp_read_write", "--table-size=2000"}, {"ddl", "--table-size=" + DDL_ROWS},
                {"bigtrx"}}) {
            List<String> args = new ArrayList<>(List.of("prepare"));
            args.addAll(List.of(p));
            Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), args.toArray(String[]::new)));
            assertEquals(0, r.exitCode(), r.out() + r.err());
        }
    }

    private static Cli.Result run(String workload, Path out, String... extra) {
        List<String> args = new ArrayList<>(GaleraCluster.cliTarget(db));
        args.addAll(List.of("--time=0", "--report-interval=1", "--out=" + out));
        args.addAll(List.of(extra));
        Cli.Result r = Cli.run(Cli.args(args, "run", workload));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return r;
    }

    @Test
    void populatedTableDdlBesideOltpStallsEveryNode() {
        Path out = tmp.resolve("toi");
        Cli.Result r = run("ddl", out, "--table-size=" + DDL_ROWS, "--ddl-kinds=force", "--events=2",
                "--background=oltp_read_write", "--background-threads=2");
        assertTrue(r.out().contains("DDL["), r.out());
        JsonNode facts = ResultFiles.run(out).get("observerFacts");
        JsonNode force = facts.get("stall").get("byKind").get("ddl_force");
        assertEquals(2, force.get("statements").asInt(), force.toString());
        assertEquals(GaleraCluster.NODES, force.get("nodes").size());
        for (JsonNode node : force.get("nodes")) {
            assertTrue(node.get("maxCommitGapMillis").asLong() > 0, "a stall on every node: " + force);
        }
        JsonNode bg = facts.get("background");
        assertTrue(bg.get("marked").get("intervals").asInt() > 0, bg.toString());
    }

    @Test
    void theDdlSummaryCountsTheBackgroundsConflictsAndItsDipLeavesTheTableFillsOut() {
        Path out = tmp.resolve("fills");
        // one event every 4 s (open loop): each fills the table, then runs its DDL; the background is steady between
        Cli.Result r = run("ddl", out, "--table-size=" + DDL_ROWS, "--ddl-kinds=truncate,force", "--events=4",
                "--rate=0.25", "--background=oltp_read_write", "--background-threads=6");
        JsonNode run = ResultFiles.run(out);
        JsonNode bg = run.get("observerFacts").get("background");
        assertTrue(bg.get("preparing").get("intervals").asInt() > 0, "each event fills the table first: " + bg);
        long own = conflicts(run.get("summary").get("errorsByCode"));
        long background = conflicts(bg.path("errorsByCode"));
        assertTrue(r.out().contains("conflicts:                      " + (own + background) + " (client errors 1213"),
                "the summary counts the background's 1213s too (" + own + " + " + background + "): " + r.out());
        if (background > 0) {
            assertTrue(r.out().contains(background + " of them the background workload's"), r.out());
        }
        assertTrue(bg.get("quiet").get("intervals").asInt() > 0, "steady intervals between the events: " + bg);
        double quiet = bg.get("quiet").get("tps").asDouble();
        double marked = bg.get("marked").get("tps").asDouble();
        assertEquals(100 * (1 - marked / quiet), bg.get("tpsDipPercent").asDouble(), 1e-6,
                "the dip compares the DDLs' intervals with the steady ones, the fills in neither: " + bg);
    }

    private static long conflicts(JsonNode byCode) {
        long n = 0;
        for (var it = byCode.fields(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().startsWith("1213")) {
                n += e.getValue().asLong();
            }
        }
        return n;
    }

    @Test
    void rsuRollsTheAlterOverEveryNodeDesyncingEachInTurn() {
        Path out = tmp.resolve("rsu");
        run("ddl", out, "--table-size=" + DDL_ROWS, "--ddl-kinds=force", "--ddl-method=rsu", "--events=1",
                "--background=oltp_read_write", "--background-threads=1");
        JsonNode run = ResultFiles.run(out);
        for (JsonNode c : run.get("statementClasses")) {
            if (c.get("name").asText().equals("ddl_force")) {
                assertEquals(GaleraCluster.NODES, c.get("statements").asInt(), "one FORCE per node");
            }
        }
        JsonNode windows = run.get("observerFacts").get("stall").get("windows");
        int desynced = 0;
        for (JsonNode w : windows) {
            if (w.get("kind").asText().equals("ddl_force")
                    && w.get("nodes").get(w.get("endpoint").asText()).get("notSyncedMillis").asLong() > 0) {
                desynced++;
            }
        }
        assertEquals(GaleraCluster.NODES, desynced, "each node desynced while its own FORCE ran: " + windows);
    }

    @Test
    void streamingReplicationSendsFragmentsAndEveryNodeHoldsTheRows() throws Exception {
        Path out = tmp.resolve("sr");
        run("bigtrx", out, "--threads=1", "--events=1", "--bigtrx-ops=insert", "--bigtrx-rows=" + BIG_ROWS,
                "--bigtrx-fragment-unit=rows", "--bigtrx-fragment-size=1000");
        JsonNode insert = ResultFiles.run(out).get("observerFacts").get("bigtrx").get("transactions")
                .get("bigtrx_insert");
        assertTrue(insert.get("fragmentsPerTransaction").asDouble() > 1, insert.toString());
        assertTrue(insert.get("writeSetBytesPerTransaction").asDouble() > 0, insert.toString());
        for (int node = 1; node <= GaleraCluster.NODES; node++) {
            try (Connection c = GaleraCluster.connect(node, db); Statement s = c.createStatement()) {
                s.execute("SET SESSION wsrep_sync_wait = 1");
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM bigtrx_1")) {
                    rs.next();
                    assertEquals(BIG_ROWS, rs.getLong(1), "rows on node " + node);
                }
            }
        }
    }
}
