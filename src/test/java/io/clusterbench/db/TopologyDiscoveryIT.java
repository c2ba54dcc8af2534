package io.clusterbench.db;

import io.clusterbench.testing.GaleraCluster;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Topology discovery against the real 3-node Galera sandbox and the embedded standalone server. */
@Tag("galera")
class TopologyDiscoveryIT {

    private static Target cluster(List<Integer> ports) {
        List<Endpoint> endpoints = new ArrayList<>();
        ports.forEach(p -> endpoints.add(new Endpoint("127.0.0.1", p, null)));
        return new Target(endpoints, "root", "", "mysql", true, 2000);
    }

    @Test
    void threeGivenEndpointsAreTheThreeSyncedMembers() {
        GaleraCluster.get();
        Topology t = TopologyDiscovery.discover(cluster(GaleraCluster.ports()));
        assertEquals(Topology.MARIADB_GALERA, t.flavor());
        assertEquals("Primary", t.clusterStatus());
        assertEquals(3, t.clusterSize());
        assertEquals(3, t.members().size(), t.describe().toString());
        for (Topology.Member m : t.members()) {
            assertEquals("Synced", m.state(), m.toString());
            assertEquals("read-write", m.role(), m.toString());
            assertTrue(m.endpoint().startsWith("127.0.0.1:"), m.toString());
            assertTrue(m.name().matches("n[123]"), m.toString());
        }
        assertTrue(t.endpointsNotMembers().isEmpty(), t.endpointsNotMembers().toString());
        assertTrue(t.membersNotGiven().isEmpty(), t.membersNotGiven().toString());
        assertTrue(t.version().contains("MariaDB"), t.version());
    }

    @Test
    void missingMemberAndForeignEndpointAreReported() {
        List<Integer> ports = GaleraCluster.ports();
        Topology t = TopologyDiscovery.discover(cluster(List.of(ports.get(0), ports.get(1), TestServer.port())));
        assertEquals(Topology.MARIADB_GALERA, t.flavor());
        assertEquals(3, t.members().size());
        assertEquals(1, t.membersNotGiven().size(), t.membersNotGiven().toString());
        assertTrue(t.membersNotGiven().get(0).startsWith("n3"), t.membersNotGiven().toString());
        Topology.Member n3 = t.members().get(2);
        assertEquals("Synced", n3.state(), "a member not given is read at its advertised address");
        assertEquals(1, t.endpointsNotMembers().size(), t.endpointsNotMembers().toString());
        assertTrue(t.endpointsNotMembers().get(0).startsWith("127.0.0.1:" + TestServer.port()));
    }

    @Test
    void embeddedServerIsStandalone() {
        Topology t = TopologyDiscovery.discover(TestServer.target("mysql"));
        assertEquals(Topology.STANDALONE, t.flavor());
        assertEquals(1, t.members().size());
        assertTrue(t.endpointsNotMembers().isEmpty());
    }
}
