package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server that refuses tables without a primary key (MariaDB {@code innodb_force_primary_key=ON}; MySQL's
 * {@code sql_require_primary_key} gives the same 1173): the TPC-C load names the table and {@code --force-pk},
 * and with {@code --force-pk} it loads.
 */
class ForcePrimaryKeyIT {
    @Test
    void tpccLoadNamesForcePkAndLoadsWithIt() throws Exception {
        String db = TestServer.freshDatabase("forcepk");
        List<String> target = TestServer.cliTarget(db);
        setForcePrimaryKey(true);
        Cli.Result refused;
        Cli.Result loaded;
        try {
            refused = Cli.run(Cli.args(target, "prepare", "tpcc", "--scale=1", "--threads=1", "--use-fk=off"));
            assertEquals(0, tables(db), "the refusal comes before any table is made: nothing left behind");
            loaded = Cli.run(Cli.args(target, "prepare", "tpcc", "--scale=1", "--threads=2", "--use-fk=off",
                    "--force-pk=on"));
        } finally {
            setForcePrimaryKey(false);
        }
        assertEquals(2, refused.exitCode(), refused.out() + refused.err());
        assertEquals(1, refused.errLines().size(), refused.err());
        String line = refused.errLines().get(0);
        assertTrue(line.contains("1173") && line.contains("history1") && line.contains("--force-pk"), line);
        assertTrue(!line.contains("privilege") && !line.contains("--ignore-errors"), line);
        assertEquals(0, loaded.exitCode(), loaded.out() + loaded.err());
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '"
                     + db + "' AND TABLE_NAME = 'history1' AND INDEX_NAME = 'PRIMARY'")) {
            rs.next();
            assertTrue(rs.getInt(1) > 0, "history1 has a primary key with --force-pk");
        }
    }

    private static int tables(String db) throws Exception {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '"
                     + db + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void setForcePrimaryKey(boolean on) throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
            s.execute("SET GLOBAL innodb_force_primary_key = " + (on ? "ON" : "OFF"));
        }
    }
}
