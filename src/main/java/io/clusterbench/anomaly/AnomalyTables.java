package io.clusterbench.anomaly;

import io.clusterbench.UserException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The history workloads' own tables, all named {@value #PREFIX}…, InnoDB with a primary key (Galera replicates
 * nothing else). Each is checked by shape before it is dropped, so a table of the same name that clusterbench did not
 * make is left alone and reported.
 *
 * <p>Thread-safe (stateless); DDL runs on the caller's connection (on Galera as TOI, replicated to every node).
 */
public final class AnomalyTables {
    /** The prefix of every table of this package. */
    public static final String PREFIX = "cb_anomaly_";

    /** One table: its name, columns (name and type as information_schema.COLUMNS gives them) and definition. */
    public enum Table {
        /** One row per key, the list as comma-separated text. */
        APPEND(PREFIX + "append", List.of("k bigint", "v mediumtext"),
                "(k BIGINT NOT NULL PRIMARY KEY, v MEDIUMTEXT NOT NULL)"),
        /** One row per account. */
        BANK(PREFIX + "bank", List.of("id int", "balance bigint"), "(id INT NOT NULL PRIMARY KEY, balance BIGINT NOT NULL)"),
        /** The single counter row, id 1. */
        COUNTER(PREFIX + "counter", List.of("id int", "n bigint"), "(id INT NOT NULL PRIMARY KEY, n BIGINT NOT NULL)");

        private final String tableName;
        private final List<String> columns;
        private final String definition;

        Table(String tableName, List<String> columns, String definition) {
            this.tableName = tableName;
            this.columns = columns;
            this.definition = definition;
        }

        /** @return the table's name */
        public String tableName() {
            return tableName;
        }
    }

    private AnomalyTables() {
    }

    /**
     * Drops {@code t} when it exists (after checking it is ours) and creates it empty.
     *
     * @throws UserException when a table of that name exists with other columns
     * @throws SQLException  on a server error
     */
    public static void recreate(Connection c, Table t) throws SQLException {
        drop(c, t);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + t.tableName + " " + t.definition + " ENGINE=InnoDB");
        }
    }

    /**
     * Drops {@code t} when it exists and has this package's shape.
     *
     * @throws UserException when a table of that name exists with other columns (it is left alone)
     * @throws SQLException  on a server error
     */
    public static void drop(Connection c, Table t) throws SQLException {
        List<String> found = columns(c, t.tableName);
        if (found.isEmpty()) {
            return;
        }
        if (!found.equals(t.columns)) {
            throw new UserException("table " + t.tableName + " exists with columns " + found
                    + ", not the anomaly workload's " + t.columns + ": clusterbench did not make it and leaves it alone",
                    "drop or rename it yourself, or give another --db");
        }
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE " + t.tableName);
        }
    }

    /** Drops every table of this package that exists (only ours). @throws UserException, SQLException as drop */
    public static void dropAll(Connection c) throws SQLException {
        for (Table t : Table.values()) {
            drop(c, t);
        }
    }

    private static List<String> columns(Connection c, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT column_name, data_type FROM information_schema.columns "
                + "WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position")) {
            s.setString(1, table);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1).toLowerCase(java.util.Locale.ROOT) + " "
                            + rs.getString(2).toLowerCase(java.util.Locale.ROOT));
                }
            }
        }
        return out;
    }
}
