package io.clusterbench.explain;

import io.clusterbench.db.Endpoint;
import io.clusterbench.observe.HostObserver;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.ServerResources;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Resources per transaction of the real embedded server read three ways: from this host's /proc, through
 * {@code --server-proc-cmd} (here a local {@code cat}, as {@code ssh HOST cat ...} would print it), and absent for a
 * server elsewhere without a command.
 */
class ResourceObserverIT {
    private static long pid;

    @BeforeAll
    static void server() {
        pid = HostObserver.findServerPid(TestServer.port());
        assertTrue(pid > 0);
    }

    private static ServerResources.Node measure(ExplainNode node, String command) throws Exception {
        ResourceObserver o = new ResourceObserver(List.of(node), command, Path.of("/proc"), Lifecycle.detached());
        o.start();
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
            s.execute("SELECT BENCHMARK(500000, SHA2(REPEAT('x', 64), 256))"); // a few tenths of a CPU-second
        }
        o.measuringEnded();
        o.close();
        o.finish();
        return o.facts().get(FactKeys.SERVER_RESOURCES).perEvent(100).nodes().get(0);
    }

    @Test
    void aLocalServersProcAndACommandsPrintOfItAgree() throws Exception {
        Endpoint e = new Endpoint("127.0.0.1", TestServer.port(), null);
        ServerResources.Node local = measure(new ExplainNode(0, e, pid), null);
        String template = "cat /proc/" + pid + "/stat /proc/" + pid + "/task/*/status /proc/" + pid + "/io";
        ServerResources.Node remote = measure(new ExplainNode(0, new Endpoint("db1.example", 3306, null), -1), template);
        assertEquals("proc", local.source());
        assertEquals("command", remote.source());
        assertEquals(pid, remote.pid());
        for (ServerResources.Node n : List.of(local, remote)) {
            double cpuSeconds = n.deltas().cpuMicros() / 1e6;
            assertTrue(cpuSeconds > 0.05 && cpuSeconds < 20, n.toString());
            assertEquals(n.deltas().cpuMicros() / 100.0, n.perEvent().cpuMicros(), 1e-9);
            assertTrue(n.deltas().voluntaryContextSwitches() >= 0 && n.deltas().readBytes() != null, n.toString());
        }
    }

    @Test
    void aServerElsewhereWithoutACommandIsAbsentNotZero() throws Exception {
        ServerResources.Node n = measure(new ExplainNode(0, new Endpoint("db1.example", 3306, null), -1), null);
        assertTrue(n.absentReason().startsWith(ExplainNode.NOT_ON_THIS_HOST), n.absentReason());
        assertNull(n.deltas());
        assertNull(n.perEvent());
    }

    @Test
    void aCommandThatPrintsNoProcIsAbsentWithItsOutput() throws Exception {
        ServerResources.Node n = measure(new ExplainNode(0, new Endpoint("db1.example", 3306, null), -1),
                "echo 'ssh: connect to host {host} port 22: Connection refused'; exit 255");
        assertTrue(n.absentReason().contains("exited 255") && n.absentReason().contains("db1.example"), n.absentReason());
        assertNull(n.perEvent());
    }
}
