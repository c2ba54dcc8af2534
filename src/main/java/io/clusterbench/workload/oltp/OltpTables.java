package io.clusterbench.workload.oltp;


import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * DDL and loader of the {@code sbtestN} tables, same schema and data shape as sysbench 1.0.20
 * {@code oltp_common.lua} {@code create_table}: {@code id INT [AUTO_INCREMENT] PK, k INT, c CHAR(120),
 * pad CHAR(60)}, secondary index {@code k_N} on {@code k} created after the load ({@link OltpLoader}).
 *
 * <p>Thread-safe (stateless apart from its configuration).
 */
final class OltpTables {
    private final OltpConfig config;

    OltpTables(OltpConfig config) {
        this.config = config;
    }

    List<String> names() {
        List<String> names = new ArrayList<>();
        for (int t = 1; t <= config.tables(); t++) {
            names.add("sbtest" + t);
        }
        return names;
    }

    /** @return the subset of {@link #names()} that exists in the connection's current schema */
    List<String> existing(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?")) {
            for (String name : names()) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        found.add(name);
                    }
                }
            }
        }
        return found;
    }

    /** @return sysbench's {@code create_table} DDL for {@code sbtestT}, without the secondary index */
    String createSql(int t) {
        String idDef = config.autoInc() ? "INTEGER NOT NULL AUTO_INCREMENT" : "INTEGER NOT NULL";
        String idIndex = config.secondary() ? "KEY xid" : "PRIMARY KEY";
        return "CREATE TABLE sbtest" + t + "(\n  id " + idDef + ",\n  k INTEGER DEFAULT '0' NOT NULL,\n"
                + "  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL,\n  " + idIndex
                + " (id)\n) " + config.tableOptions().clause();
    }

    /** @return true when {@code sbtestT} has an index whose first column is {@code k} */
    boolean hasIndexOnK(Connection c, int t) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM information_schema.statistics WHERE "
                + "table_schema = DATABASE() AND table_name = ? AND column_name = 'k' AND seq_in_index = 1")) {
            ps.setString(1, "sbtest" + t);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    List<String> drop(Connection c) throws SQLException {
        List<String> dropped = existing(c);
        try (Statement s = c.createStatement()) {
            for (String name : dropped) {
                s.execute("DROP TABLE IF EXISTS " + name);
            }
        }
        return dropped;
    }
}
