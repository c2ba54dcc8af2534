package io.clusterbench.workload.joins;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.workload.ParallelLoad;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * DDL and loader of the joins tables (reference schema): {@code main1..N} and the five shared
 * {@code level1..level5}, each with {@code --table-size} rows, loaded in parallel (one table per loader
 * connection at a time), then ANALYZEd so plans are built on fresh statistics.
 *
 * <p>Thread-safe (stateless apart from its configuration). Data is deterministic per table (seeded by
 * its name) except the server-made UUID columns.
 */
final class JoinsTables {
    static final int LEVELS = 5;
    private static final int ROWS_PER_INSERT = 500;
    private final JoinsConfig config;

    JoinsTables(JoinsConfig config) {
        this.config = config;
    }

    /** @return {@code main1..N} then {@code level1..level5} */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (int t = 1; t <= config.tables(); t++) {
            names.add("main" + t);
        }
        for (int k = 1; k <= LEVELS; k++) {
            names.add("level" + k);
        }
        return names;
    }

    /** @return the subset of {@link #names()} present in the connection's schema */
    List<String> existing(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT table_name FROM information_schema.tables"
                + " WHERE table_schema = DATABASE() AND table_name = ?")) {
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

    void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            List<String> existing = existing(c);
            if (!existing.isEmpty() && !force) {
                throw new UserException("table " + existing.get(0) + " already exists in " + target.database(),
                        "run cleanup joins first, or add --force to drop and recreate the joins tables");
            }
            drop(c, existing, progress);
        }
        List<String> tables = names();
        int workers = Math.max(1, Math.min(threads, tables.size()));
        try {
            ParallelLoad.run(workers, w -> target.openChecked(target.endpointFor(w), true), tables, (c, table) -> {
                createAndLoad(c, table, progress);
                return List.of();
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while loading", e);
        }
        try (Connection c = target.openChecked(target.endpointFor(0), true); Statement s = c.createStatement()) {
            progress.accept("Analyzing " + tables.size() + " tables...");
            s.execute("ANALYZE TABLE " + String.join(", ", tables));
        }
    }


    private void createAndLoad(Connection c, String table, Consumer<String> progress) throws SQLException {
        boolean main = table.startsWith("main");
        progress.accept("Creating table '" + table + "'...");
        try (Statement s = c.createStatement()) {
            s.execute(main ? mainDdl(table) : levelDdl(table));
            if (config.tableSize() == 0) {
                return;
            }
            progress.accept(String.format(Locale.ROOT, "Inserting %d records into '%s'", config.tableSize(), table));
            SplittableRandom rng = new SplittableRandom(table.hashCode() * 0x9E3779B97F4A7C15L);
            StringBuilder sql = new StringBuilder(ROWS_PER_INSERT * 400);
            int inBatch = 0;
            for (int i = 1; i <= config.tableSize(); i++) {
                if (inBatch == 0) {
                    sql.setLength(0);
                    sql.append("INSERT INTO ").append(table).append(" (")
                            .append(main ? JoinRows.MAIN_COLUMNS : JoinRows.LEVEL_COLUMNS).append(") VALUES ");
                } else {
                    sql.append(',');
                }
                if (main) {
                    JoinRows.appendMain(sql, rng, config.tableSize(), 0);
                } else {
                    JoinRows.appendLevel(sql, rng, config.tableSize(), i);
                }
                if (++inBatch == ROWS_PER_INSERT || i == config.tableSize()) {
                    s.executeUpdate(sql.toString());
                    inBatch = 0;
                }
            }
        }
    }

    private String mainDdl(String table) {
        StringBuilder b = new StringBuilder("CREATE TABLE ").append(table).append(" (\n")
                .append("  id BIGINT NOT NULL AUTO_INCREMENT,\n");
        for (int k = 1; k <= LEVELS; k++) {
            b.append("  l").append(k).append("_id INT NOT NULL, -- references level").append(k).append("(id)\n");
        }
        b.append("  small_number SMALLINT, integer_number INT, myvalue BIGINT, decimal_number DECIMAL(10,2),\n")
                .append("  float_number FLOAT, char_field CHAR(10), varchar_field VARCHAR(255),\n")
                .append("  color VARCHAR(50), continent VARCHAR(255),\n")
                .append("  uuid VARCHAR(36) CHARACTER SET latin1 NOT NULL, uuid_bin BINARY(16), text_field TEXT,\n")
                .append("  datetime_field DATETIME, timestamp_field TIMESTAMP NULL DEFAULT NULL, year_field YEAR,\n")
                .append("  binary_field BINARY(50), varbinary_field VARBINARY(255),\n")
                .append("  enum_field ENUM('active','inactive','pending'),\n")
                .append("  set_field SET('read','write','execute','delete'), is_active BOOLEAN,\n")
                .append("  PRIMARY KEY (id), UNIQUE KEY uk_uuid (uuid),\n");
        for (int k = 1; k <= LEVELS; k++) {
            b.append("  KEY idx_l").append(k).append("_id (l").append(k).append("_id),\n");
        }
        b.append("  KEY idx_datetime (datetime_field), KEY idx_timestamp (timestamp_field),\n")
                .append("  KEY idx_enum (enum_field), KEY idx_set (set_field), KEY idx_year (year_field),\n")
                .append("  KEY comp_attributes (continent, enum_field, set_field),\n")
                .append("  KEY comp_color (color, continent, enum_field, year_field)\n")
                .append(") ").append(config.tableOptions().clause());
        return b.toString();
    }

    private String levelDdl(String table) {
        StringBuilder b = new StringBuilder("CREATE TABLE ").append(table).append(" (\n")
                .append("  id BIGINT NOT NULL, continent VARCHAR(45), parent_id BIGINT,\n")
                .append("  time_accessed TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,\n");
        for (int k = 1; k <= LEVELS; k++) {
            b.append("  l").append(k).append("_id INT,\n");
        }
        b.append("  record_name CHAR(36), record_code CHAR(5), record_value BIGINT,\n")
                .append("  record_status ENUM('active','inactive','pending'), record_priority INT,\n")
                .append("  PRIMARY KEY (id), KEY idx_continent (continent), KEY idx_parent_id (parent_id),\n");
        for (int k = 1; k <= LEVELS; k++) {
            b.append("  KEY idx_l").append(k).append("_id (l").append(k).append("_id),\n");
        }
        b.append("  KEY idx_time_accessed (time_accessed), KEY idx_status (record_status),\n")
                .append("  KEY idx_priority (record_priority),\n")
                .append("  KEY idx_cont_status_prio (continent, record_status, record_priority)\n")
                .append(") ").append(config.tableOptions().clause());
        return b.toString();
    }

    /** Drops the joins tables present; @return their names */
    List<String> drop(Connection c) throws SQLException {
        List<String> existing = existing(c);
        drop(c, existing, line -> { });
        return existing;
    }

    private static void drop(Connection c, List<String> names, Consumer<String> progress) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String name : names) {
                progress.accept("Dropping table '" + name + "'...");
                s.execute("DROP TABLE IF EXISTS " + name);
            }
        }
    }
}
