package io.clusterbench.sandbox;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sandbox itself, on the shared real 3-node cluster: state, status, pause/resume. */
@Tag("galera")
class GaleraSandboxIT {

    @Test
    void everyNodeIsSyncedInOnePrimaryComponent() {
        GaleraSandbox sb = GaleraCluster.get();
        List<NodeStatus> nodes = sb.status();
        assertEquals(3, nodes.size());
        for (NodeStatus n : nodes) {
            assertTrue(n.synced(), n.toString());
            assertEquals(3, n.clusterSize(), n.toString());
        }
        Cli.Result r = Cli.run("sandbox", "status", "--dir", sb.dir().toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("--port " + GaleraCluster.portList()), r.out());
    }

    @Test
    void aPausedNodeIsReportedAndResumes() {
        GaleraSandbox sb = GaleraCluster.get();
        Cli.Result paused = Cli.run("sandbox", "pause", "n3", "--dir", sb.dir().toString());
        assertEquals(0, paused.exitCode(), paused.err());
        try {
            Cli.Result st = Cli.run("sandbox", "status", "--dir", sb.dir().toString());
            assertEquals(3, st.exitCode(), "a paused node is not Synced: " + st.out());
            assertTrue(st.out().matches("(?s).*n3 .*paused.*"), st.out());
        } finally {
            Cli.run("sandbox", "resume", "n3", "--dir", sb.dir().toString());
        }
        assertTrue(sb.status().get(2).synced(), "n3 answers again after resume");
    }

    @Test
    void missingSandboxIsOneLineAndExit2() {
        Cli.Result r = Cli.run("sandbox", "status", "--dir", "/tmp/clusterbench-no-such-sandbox");
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("error: no sandbox in"), r.err());
    }
}
