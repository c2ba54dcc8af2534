package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real server errors end with the remedy of the one table (io.clusterbench.db.Remedies). */
class RemediesIT {
    @Test
    void readOnlyServerNamesTheEndpointAndNeverSuggestsIgnoring() throws Exception {
        String db = TestServer.freshDatabase("readonly");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_write_only", "--table-size=50")).exitCode());
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
            s.execute("CREATE USER IF NOT EXISTS 'plain'@'127.0.0.1'");
            s.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON *.* TO 'plain'@'127.0.0.1'");
            s.execute("SET GLOBAL read_only = 1");
        }
        Cli.Result r;
        try {
            r = Cli.run("run", "oltp_write_only", "--table-size=50", "--time=2", "--host=127.0.0.1",
                    "--port=" + TestServer.port(), "--user=plain", "--db=" + db);
        } finally {
            try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
                s.execute("SET GLOBAL read_only = 0");
            }
        }
        assertEquals(4, r.exitCode(), r.out() + r.err());
        String line = r.errLines().get(r.errLines().size() - 1);
        assertTrue(line.contains("1290") && line.contains("127.0.0.1:" + TestServer.port() + " is read-only"), line);
        assertFalse(line.contains("--ignore-errors"), line);
    }

    @Test
    void missingTableAtConnectGivesPrepareNotIgnore() {
        String db = TestServer.freshDatabase("notables");
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--time=1"));
        assertEquals(2, r.exitCode(), r.err());
        assertFalse(r.err().contains("--ignore-errors"), r.err());
        assertTrue(r.err().contains("prepare"), r.err());
    }
}
