package io.clusterbench.workload;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What makes a table one of the workload's own: the columns its statements use and its primary key. A
 * table of the same name without them belongs to someone else, and no command reads, writes or drops it
 * (unless {@code --force}, which lets {@code prepare} and {@code cleanup} replace it).
 *
 * <p>Immutable and thread-safe.
 *
 * @param columns    column names the workload needs (lower case); the table may have more
 * @param primaryKey the primary key's columns in order (lower case), or an empty list when not checked
 */
public record TableShape(List<String> columns, List<String> primaryKey) {

    /** @return a shape with these columns whose primary key is the listed columns */
    public static TableShape of(List<String> columns, List<String> primaryKey) {
        return new TableShape(List.copyOf(columns), List.copyOf(primaryKey));
    }

    /**
     * Compares the tables that exist with the shapes the workload expects.
     *
     * @param c      a connection to the server
     * @param schema the database holding the tables (it need not exist)
     * @param shapes table name to expected shape; tables that do not exist are skipped
     * @return table name to a one-line account of how it differs, for each foreign table, in {@code shapes}' order
     * @throws SQLException when information_schema cannot be read
     */
    public static Map<String, String> foreign(Connection c, String schema, Map<String, TableShape> shapes)
            throws SQLException {
        Map<String, String> found = new LinkedHashMap<>();
        for (Map.Entry<String, TableShape> e : shapes.entrySet()) {
            List<String> columns = read(c, "SELECT LOWER(column_name) FROM information_schema.columns WHERE "
                    + "table_schema = ? AND table_name = ? ORDER BY ordinal_position", schema, e.getKey());
            if (columns.isEmpty()) {
                continue;
            }
            List<String> pk = read(c, "SELECT LOWER(column_name) FROM information_schema.statistics WHERE "
                    + "table_schema = ? AND table_name = ? AND index_name = 'PRIMARY' ORDER BY seq_in_index",
                    schema, e.getKey());
            TableShape want = e.getValue();
            List<String> missing = new ArrayList<>(want.columns());
            missing.removeAll(columns);
            if (!missing.isEmpty()) {
                found.put(e.getKey(), "has columns (" + String.join(", ", columns) + "), lacks ("
                        + String.join(", ", missing) + ")");
            } else if (!want.primaryKey().isEmpty() && !want.primaryKey().equals(pk)) {
                found.put(e.getKey(), "has primary key (" + String.join(", ", pk) + "), not ("
                        + String.join(", ", want.primaryKey()) + ")");
            }
        }
        return found;
    }

    /**
     * Refuses to go on when a table of the workload's name is not the workload's.
     *
     * @param target   where the tables are ({@link Target#database()})
     * @param workload the workload whose tables these are
     * @param action   what would be done, e.g. "run", "cleanup"
     * @param forceHint true when {@code --force} would replace the table (prepare, cleanup)
     * @throws UserException naming every foreign table and how it differs; it is left alone
     */
    public static void refuseForeign(Target target, Workload workload, String action, boolean forceHint) {
        if (workload.shapes().isEmpty()) {
            return;
        }
        Map<String, String> foreign;
        try (Connection c = target.openChecked(target.endpointFor(0), false)) {
            foreign = foreign(c, target.database(), workload.shapes());
        } catch (SQLException e) {
            throw new UserException("cannot read the shape of " + workload.name() + "'s tables in " + target.database()
                    + ": " + e.getMessage(), "check that the user may read information_schema", e);
        }
        if (foreign.isEmpty()) {
            return;
        }
        StringBuilder what = new StringBuilder();
        foreign.forEach((name, how) -> what.append(what.length() == 0 ? "" : "; ").append(name).append(' ').append(how));
        String schema = target.database();
        throw new UserException(action + " " + workload.name() + ": " + (foreign.size() == 1 ? "table " : "tables ")
                + "in " + schema + " not made by " + workload.name() + ", left alone: " + what,
                "choose another --db" + (forceHint ? ", or add --force to drop and replace "
                + (foreign.size() == 1 ? "it" : "them") : ", or drop " + (foreign.size() == 1 ? "it" : "them")
                + " yourself and run prepare"));
    }

    private static List<String> read(Connection c, String sql, String schema, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, schema);
            ps.setString(2, table.toLowerCase(Locale.ROOT));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
