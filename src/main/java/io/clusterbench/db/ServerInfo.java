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
 * @param tlsVersion the reading connection's negotiated TLS protocol ({@code Ssl_version}, e.g. "TLSv1.3"),
 *                   "" for a plain connection
 * @param tlsCipher  its cipher ({@code Ssl_cipher}, e.g. "TLS_AES_256_GCM_SHA384"), "" for a plain connection
 */
public record ServerInfo(String version, Map<String, String> variables, String tlsVersion, String tlsCipher) {

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
        Map<String, String> session = new TreeMap<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW SESSION STATUS WHERE Variable_name IN ('Ssl_version', 'Ssl_cipher')")) {
            while (rs.next()) {
                session.put(rs.getString(1).toLowerCase(), rs.getString(2) == null ? "" : rs.getString(2));
            }
        }
        return new ServerInfo(version, vars, session.getOrDefault("ssl_version", ""),
                session.getOrDefault("ssl_cipher", ""));
    }
}
