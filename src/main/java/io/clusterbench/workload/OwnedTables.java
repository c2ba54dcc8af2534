package io.clusterbench.workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
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
}
