package io.clusterbench.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the server says about itself at start: version and a snapshot of {@code SHOW GLOBAL VARIABLES}.
 *
 * <p>Immutable.
 *
 * @param version   {@code SELECT VERSION()}, e.g. "11.4.5-MariaDB"
 * @param variables global variables by name, sorted; values that look like secrets are left out
 */
public record ServerInfo(String version, Map<String, String> variables) {

    /**
     * Reads version and global variables.
     *
     * @throws SQLException when the server fails the queries
     */
    public static ServerInfo read(Connection c) throws SQLException {
        String version;
        Map<String, String> vars = new TreeMap<>();
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT VERSION()")) {
                rs.next();
                version = rs.getString(1);
            }
            try (ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES")) {
                while (rs.next()) {
                    String name = rs.getString(1).toLowerCase();
                    if (!name.contains("password") && !name.contains("ssl_key")) {
                        vars.put(name, rs.getString(2));
                    }
                }
            }
        }
        return new ServerInfo(version, vars);
    }
}
