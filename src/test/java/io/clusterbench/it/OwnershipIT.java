package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A table of the workload's name that the workload did not make is reported and left alone. */
class OwnershipIT {
    private static String foreignSbtest1() throws Exception {
        String db = TestServer.freshDatabase("foreign");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sbtest1 (id INT PRIMARY KEY, foo VARCHAR(10))");
            s.execute("INSERT INTO sbtest1 VALUES (1, 'mine'), (2, 'also')");
        }
        return db;
    }

    private static long rows(String db) throws Exception {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sbtest1 WHERE foo IS NOT NULL")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void cleanupRunAndPrepareLeaveAForeignTableAlone() throws Exception {
        String db = foreignSbtest1();
        for (String[] cmd : new String[][]{{"cleanup", "oltp_read_write"}, {"run", "oltp_read_write", "--time=1"},
                {"prepare", "oltp_read_write", "--table-size=10"}}) {
            Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), cmd));
            assertEquals(2, r.exitCode(), cmd[0] + ": " + r.out() + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().contains("sbtest1") && r.err().contains("lacks (k, c, pad)"), r.err());
            assertTrue(!r.err().contains("ignore-errors") && !r.err().contains("1054"), r.err());
            assertEquals(2, rows(db), cmd[0] + " touched the table");
        }
    }

    @Test
    void forceReplacesIt() throws Exception {
        String db = foreignSbtest1();
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "cleanup", "oltp_read_write", "--force"));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Dropped table 'sbtest1'"), r.out());
    }

    @Test
    void aPrimaryKeyOnOtherColumnsIsForeignToo() throws Exception {
        String db = TestServer.freshDatabase("foreignpk");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sbtest1 (id INT, k INT, c CHAR(120), pad CHAR(60), PRIMARY KEY (k, id))");
        }
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "cleanup", "oltp_read_only"));
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("primary key (k, id)"), r.err());
    }

    @Test
    void checkOfMoreWarehousesThanLoadedRefusesNamingThem() {
        String db = TestServer.freshDatabase("checkscale");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "tpcc", "--scale=2")).exitCode());
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "check", "tpcc", "--scale=5"));
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("warehouse1 holds 2 warehouses, 3 of warehouses 1-5 are missing"), r.err());
        assertTrue(!r.out().contains("PASSED"), r.out());
        Cli.Result none = Cli.run(Cli.args(TestServer.cliTarget(TestServer.freshDatabase("checkempty")), "check", "tpcc"));
        assertEquals(2, none.exitCode(), none.err());
        assertTrue(none.err().contains("warehouse1"), none.err());
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "check", "tpcc", "--scale=2")).exitCode());
    }
}
