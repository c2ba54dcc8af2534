package io.clusterbench.sandbox;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * The sandbox's own administrative SQL: root over TCP on loopback, no password (the sandbox creates root
 * that way), short timeouts so a paused node cannot hang a status call.
 *
 * <p>Thread-safe (stateless).
 */
final class SandboxSql {
    private SandboxSql() {
    }

    /** @throws SQLException when the node does not answer within the timeouts */
    static Connection admin(int port, int timeoutMillis) throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/?user=root&connectTimeout="
                + timeoutMillis + "&socketTimeout=" + Math.max(timeoutMillis, 3000));
    }

    /** @return {@code SHOW GLOBAL STATUS LIKE 'wsrep%'} by variable name (lower case) */
    static Map<String, String> wsrepStatus(Connection c) throws SQLException {
        Map<String, String> m = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'wsrep%'")) {
            while (rs.next()) {
                m.put(rs.getString(1).toLowerCase(), rs.getString(2));
            }
        }
        return m;
    }

    /** Runs statements on one connection. */
    static void execute(Connection c, String... sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }
}
