package io.clusterbench.it;

import io.clusterbench.result.EndpointRecord;
import io.clusterbench.result.Finding;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.sandbox.GaleraSandbox;
import io.clusterbench.sandbox.NodeStatus;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failover into a connection wall on the real 3-node sandbox (issue 32): n3's max_connections has room for its own
 * share only; killing n2 moves n2's workers onto n3. inspect warns about it beforehand, every error of the run
 * belongs to an endpoint row, and the summary names n3 and its limit.
 */
@Tag("galera")
class FailoverWallIT {
    private static final int THREADS = 30;
    private static final int N3_LIMIT = 18; // 10 workers + the observers' connections fit; 20 workers do not

    @Test
    void aFailoverIntoANodesConnectionLimitIsForeseenAttributedAndNamed(@TempDir Path out) throws Exception {
        GaleraSandbox sb = GaleraCluster.get();
        String db = GaleraCluster.freshDatabase("cb_wall");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_read_only", "--tables", "1",
                "--table-size", "1000", "--threads", "2"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        long before = maxConnections(3);
        setMaxConnections(3, N3_LIMIT);
        String n3 = "127.0.0.1:" + GaleraCluster.ports().get(2);
        try {
            Cli.Result i = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "inspect", "--workload", "oltp_read_only",
                    "--threads", Integer.toString(THREADS), "--tables", "1", "--table-size", "1000"));
            assertTrue(i.out().contains("WARNING failover-headroom: " + n3 + " max_connections = " + N3_LIMIT
                    + " < 22 connections if n2 ("), i.out());

            Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "run", "oltp_read_only", "--tables", "1",
                    "--table-size", "1000", "--threads", Integer.toString(THREADS), "--time", "16",
                    "--report-interval", "1", "--out", out.toString(), "--sandbox", sb.dir().toString(),
                    "--fault", "5s kill n2"));
            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("WARNING failover-headroom: " + n3), "the pre-flight warned: " + r.out());

            ResultDocument doc = ResultJson.read(out.resolve("result.json"));
            assertTrue(doc.preflight().stream().map(Finding::code).anyMatch("failover-headroom"::equals),
                    doc.preflight().toString());
            RunRecord run = doc.runs().get(0);
            long inRows = run.endpoints().stream().mapToLong(EndpointRecord::errors).sum();
            assertEquals(run.summary().errors(), inRows, "every error belongs to an endpoint row: " + run.endpoints());
            long refused = run.endpoints().stream().filter(e -> e.endpoint().equals(n3))
                    .mapToLong(e -> e.errorsByCode().entrySet().stream().filter(x -> x.getKey().startsWith("1040"))
                            .mapToLong(java.util.Map.Entry::getValue).sum()).sum();
            assertTrue(refused > 0, "n3 refused n2's workers: " + run.endpoints());
            assertTrue(r.out().contains("connection wall on n3 (" + n3 + "): " + refused + " connections refused "
                    + "with 1040 (too many connections) at max_connections " + N3_LIMIT), r.out());
            assertTrue(r.out().contains("after kill n2 moved workers there"), r.out());
        } finally {
            setMaxConnections(3, before);
            restartDownNodes(sb);
        }
    }

    private static long maxConnections(int node) throws Exception {
        try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@GLOBAL.max_connections")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void setMaxConnections(int node, long value) throws Exception {
        try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement()) {
            s.execute("SET GLOBAL max_connections = " + value);
        }
    }

    private static void restartDownNodes(GaleraSandbox sb) {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!sb.status().stream().allMatch(NodeStatus::synced) && System.nanoTime() < deadline) {
            for (NodeStatus st : sb.status()) {
                if (st.process().equals("down")) {
                    sb.restart(st.name(), line -> { });
                }
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        assertTrue(List.of(sb.status()).size() > 0);
    }
}
