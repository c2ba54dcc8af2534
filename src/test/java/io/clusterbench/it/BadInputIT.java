package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every bad input gives exit status 2 and one clear stderr line, never a stack trace. */
class BadInputIT {
    private static String db;

    @BeforeAll
    static void setUp() throws Exception {
        db = TestServer.freshDatabase("bad");
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
            s.execute("CREATE USER IF NOT EXISTS 'bench'@'%' IDENTIFIED BY 'right-pw'");
            s.execute("GRANT ALL ON *.* TO 'bench'@'%'");
        }
    }

    private static void assertUserError(Cli.Result r, String expected) {
        assertEquals(2, r.exitCode(), r.err());
        List<String> lines = r.errLines();
        assertEquals(1, lines.size(), "one line: " + r.err());
        assertTrue(lines.get(0).startsWith("error: "), lines.get(0));
        assertTrue(lines.get(0).contains(expected), lines.get(0));
        assertTrue(!r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void aRefusedConnectionSaysConnectionRefusedOnceWithItsCode2003() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host=127.0.0.1", "--port=" + closed, "--time=1");
        assertUserError(r, "cannot connect to 127.0.0.1:" + closed + ": connection refused (2003) — ");
        assertTrue(!r.err().contains("Connection refused") && !r.err().contains("Socket fail"), r.err());
    }

    /** A port that takes the TCP connection but never sends the server's greeting (a hung or wrong service). */
    @Test
    void aServerThatNeverAnswersTimesOutInOneLine() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Cli.Result r = Cli.run("run", "oltp_point_select", "--host=127.0.0.1", "--port=" + silent.getLocalPort(),
                    "--connect-timeout=1", "--time=1");
            assertUserError(r, "cannot connect to 127.0.0.1:" + silent.getLocalPort()
                    + ": no answer within 1 s (--connect-timeout) (2003)");
        }
    }

    @Test
    void anUnresolvableHostIsNamedAsSuch() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host=no-such-host.invalid", "--time=1");
        assertUserError(r, "cannot connect to no-such-host.invalid:3306: host name 'no-such-host.invalid' not resolved "
                + "(2005) — check the spelling of --host");
    }

    @Test
    void aMistypedOptionGetsDidYouMean() {
        assertUserError(Cli.run("run", "oltp_point_select", "--thread", "4", "--host=x"),
                "unknown option '--thread' (did you mean --threads?) — see 'clusterbench run --help'");
        assertUserError(Cli.run("prepare", "tpcc", "--scal=2", "--host=x"), "unknown option '--scal' (did you mean --scale?)");
        assertUserError(Cli.run("check", "tpcc", "--tabls=2", "--host=x"), "unknown option '--tabls' (did you mean --tables?)");
    }

    @Test
    void aMistypedCommandGetsDidYouMean() {
        assertUserError(Cli.run("runn", "oltp_point_select"), "unknown command 'runn' (did you mean run?); choose one of");
    }

    /** sysbench's order, WORKLOAD [options] COMMAND: the mistyped command word is named, not the workload. */
    @Test
    void aMistypedCommandWordInSysbenchOrderIsNamedNotTheWorkload() {
        Cli.Result r = Cli.run("oltp_read_write", "--time=1", "--mysql-host=x", "runn");
        assertUserError(r, "unknown command 'runn' (did you mean run?); sysbench's order is WORKLOAD [OPTIONS] COMMAND");
        assertTrue(!r.err().contains("'oltp_read_write'"), r.err());
        assertUserError(Cli.run("oltp_read_write", "--time", "1"), "no command after workload oltp_read_write");
    }

    @Test
    void wrongPassword() {
        assertUserError(Cli.run("run", "oltp_point_select", "--host=127.0.0.1", "--port=" + TestServer.port(),
                "--user=bench", "--password=wrong", "--db=" + db, "--time=1"), "access denied for user 'bench'");
    }

    @Test
    void unknownDatabase() {
        assertUserError(Cli.run("run", "oltp_point_select", "--host=127.0.0.1", "--port=" + TestServer.port(),
                "--user=root", "--db=no_such_db", "--time=1"), "unknown database 'no_such_db'");
    }

    @Test
    void missingTables() {
        assertUserError(Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--time=1")),
                "run prepare first");
    }

    @Test
    void invalidOptionValues() {
        assertUserError(Cli.run("run", "oltp_point_select", "--threads=0", "--time=-1", "--host=x"),
                "--threads must be >= 1");
        assertUserError(Cli.run("run", "oltp_point_select", "--threads=0", "--time=-1", "--host=x"),
                "--time must be >= 0");
        assertUserError(Cli.run("run", "oltp_point_select", "--time=abc"), "--time");
        assertUserError(Cli.run("run", "oltp_point_select", "--rand-type=poisson", "--host=x"), "--rand-type");
        assertUserError(Cli.run("run", "oltp_point_select", "--skip-trx=maybe", "--host=x"), "--skip-trx");
        assertUserError(Cli.run("run", "oltp_point_select", "--no-such-option=1"), "no-such-option");
        assertUserError(Cli.run("run", "oltp_point_select", "--ignore-errors=deadlock", "--host=x"), "--ignore-errors");
    }

    @Test
    void passwordsAreMaskedInParseErrors() {
        Cli.Result r = Cli.run("oltp_read_write", "--mysql-host=127.0.0.1", "--mysql-password=s3cr3t-value", "rnu");
        assertUserError(r, "unknown command 'rnu' (did you mean run?)");
        assertTrue(!r.err().contains("s3cr3t-value"), r.err());
        Cli.Result r2 = Cli.run("--host", "127.0.0.1", "--password", "s3cr3t-value", "run", "oltp_point_select");
        assertEquals(2, r2.exitCode());
        assertTrue(!r2.err().contains("s3cr3t-value"), r2.err());
        // the mysql client's -pSECRET is not an option here, but its value must not be echoed either
        Cli.Result r3 = Cli.run("run", "oltp_point_select", "--host=127.0.0.1", "-ps3cr3t-value");
        assertUserError(r3, "unknown option '-p***'");
        assertTrue(!r3.err().contains("s3cr3t-value"), r3.err());
    }

    @Test
    void unknownCommandListsTheCommands() {
        assertUserError(Cli.run("bogus"), "unknown command 'bogus'; choose one of prepare, prewarm, run, sweep");
    }

    @Test
    void absurdValuesAndUnwritableOutput(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        assertUserError(Cli.run("run", "oltp_point_select", "--time=99999999999", "--host=x"), "at most");
        java.nio.file.Path file = java.nio.file.Files.writeString(tmp.resolve("plain-file"), "x");
        assertUserError(Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--time=1",
                "--out=" + file.resolve("sub"))), "cannot write results to");
        assertUserError(Cli.run("run", "oltp_point_select", "--host=,", "--time=1"), "--host has an empty");
    }

    @Test
    void aResultDirectoryThatCannotBeCreatedIsBadInput() {
        // /proc refuses mkdir even to root, for whom every directory looks writable by its permission bits
        String own = TestServer.freshDatabase("outdir");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "oltp_point_select",
                "--table-size=10")).exitCode());
        assertUserError(Cli.run(Cli.args(TestServer.cliTarget(own), "run", "oltp_point_select", "--time=1",
                "--table-size=10", "--out=/proc/clusterbench-nope/run")), "cannot write results to /proc/clusterbench-nope/run");
    }

    @Test
    void everyCommandThatWritesResultsChecksItsOutFirst() {
        // before connecting or measuring, not when the files are written at the end
        assertUserError(Cli.run(Cli.args(TestServer.cliTarget(db), "probe", "stale-reads", "--samples=1",
                "--out=/proc/clusterbench-nope/probe")), "cannot write results to /proc/clusterbench-nope/probe");
        assertUserError(Cli.run(Cli.args(TestServer.cliTarget(db), "explain", "joins",
                "--out=/proc/clusterbench-nope/explain")), "cannot write results to /proc/clusterbench-nope/explain");
    }

    @Test
    void aWholeNumberTooLargeForTheOptionSaysItsLimit() {
        assertUserError(Cli.run("run", "oltp_point_select", "--table-size=99999999999", "--host=x"),
                "--table-size is too large (got '99999999999'; at most 2147483647)");
        assertUserError(Cli.run("run", "oltp_point_select", "--table-size=1e5", "--host=x"),
                "--table-size takes a whole number (got '1e5')");
    }

    @Test
    void unknownSubcommandsAndHelpHintsNameTheWholeCommand() {
        assertUserError(Cli.run("sandbox", "bogus", "n2", "--dir", "/tmp/no-such-sandbox"),
                "unknown sandbox command 'bogus'; choose one of galera, ");
        assertUserError(Cli.run("probe", "bogus"), "unknown probe command 'bogus'; choose one of stale-reads");
        assertUserError(Cli.run("sandbox", "kill", "--dir", "/tmp/no-such-sandbox"),
                "see 'clusterbench sandbox kill --help'");
        assertUserError(Cli.run("probe", "stale-reads", "--bogus"), "see 'clusterbench probe stale-reads --help'");
        assertUserError(Cli.run("run", "oltp_point_select", "--bogus"), "see 'clusterbench run --help'");
    }

    @Test
    void theRefusingEndpointIsNamed() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        String own = TestServer.freshDatabase("ep");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "oltp_point_select",
                "--table-size=10")).exitCode());
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host=127.0.0.1:" + TestServer.port() + ",127.0.0.1:"
                + closed, "--user=root", "--db=" + own, "--threads=2", "--time=1", "--table-size=10");
        assertUserError(r, "cannot connect to 127.0.0.1:" + closed);
    }

    @Test
    void unknownWorkload() {
        assertUserError(Cli.run("run", "oltp_nosuch", "--host=x"), "unknown workload 'oltp_nosuch'");
    }

    @Test
    void prepareRefusesExistingTablesWithoutForce() {
        String own = TestServer.freshDatabase("force");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "oltp_point_select",
                "--table-size=10")).exitCode());
        assertUserError(Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "oltp_point_select",
                "--table-size=10")), "--force");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(own), "prepare", "oltp_point_select",
                "--table-size=10", "--force")).exitCode());
    }
}
