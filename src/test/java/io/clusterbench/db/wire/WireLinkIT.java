package io.clusterbench.db.wire;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;
import io.clusterbench.db.WatchedSocketFactory;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lean statement path against the real embedded MariaDB, side by side with Connector/J on the same
 * statements: same rows and counts, and every error the same exception (class, vendor code, SQLSTATE, and so the
 * same classification): duplicate key, syntax error, lock wait timeout, a killed connection, a socket closed under
 * a running statement. Also when the path declines a connection.
 */
class WireLinkIT {
    private static String db;

    /** One side of a comparison: a connection with its captured socket and the statement path under test. */
    private record Side(Connection connection, Socket socket, WireLink wire) implements AutoCloseable {
        BoundStatement prepare(String sql) throws SQLException {
            return wire != null ? wire.prepare(sql) : BoundStatement.jdbc(connection.prepareStatement(sql));
        }

        long query(String sql) throws SQLException {
            if (wire != null) {
                return wire.query(sql);
            }
            try (Statement s = connection.createStatement()) {
                return s.execute(sql) ? 0 : s.getUpdateCount();
            }
        }

        long threadId() throws SQLException {
            return connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getThreadId();
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }

    @BeforeAll
    static void tables() throws SQLException {
        db = TestServer.freshDatabase("wire");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, k INT NOT NULL, c VARCHAR(40) NOT NULL) ENGINE=InnoDB");
            s.execute("INSERT INTO t SELECT seq, seq % 7, CONCAT('row-', seq) FROM seq_1_to_50");
        }
    }

    private static Side open(boolean lean) throws Exception {
        return open(TestServer.target(db), lean);
    }

    private static Side open(Target target, boolean lean) throws Exception {
        AtomicReference<Socket> socket = new AtomicReference<>();
        Endpoint endpoint = target.endpoints().get(0);
        Connection c = WatchedSocketFactory.capture(socket::set, () -> target.open(endpoint));
        WireLink wire = lean ? WireLink.attach(c, socket.get()) : null;
        if (lean) {
            assertNotNull(wire, "a plain-TCP connection with server-side prepared statements takes the lean path");
        }
        return new Side(c, socket.get(), wire);
    }

    @Test
    void sameRowsAndCountsAsJdbc() throws Exception {
        for (boolean lean : new boolean[]{false, true}) {
            String path = lean ? "lean" : "jdbc";
            try (Side side = open(lean)) {
                BoundStatement point = side.prepare("SELECT c FROM t WHERE id = ?");
                point.setLong(1, 7);
                assertEquals(1, point.countRows(), path);
                point.setLong(1, 5000);
                assertEquals(0, point.countRows(), path + ": a miss");
                BoundStatement range = side.prepare("SELECT DISTINCT k FROM t WHERE id BETWEEN ? AND ? ORDER BY k");
                range.setLong(1, 1);
                range.setLong(2, 30);
                assertEquals(7, range.countRows(), path);
                BoundStatement sum = side.prepare("SELECT SUM(k) FROM t WHERE id BETWEEN ? AND ?");
                sum.setLong(1, 1);
                sum.setLong(2, 10);
                assertEquals(1, sum.countRows(), path);
                assertEquals(0, side.query("BEGIN"), path);
                BoundStatement update = side.prepare("UPDATE t SET c = ? WHERE id = ?");
                update.setString(1, "é-" + path); // UTF-8 on the wire
                update.setLong(2, 3);
                assertEquals(1, update.update(), path);
                update.setLong(2, 3);
                assertEquals(1, update.update(), path + ": found rows, not changed rows");
                BoundStatement insert = side.prepare("INSERT INTO t (id, k, c) VALUES (?, ?, ?)");
                insert.setLong(1, 1000);
                insert.setInt(2, 4);
                insert.setString(3, "x".repeat(300)); // a 3-byte length prefix; too long for the column: 1406
                SQLException tooLong = assertThrows(SQLException.class, insert::update, path);
                assertEquals(1406, tooLong.getErrorCode(), path);
                insert.setString(3, "new");
                assertEquals(1, insert.update(), path);
                BoundStatement delete = side.prepare("DELETE FROM t WHERE id = ?");
                delete.setLong(1, 1000);
                assertEquals(1, delete.update(), path);
                assertEquals(0, delete.update(), path + ": already gone");
                assertEquals(0, side.query("COMMIT"), path);
                assertEquals(1, side.query("INSERT INTO t (id, k, c) VALUES (2000, 1, 'text')"), path);
                assertEquals(1, side.query("DELETE FROM t WHERE id = 2000"), path);
            }
            try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
                 var rs = s.executeQuery("SELECT c FROM t WHERE id = 3")) {
                rs.next();
                assertEquals("é-" + path, rs.getString(1), "committed and read back in UTF-8");
            }
        }
    }

    /** Runs {@code failing} on a JDBC side and on a lean side; @return both errors, JDBC first */
    private static SQLException[] both(SideAction failing) throws Exception {
        SQLException[] out = new SQLException[2];
        for (int i = 0; i < 2; i++) {
            try (Side side = open(i == 1)) {
                Side s = side;
                out[i] = assertThrows(SQLException.class, () -> failing.run(s), i == 1 ? "lean" : "jdbc");
            }
        }
        assertSame(out[0], out[1]);
        return out;
    }

    private interface SideAction {
        void run(Side side) throws Exception;
    }

    private static void assertSame(SQLException jdbc, SQLException lean) {
        assertEquals(jdbc.getClass(), lean.getClass(), lean.toString());
        assertEquals(jdbc.getErrorCode(), lean.getErrorCode(), lean.toString());
        assertEquals(jdbc.getSQLState(), lean.getSQLState(), lean.toString());
        DbFailure a = SqlErrors.classify(jdbc);
        DbFailure b = SqlErrors.classify(lean);
        assertEquals(a.kind(), b.kind(), lean.toString());
        assertEquals(a.vendorCode(), b.vendorCode(), lean.toString());
    }

    @Test
    void duplicateKeyAndSyntaxErrorsAreTheDriversOwn() throws Exception {
        SQLException[] dup = both(side -> {
            BoundStatement insert = side.prepare("INSERT INTO t (id, k, c) VALUES (?, ?, ?)");
            insert.setLong(1, 1);
            insert.setInt(2, 1);
            insert.setString(3, "dup");
            insert.update();
        });
        assertEquals(1062, dup[1].getErrorCode());
        assertEquals("23000", dup[1].getSQLState());
        SQLException[] syntax = both(side -> { // prepared on first execution, by the driver as by the lean path
            BoundStatement bad = side.prepare("SELEC c FROM t WHERE id = ?");
            bad.setLong(1, 1);
            bad.countRows();
        });
        assertEquals(1064, syntax[1].getErrorCode());
        both(side -> side.query("SELEC 1"));
    }

    @Test
    void lockWaitTimeoutIsTheDriversOwnAndTheConnectionStaysUsable() throws Exception {
        try (Connection holder = TestServer.connect(db); Statement h = holder.createStatement()) {
            h.execute("BEGIN");
            h.execute("UPDATE t SET k = k WHERE id = 20");
            SQLException[] timeout = both(side -> {
                side.query("SET SESSION innodb_lock_wait_timeout = 1");
                side.query("BEGIN");
                BoundStatement update = side.prepare("UPDATE t SET k = ? WHERE id = ?");
                update.setInt(1, 3);
                update.setLong(2, 20);
                try {
                    update.update();
                } finally {
                    side.query("ROLLBACK");
                    BoundStatement point = side.prepare("SELECT c FROM t WHERE id = ?");
                    point.setLong(1, 21);
                    assertEquals(1, point.countRows(), "usable after the error");
                }
            });
            assertEquals(1205, timeout[1].getErrorCode());
            h.execute("ROLLBACK");
        }
    }

    @Test
    void killedConnectionIsALostConnection() throws Exception {
        SQLException[] killed = both(side -> {
            BoundStatement point = side.prepare("SELECT c FROM t WHERE id = ?");
            try (Connection other = TestServer.connect(db); Statement s = other.createStatement()) {
                s.execute("KILL CONNECTION " + side.threadId());
            }
            Thread.sleep(200);
            point.setLong(1, 1);
            point.countRows();
        });
        assertEquals(DbFailure.Kind.CONNECTION, SqlErrors.classify(killed[1]).kind(), killed[1].toString());
    }

    @Test
    void socketClosedUnderARunningStatementIsALostConnection() throws Exception {
        SQLException[] cut = both(side -> {
            BoundStatement sleep = side.prepare("SELECT SLEEP(?)");
            sleep.setInt(1, 5);
            Thread closer = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException ignored) {
                    return;
                }
                WatchedSocketFactory.close(side.socket());
            });
            closer.start();
            try {
                sleep.countRows();
            } finally {
                closer.join();
            }
        });
        assertEquals("08000", cut[1].getSQLState());
        assertEquals(DbFailure.Kind.CONNECTION, SqlErrors.classify(cut[1]).kind());
    }

    @Test
    void declinesConnectionsItCannotTake() throws Exception {
        Target clientPrepared = new Target(List.of(new Endpoint("127.0.0.1", TestServer.port(), null)), "root", "",
                db, false, 5000);
        try (Side side = open(clientPrepared, false)) {
            assertNull(WireLink.attach(side.connection(), side.socket()), "client-side prepared statements: JDBC");
        }
        try (Side side = open(false)) {
            assertNull(WireLink.attach(side.connection(), null), "no TCP socket (unix socket): JDBC");
            assertTrue(side.socket() != null);
        }
    }
}
