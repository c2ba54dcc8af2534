package io.clusterbench.it;

import io.clusterbench.db.Target;
import io.clusterbench.observe.ServerStatusObserver;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server observer's console text on a real server: {@code bp-miss} is a share of the window's page requests,
 * shown as {@code -} when the window had none (a tester found it dropped from the line, which reads as "this server
 * has no such figure").
 */
class ServerStatusLineIT {

    @Test
    void aWindowWithoutPageRequestsShowsADashAndOneWithThemShowsTheShare() throws Exception {
        String db = TestServer.freshDatabase("bpline");
        Target target = TestServer.target(db);
        ServerStatusObserver o = new ServerStatusObserver(target, target.endpoints().get(0));
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
            s.execute("INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)");
            o.start();
            boolean quietSeen = false;
            for (int i = 0; i < 50 && !quietSeen; i++) { // back-to-back readings: most windows see no page request
                Map<String, Object> sample = o.sample(0.01);
                if (Double.valueOf(0.0).equals(sample.get("Innodb_buffer_pool_read_requestsPerSecond"))) {
                    quietSeen = true;
                    assertTrue(!sample.containsKey("bufferPoolMissPercent"), sample.toString());
                    assertTrue(o.compactLine().matches("srv: run \\d+ bp-miss -"), o.compactLine());
                }
            }
            assertTrue(quietSeen, "a window without page requests was seen in 50 back-to-back readings");
            s.executeQuery("SELECT SUM(v) FROM t").close();
            Map<String, Object> busy = o.sample(0.01);
            assertTrue(busy.containsKey("bufferPoolMissPercent"), busy.toString());
            assertTrue(o.compactLine().matches("srv: run \\d+ bp-miss \\d+\\.\\d%"), o.compactLine());
        } finally {
            o.close();
        }
    }
}
