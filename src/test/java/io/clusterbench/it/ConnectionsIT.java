package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every way in: unix socket, per-endpoint credentials refused, the embedded server reachable only locally. */
class ConnectionsIT {
    @Test
    void prepareRunCleanupOverUnixSocket() {
        String db = TestServer.freshDatabase("socket");
        String socket = TestServer.get().socket().toString();
        for (String[] step : new String[][]{
                {"prepare", "oltp_point_select", "--table-size=50", "--socket=" + socket},
                {"run", "oltp_point_select", "--table-size=50", "--time=1", "--mysql-socket=" + socket},
                {"oltp_point_select", "--mysql_socket=" + socket, "--mysql-user=root", "--mysql-db=" + db, "cleanup"}}) {
            Cli.Result r = Cli.run(step[0].startsWith("oltp") ? step : Cli.args(java.util.List.of("--user=root", "--db=" + db), step));
            assertEquals(0, r.exitCode(), String.join(" ", step) + "\n" + r.out() + r.err());
        }
    }

    @Test
    void embeddedServerListensOnLoopbackOnlyWithGrantsLoaded() throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@bind_address")) {
            rs.next();
            assertEquals("127.0.0.1", rs.getString(1));
        }
        // with --skip-grant-tables any user name gets in; with the grant tables loaded it is refused
        assertThrows(java.sql.SQLException.class, () -> java.sql.DriverManager.getConnection(
                "jdbc:mariadb://127.0.0.1:" + TestServer.port() + "/", "nobody_at_all", "x").close());
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (!a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                    assertThrows(java.io.IOException.class, () -> new Socket(a, TestServer.port()).close(),
                            "reachable on " + a);
                }
            }
        }
    }

    @Test
    void oneUserPerHostIsRefusedInOneLine() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host=127.0.0.1,127.0.0.2", "--user=a,b", "--time=1");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--user"), r.err());
    }
}
