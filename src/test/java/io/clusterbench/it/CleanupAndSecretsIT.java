package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** cleanup drops only the workload's own tables; no password ever reaches an output file. */
class CleanupAndSecretsIT {
    @TempDir
    Path tmp;

    @Test
    void cleanupLeavesForeignTablesAlone() throws Exception {
        String db = TestServer.freshDatabase("cleanup");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customers (id INT PRIMARY KEY)");
            s.execute("CREATE TABLE sbtest_archive (id INT PRIMARY KEY)");
            s.execute("CREATE TABLE sbtest3 (id INT PRIMARY KEY)"); // beyond --tables 2: not ours this time
        }
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_only", "--tables=2",
                "--table-size=10")).exitCode());
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "cleanup", "oltp_read_only", "--tables=2"));
        assertEquals(0, r.exitCode(), r.err());
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT GROUP_CONCAT(table_name ORDER BY table_name) FROM "
                     + "information_schema.tables WHERE table_schema = DATABASE()")) {
            rs.next();
            assertEquals("customers,sbtest3,sbtest_archive", rs.getString(1));
        }
    }

    @Test
    void passwordNeverReachesOutputFiles() throws Exception {
        String db = TestServer.freshDatabase("secret");
        String password = "Pw-only-in-args-7Qz";
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
            s.execute("CREATE USER IF NOT EXISTS 'secretive'@'%' IDENTIFIED BY '" + password + "'");
            s.execute("GRANT ALL ON *.* TO 'secretive'@'%'");
        }
        String[] target = {"--host=127.0.0.1", "--port=" + TestServer.port(), "--user=secretive", "--db=" + db};
        String[] prepare = Stream.concat(Stream.of("prepare", "oltp_point_select", "--table-size=100",
                "--mysql-password=" + password), Stream.of(target)).toArray(String[]::new);
        assertEquals(0, Cli.run(prepare).exitCode());
        Path out = tmp.resolve("out");
        String[] run = Stream.concat(Stream.of("run", "oltp_point_select", "--table-size=100", "--time=2",
                "--password", password, "--out=" + out), Stream.of(target)).toArray(String[]::new);
        Cli.Result r = Cli.run(run);
        assertEquals(0, r.exitCode(), r.err());
        assertFalse(r.out().contains(password));
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.toList()) {
                assertFalse(Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1).contains(password),
                        f + " holds the password");
            }
        }
        assertTrue(Files.readString(out.resolve("result.json")).contains("--password"));
        // and MYSQL_PWD works as the password source
        Cli.Result viaEnv = Cli.run(Map.of("MYSQL_PWD", password), null,
                Stream.concat(Stream.of("run", "oltp_point_select", "--table-size=100", "--time=1",
                        "--out=" + tmp.resolve("env")), Stream.of(target)).toArray(String[]::new));
        assertEquals(0, viaEnv.exitCode(), viaEnv.err());
    }

    @Test
    void myCnfClientGroupGivesCredentials() throws Exception {
        String db = TestServer.freshDatabase("mycnf");
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
            s.execute("CREATE USER IF NOT EXISTS 'cnfuser'@'%' IDENTIFIED BY 'cnf-pw'");
            s.execute("GRANT ALL ON *.* TO 'cnfuser'@'%'");
        }
        Files.writeString(tmp.resolve(".my.cnf"), "[mysqld]\nuser=mysql\n[client]\nuser = cnfuser\npassword=\"cnf-pw\"\n");
        Cli.Result r = Cli.run(Map.of(), tmp, "prepare", "oltp_point_select", "--table-size=10",
                "--host=127.0.0.1", "--port=" + TestServer.port(), "--db=" + db);
        assertEquals(0, r.exitCode(), r.err());
    }
}
