package io.clusterbench.db;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The console's topology lines name their columns and say how each member is reached, without repeating an
 * address: a tester read {@code n1 127.0.0.1:19000 Synced read-write <- 127.0.0.1:19000} as the endpoint
 * printed twice, in columns nobody named.
 */
class TopologyDescribeTest {
    @Test
    void columnsAreNamedAndAnEndpointIsOnlyPrintedWhenItIsNotTheMembersAddress() {
        Topology t = new Topology(Topology.MARIADB_GALERA, "10.11.19-MariaDB", "Primary", 3, List.of(
                new Topology.Member("n1", "127.0.0.1:19000", "a", "Synced", "read-write", "127.0.0.1:19000"),
                new Topology.Member("n2", "10.0.0.2:3306", "b", "Synced", "read-write", "127.0.0.1:6033"),
                new Topology.Member("n3", "10.0.0.3:3306", "c", "Donor/Desynced", "read-write", "")),
                List.of(), List.of("n3"), "");
        List<String> lines = t.describe();
        assertEquals("Topology: mariadb-galera 10.11.19-MariaDB, cluster Primary, size 3", lines.get(0));
        assertEquals(List.of("member", "address", "state", "role", "endpoint"),
                List.of(lines.get(1).trim().split("\\s+")));
        assertEquals(List.of("n1", "127.0.0.1:19000", "Synced", "read-write", "given"),
                List.of(lines.get(2).trim().split("\\s+")));
        assertEquals(List.of("n2", "10.0.0.2:3306", "Synced", "read-write", "given", "as", "127.0.0.1:6033"),
                List.of(lines.get(3).trim().split("\\s+")));
        assertEquals(List.of("n3", "10.0.0.3:3306", "Donor/Desynced", "read-write", "not", "given"),
                List.of(lines.get(4).trim().split("\\s+")));
        assertEquals("  members not given: n3", lines.get(5));
    }

    @Test
    void aStandaloneMemberNamedByItsAddressKeepsTheColumnsInLine() {
        Topology t = new Topology(Topology.STANDALONE, "10.11.19-MariaDB", "", 1, List.of(
                new Topology.Member("127.0.0.1:3470", "127.0.0.1:3470", "", "online", "read-write", "127.0.0.1:3470")),
                List.of(), List.of(), "");
        List<String> lines = t.describe();
        assertEquals(lines.get(1).indexOf("address"), lines.get(2).indexOf("127.0.0.1:3470", 3), String.join("\n", lines));
        assertEquals(lines.get(1).indexOf("endpoint"), lines.get(2).indexOf("given"), String.join("\n", lines));
    }
}
