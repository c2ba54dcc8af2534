package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --consistency on a server that is not a cluster: the run says the level has no effect, and goes on. */
class ConsistencyOnStandaloneIT {

    @Test
    void galeraLevelOnAStandaloneServerIsReportedAsWithoutEffect(@TempDir Path out) throws Exception {
        String db = TestServer.freshDatabase("cons");
        Cli.Result p = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select", "--table-size", "100"));
        assertEquals(0, p.exitCode(), p.err());
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--table-size", "100",
                "--time", "1", "--consistency", "1", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Topology: standalone"), r.out());
        assertTrue(r.out().contains("Consistency: wsrep_sync_wait=1")
                && (r.out().contains("without effect") || r.out().contains("ignored")), r.out());
        String json = Files.readString(out.resolve("result.json"));
        assertTrue(json.contains("\"consistency\" : {"), json);
    }

    @Test
    void groupReplicationLevelOnMariaDbIsIgnoredAndTheRunGoesOn(@TempDir Path out) {
        String db = TestServer.freshDatabase("cons");
        Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select", "--table-size", "100"));
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--table-size", "100",
                "--time", "1", "--consistency", "before", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("ignored: the server does not take group_replication_consistency"), r.out());
        assertTrue(r.out().contains("running without it"), r.out());
    }

    @Test
    void badLevelIsOneLineAndExit2() {
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget("mysql"), "run", "oltp_point_select", "--consistency", "99"));
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("error: invalid --consistency '99'"), r.err());
    }
}
