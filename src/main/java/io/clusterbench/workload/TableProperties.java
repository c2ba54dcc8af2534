package io.clusterbench.workload;

import io.clusterbench.db.BaseTables;
import io.clusterbench.result.TableRecord;
import io.clusterbench.workload.TableOptions;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads what the workload's tables really are when a run starts (engine, collation and its character set, row
 * format, create options, column collations) for result.json's {@code tables}, and says in one line what ran and,
 * in a note, where that differs from {@code --storage-engine} / {@code --table-options} (issue 16).
 *
 * <p>Thread-safe (stateless).
 */
public final class TableProperties {
    private TableProperties() {
    }

    /**
     * @param c      a connection to the first endpoint
     * @param schema the workload's database
     * @param names  the tables to describe; those that do not exist are skipped
     * @return one record per existing table of {@code names}, sorted by name
     * @throws SQLException when information_schema cannot be read
     */
    public static List<TableRecord> read(Connection c, String schema, Collection<String> names) throws SQLException {
        Set<String> wanted = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        wanted.addAll(names);
        Map<String, List<String>> columns = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT table_name, GROUP_CONCAT(DISTINCT collation_name ORDER BY "
                + "collation_name SEPARATOR ',') FROM information_schema.columns WHERE table_schema = ? AND "
                + "collation_name IS NOT NULL GROUP BY table_name")) {
            s.setString(1, schema);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    columns.put(rs.getString(1).toLowerCase(Locale.ROOT), Arrays.asList(rs.getString(2).split(",")));
                }
            }
        }
        List<TableRecord> out = new ArrayList<>();
        for (BaseTables.Row t : BaseTables.read(c, schema)) {
            if (wanted.contains(t.name())) {
                out.add(new TableRecord(t.name(), t.engine(), charsetOf(t.collation()), t.collation(), t.rowFormat(),
                        t.createOptions(), columns.getOrDefault(t.name().toLowerCase(Locale.ROOT), List.of())));
            }
        }
        return out;
    }

    /**
     * @return the character set a collation belongs to: its name up to the first {@code _} (MySQL and MariaDB
     *         collation names start with their character set's, which holds no {@code _}); empty for none
     */
    public static String charsetOf(String collation) {
        if (collation == null) {
            return "";
        }
        int cut = collation.indexOf('_');
        return cut < 0 ? collation : collation.substring(0, cut);
    }

    /**
     * @return the start line naming what the tables are, grouped by identical properties, e.g.
     *         {@code Tables: sbtest1..4 InnoDB, latin1_bin, Compact, row_format=COMPACT}; null when there are none
     */
    public static String line(List<TableRecord> tables) {
        if (tables.isEmpty()) {
            return null;
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (TableRecord t : tables) {
            groups.computeIfAbsent(t.describe(), k -> new ArrayList<>()).add(t.name());
        }
        List<String> parts = new ArrayList<>();
        groups.forEach((props, names) -> parts.add((names.size() <= 3 ? String.join(", ", names)
                : names.size() + " tables") + ": " + props));
        return "Tables: " + String.join("; ", parts);
    }

    /**
     * @param asked       {@code --storage-engine} and {@code --table-options} of the run, or null when the workload
     *                    has no tables of its own
     * @param createdNow  true when this run created the tables (embedded server), so the options acted
     * @return notes where the tables differ from what was asked or the options did not act; empty when none
     */
    public static List<String> notes(TableOptions asked, List<TableRecord> tables, boolean createdNow) {
        List<String> notes = new ArrayList<>();
        if (asked == null || tables.isEmpty()) {
            return notes;
        }
        Set<String> engines = new TreeSet<>();
        tables.forEach(t -> engines.add(t.engine()));
        boolean otherEngine = engines.stream().anyMatch(e -> !e.equalsIgnoreCase(asked.engine()));
        if (otherEngine) {
            notes.add("Note: the tables are " + String.join("/", engines) + ", not --storage-engine " + asked.engine()
                    + (createdNow ? " (the server substituted its default engine)"
                    : "; --storage-engine acts only when tables are created (prepare --force)") + ".");
        }
        if (!createdNow && !asked.extra().isEmpty()) {
            notes.add("Note: --table-options '" + asked.extra() + "' acts only when tables are created (prepare "
                    + "--force); this run uses the existing tables as they are.");
        }
        return notes;
    }
}
