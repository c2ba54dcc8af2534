package io.clusterbench.inspect;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code inspect} on the real 3-node Galera sandbox (issue 17): a MyISAM table and a table without a primary
 * key in the workload's schema are ERRORs (exit 3); a node with another innodb_flush_log_at_trx_commit is a
 * WARNING naming the variable and every node's value; the prepared cluster itself has no error and no node
 * difference.
 */
@Tag("galera")
class InspectGaleraIT {
    private static String db;

    @BeforeAll
    static void prepare() {
        GaleraCluster.get();
        db = GaleraCluster.freshDatabase("cb_inspect");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_read_write", "--tables", "1",
                "--table-size", "1000"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    private static Cli.Result inspect() {
        return Cli.run(Cli.args(GaleraCluster.cliTarget(db), "inspect", "--threads", "6", "--tables", "1",
                "--table-size", "1000"));
    }

    @Test
    void preparedClusterHasNoErrorAndNoNodeDifference() {
        Cli.Result r = inspect();
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals(3, r.out().lines().filter(l -> l.startsWith("Inspected ") && l.contains("Galera node")).count(),
                r.out());
        assertFalse(r.out().contains("node-variable-differs"), r.out());
        assertFalse(r.out().contains("ERROR "), r.out());
    }

    @Test
    void myisamAndNoPrimaryKeyTablesAreErrors() throws Exception {
        try (Connection c = GaleraCluster.connect(1, db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE cb_myisam (id INT PRIMARY KEY) ENGINE=MyISAM");
            s.execute("CREATE TABLE cb_nopk (a INT) ENGINE=InnoDB");
            try {
                Cli.Result r = inspect();
                assertEquals(3, r.exitCode(), r.out() + r.err());
                assertTrue(r.out().contains("ERROR galera-non-innodb: table cb_myisam uses MyISAM"), r.out());
                assertTrue(r.out().contains("ERROR galera-no-primary-key: table cb_nopk has no primary key"), r.out());
                assertFalse(r.out().contains("table sbtest1"), "the workload's own table is fine: " + r.out());
            } finally {
                s.execute("DROP TABLE cb_myisam, cb_nopk");
            }
        }
    }

    @Test
    void aNodeWithAnotherFlushSettingIsAWarning() throws Exception {
        try (Connection c = GaleraCluster.connect(3, ""); Statement s = c.createStatement()) {
            String was;
            try (ResultSet rs = s.executeQuery("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")) {
                rs.next();
                was = rs.getString(1);
            }
            String other = "2".equals(was) ? "0" : "2";
            s.execute("SET GLOBAL innodb_flush_log_at_trx_commit = " + other);
            try {
                Cli.Result r = inspect();
                assertEquals(0, r.exitCode(), r.out() + r.err());
                String port3 = "127.0.0.1:" + GaleraCluster.ports().get(2);
                assertTrue(r.out().contains("WARNING node-variable-differs: innodb_flush_log_at_trx_commit differs "
                        + "between nodes: "), r.out());
                assertTrue(r.out().contains(port3 + "=" + other), r.out());
            } finally {
                s.execute("SET GLOBAL innodb_flush_log_at_trx_commit = " + was);
            }
        }
    }
}
