package io.clusterbench.workload.ddl;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.workload.OwnedTables;
import io.clusterbench.workload.SbRows;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The ddl family's tables: {@code ddl_source} (prepared once, {@code --table-size} sbtest-shaped rows) and
 * one {@code ddl_wN} per worker, which the worker creates, alters, fills from the source and drops. Only
 * tables named {@code ddl_source} or {@code ddl_w<digits>} with the sbtest columns (plus the family's
 * {@code ddl_extra}) are ever dropped.
 *
 * <p>Thread-safe (stateless).
 */
final class DdlTables {
    static final String SOURCE = "ddl_source";
    /** Names the family owns. */
    static final Pattern OWNED = Pattern.compile("ddl_(source|w[0-9]+)");
    /** Columns the family's tables may have. */
    private static final Set<String> COLUMNS = Set.of("id", "k", "c", "pad", "ddl_extra");
    private static final int ROWS_PER_INSERT = 1000;

    private DdlTables() {
    }

    /** @return the table worker {@code workerIndex} (0-based) works on */
    static String workerTable(int workerIndex) {
        return "ddl_w" + (workerIndex + 1);
    }

    static boolean sourceExists(Connection c) throws SQLException {
        return OwnedTables.all(c).contains(SOURCE);
    }

    /** Creates {@code ddl_source} and fills it with {@code rows} rows (ids 1..rows). */
    static void prepare(Target target, int rows, io.clusterbench.workload.TableOptions engine, boolean force, Consumer<String> progress)
            throws SQLException {
        try (Connection c = target.openChecked(target.endpointFor(0), true); Statement s = c.createStatement()) {
            if (sourceExists(c)) {
                if (!force) {
                    throw new UserException("table " + SOURCE + " already exists in " + target.database(),
                            "run cleanup ddl first, or add --force to drop and recreate it");
                }
                drop(c, progress);
            }
            String others = OwnedTables.leftAlone(c, OWNED, "ddl");
            if (others != null) {
                progress.accept(others);
            }
            progress.accept("Creating table '" + SOURCE + "' with " + rows + " rows...");
            s.execute(SbRows.createTable(SOURCE, "INTEGER", engine));
            SbRows text = new SbRows();
            SplittableRandom rng = new SplittableRandom(0xdd1);
            for (int first = 1; first <= rows; first += ROWS_PER_INSERT) {
                s.executeUpdate(text.insert(SOURCE, first, Math.min(ROWS_PER_INSERT, rows - first + 1),
                        Math.max(1, rows), rng));
            }
        }
    }

    /** @return the number of rows in {@code ddl_source} */
    static long sourceRows(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + SOURCE)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Drops every owned table whose columns are the family's.
     *
     * @return the tables dropped
     * @throws UserException when a table has an owned name but another shape (it is left in place)
     */
    static List<String> drop(Connection c, Consumer<String> progress) throws SQLException {
        return OwnedTables.drop(c, OWNED, COLUMNS, "ddl", progress);
    }
}
