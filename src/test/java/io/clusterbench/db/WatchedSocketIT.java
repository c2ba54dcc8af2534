package io.clusterbench.db;

import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The socket a connection opened under {@link WatchedSocketFactory#capture} is the one the driver reads from:
 * closing it from another thread ends a statement the server has not answered, as a lost connection (what the
 * engine's read timeout relies on, with no socket read timeout on the connection). Embedded server.
 */
class WatchedSocketIT {
    @Test
    void closingTheCapturedSocketEndsABlockedStatementAsALostConnection() throws Exception {
        String db = TestServer.freshDatabase("watched");
        Target target = TestServer.target(db);
        AtomicReference<Socket> socket = new AtomicReference<>();
        try (Connection c = WatchedSocketFactory.capture(socket::set, () -> target.openChecked(target.endpointFor(0),
                true)); Connection admin = TestServer.connect(db)) {
            assertNotNull(socket.get(), "the driver used the factory");
            long id;
            try (ResultSet rs = c.createStatement().executeQuery("SELECT CONNECTION_ID()")) {
                rs.next();
                id = rs.getLong(1);
            }
            CompletableFuture<SQLException> blocked = CompletableFuture.supplyAsync(() -> {
                try (Statement s = c.createStatement()) {
                    s.executeQuery("SELECT SLEEP(600)");
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            awaitRunning(admin, id);
            socket.get().close();
            SQLException e = blocked.get(60, TimeUnit.SECONDS);
            assertNotNull(e, "the statement failed");
            assertEquals(DbFailure.Kind.CONNECTION, SqlErrors.classify(e).kind(), e.toString());
            admin.createStatement().execute("KILL " + id);
        }
    }

    /** Waits until the server runs the connection's SLEEP (order, not time). */
    private static void awaitRunning(Connection admin, long id) throws Exception {
        for (int i = 0; i < 600; i++) {
            try (ResultSet rs = admin.createStatement().executeQuery(
                    "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = " + id + " AND INFO LIKE 'SELECT SLEEP%'")) {
                rs.next();
                if (rs.getInt(1) == 1) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        assertTrue(false, "the statement never started");
    }
}
