package io.clusterbench.probe;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server variables a history ran against are the server's own ({@code @@global.…} on the real embedded server),
 * a node that does not answer is left out, and the line says when nodes differ.
 */
class ServerSettingsTest {
    @Test
    void theVariablesReadAreTheServersOwnAndAnUnreachableNodeIsLeftOut() throws Exception {
        TestServer.get();
        Target one = TestServer.target("");
        Target two = new Target(List.of(one.endpoints().get(0), new Endpoint("127.0.0.1", 1, null)), "root", "", "",
                true, 2000);
        Map<String, Map<String, String>> read = ServerSettings.read(two, List.of("n1", "n2"));
        assertEquals(List.of("n1"), List.copyOf(read.keySet()), "n2 (port 1) answers nothing");
        Map<String, String> vars = read.get("n1");
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@global.innodb_flush_log_at_trx_commit, @@global.tx_isolation")) {
            assertTrue(rs.next());
            assertEquals(rs.getString(1), vars.get("innodb_flush_log_at_trx_commit"));
            assertEquals(rs.getString(2), vars.get("tx_isolation"));
        }
        assertTrue(ServerSettings.line(read).startsWith("Server: innodb_flush_log_at_trx_commit="), ServerSettings.line(read));
        assertTrue(ServerSettings.line(read).endsWith(" on every node"), ServerSettings.line(read));
    }

    @Test
    void nodesThatDifferAreListedOneByOne() {
        Map<String, Map<String, String>> byNode = new LinkedHashMap<>();
        byNode.put("n1", Map.of("innodb_flush_log_at_trx_commit", "1"));
        byNode.put("n2", Map.of("innodb_flush_log_at_trx_commit", "2"));
        assertEquals("Server (nodes differ): n1: innodb_flush_log_at_trx_commit=1; n2: innodb_flush_log_at_trx_commit=2",
                ServerSettings.line(byNode));
        assertEquals("Server: no node answered", ServerSettings.line(Map.of()));
    }
}
