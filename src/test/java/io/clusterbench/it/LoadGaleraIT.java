package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code prepare} on the 3-node Galera sandbox (issue 20): chunks are bounded by the node's write-set limits
 * (a node that refuses write sets of more than 3000 rows still gets every row), ids follow each node's
 * auto-increment step, and flow control is reported for the load; a TPC-C load's chunks are bounded alike.
 */
@Tag("galera")
class LoadGaleraIT {
    @Test
    void aLoadStaysWithinTheWriteSetLimitAndReportsFlowControl() throws SQLException {
        GaleraCluster.get();
        String db = GaleraCluster.freshDatabase("cb_loadgal");
        long before;
        try (Connection c = GaleraCluster.connect(1, db); Statement s = c.createStatement()) {
            before = global(s, "@@wsrep_max_ws_rows");
            for (int node = 0; node < GaleraCluster.NODES; node++) {
                try (Connection n = GaleraCluster.connect(node + 1, db); Statement ns = n.createStatement()) {
                    ns.execute("SET GLOBAL wsrep_max_ws_rows = 3000");
                }
            }
        }
        try {
            Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_read_write",
                    "--tables=2", "--table-size=10000", "--threads=2"));
            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("Loading in chunks of 3000 rows"), r.out());
            assertTrue(r.out().matches("(?s).*Flow control during the load: paused \\d+\\.\\d\\d s of [\\d.]+ s .*"),
                    r.out());
            // TPC-C's chunks are bounded alike (a 1 MB multi-row INSERT of order lines, ~12,000 rows, was refused)
            r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "tpcc", "--scale=1", "--threads=2"));
            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("Loading with LOAD DATA in chunks of at most 3000 stock, 3000 customer, "
                    + "3000 order_line rows"), r.out());
        } finally {
            for (int node = 0; node < GaleraCluster.NODES; node++) {
                try (Connection n = GaleraCluster.connect(node + 1, db); Statement ns = n.createStatement()) {
                    ns.execute("SET GLOBAL wsrep_max_ws_rows = " + before);
                }
            }
        }
        for (int node = 0; node < GaleraCluster.NODES; node++) {
            try (Connection c = GaleraCluster.connect(node + 1, db); Statement s = c.createStatement()) {
                for (int t = 1; t <= 2; t++) {
                    assertEquals(10_000, global(s, "(SELECT COUNT(*) FROM sbtest" + t + ")"), "node " + node);
                    // ids stepped by the cluster size, as sysbench's auto-increment load gives on a node
                    assertEquals(0, global(s, "(SELECT COUNT(*) FROM sbtest" + t + " WHERE (id - (SELECT MIN(id) FROM sbtest"
                            + t + ")) MOD " + GaleraCluster.NODES + " <> 0)"), "node " + node);
                }
                assertEquals(100_000, global(s, "(SELECT COUNT(*) FROM stock1)"), "node " + node);
                assertEquals(30_000, global(s, "(SELECT COUNT(*) FROM customer1)"), "node " + node);
                assertEquals(global(s, "(SELECT SUM(o_ol_cnt) FROM orders1)"),
                        global(s, "(SELECT COUNT(*) FROM order_line1)"), "node " + node);
            }
        }
    }

    private static long global(Statement s, String expr) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT " + expr)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
