package io.clusterbench.workload;

import io.clusterbench.UserException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The tables of the current schema split into those a family owns (by name pattern) and the rest, for
 * families that create and drop tables while they run (ddl, bigtrx): they touch only their own, and say
 * which others they leave alone.
 *
 * <p>Thread-safe (stateless).
 */
public final class OwnedTables {
    private OwnedTables() {
    }

    /**
     * @param table   a table the workload needs
     * @param prepare the command that makes it, e.g. {@code clusterbench prepare bigtrx}
     * @return the error for {@code table} missing from the target database
     */
    public static UserException missing(String table, String prepare) {
        return new UserException("table " + table + " does not exist in the target database",
                "run prepare first (" + prepare + ")");
    }

    /**
     * @param existing the tables the database has
     * @param needed   the workload's tables, in order
     * @param prepare  the command that makes them (see {@link #missing})
     * @throws UserException naming the first table of {@code needed} that does not exist
     */
    public static void requireAll(List<String> existing, List<String> needed, String prepare) {
        for (String name : needed) {
            if (!existing.contains(name)) {
                throw missing(name, prepare);
            }
        }
    }

    /** @return every base table of the connection's current schema, sorted by name */
    public static List<String> all(Connection c) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT table_name FROM "
                + "information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /** @return the tables of the current schema whose whole name matches {@code owned} */
    public static List<String> owned(Connection c, Pattern owned) throws SQLException {
        return all(c).stream().filter(n -> owned.matcher(n).matches()).toList();
    }

    /**
     * @param family the family name for the message, e.g. {@code ddl}
     * @return one line naming the tables that do not match {@code owned} ("leaves alone"), or null when none
     */
    public static String leftAlone(Connection c, Pattern owned, String family) throws SQLException {
        List<String> others = all(c).stream().filter(n -> !owned.matcher(n).matches()).toList();
        if (others.isEmpty()) {
            return null;
        }
        int shown = Math.min(others.size(), 10);
        return family + " touches only its own tables (" + owned.pattern() + "); it leaves alone " + others.size()
                + " other table" + (others.size() == 1 ? "" : "s") + " in this schema: "
                + String.join(", ", others.subList(0, shown)) + (shown < others.size() ? ", ..." : "");
    }

    /**
     * Drops every table whose name matches {@code owned} and whose columns are all in {@code columns}.
     *
     * @param family   the family name for messages
     * @param progress receives "Dropping table ..." lines
     * @return the tables dropped
     * @throws io.clusterbench.UserException when a table has an owned name but another shape; it is left in
     *         place, and so are the tables after it
     */
    public static List<String> drop(Connection c, Pattern owned, Set<String> columns, String family,
                                    Consumer<String> progress) throws SQLException {
        List<String> dropped = new ArrayList<>();
        for (String t : owned(c, owned)) {
            List<String> foreign = foreignColumns(c, t, columns);
            if (!foreign.isEmpty()) {
                throw new io.clusterbench.UserException("table " + t + " has a " + family + " family name but columns "
                        + foreign + " the family never creates; it was left in place", "drop or rename it yourself");
            }
            progress.accept("Dropping table '" + t + "'...");
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + t);
            }
            dropped.add(t);
        }
        return dropped;
    }

    private static List<String> foreignColumns(Connection c, String table, Set<String> columns) throws SQLException {
        List<String> foreign = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT column_name FROM "
                + "information_schema.columns WHERE table_schema = DATABASE() AND table_name = '" + table + "'")) {
            while (rs.next()) {
                String col = rs.getString(1).toLowerCase(Locale.ROOT);
                if (!columns.contains(col)) {
                    foreign.add(col);
                }
            }
        }
        return foreign;
    }
}
