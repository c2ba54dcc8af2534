package io.clusterbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Table properties ({@code tables} of result.json, {@link TableRecord}) whose values differ between results:
 * engine, charset, collation, row format, create options and column collations, per table of the same name
 * (docs/metrics.md, "Differing table properties"). Tables with the same differing values are one entry,
 * {@code collation of sbtest1..4}. A result that recorded no tables (older files), or lacks a table, does not
 * make a property differ.
 *
 * <p>Thread-safe (stateless).
 */
public final class TableDiff {
    /** Property name → how a table record gives it, in the order entries are listed. */
    private static final Map<String, Function<TableRecord, String>> PROPERTIES = properties();

    private TableDiff() {
    }

    private static Map<String, Function<TableRecord, String>> properties() {
        Map<String, Function<TableRecord, String>> m = new LinkedHashMap<>();
        m.put("engine", TableRecord::engine);
        m.put("charset", TableRecord::charset);
        m.put("collation", TableRecord::collation);
        m.put("row format", TableRecord::rowFormat);
        m.put("create options", t -> t.createOptions().isEmpty() ? "none" : t.createOptions());
        m.put("column collations", t -> String.join("/", t.columnCollations()));
        return Collections.unmodifiableMap(m);
    }

    /**
     * @param docs results in order
     * @return the differing properties, property by property, each named {@code <property> of <tables>} with one
     *         value per result ({@code null} where a result has none of those tables)
     */
    public static List<VariableDiff.Entry> of(List<ResultDocument> docs) {
        TreeSet<String> names = new TreeSet<>(TableDiff::byName);
        List<Map<String, TableRecord>> byDoc = new ArrayList<>();
        for (ResultDocument d : docs) {
            Map<String, TableRecord> m = new LinkedHashMap<>();
            d.tables().forEach(t -> m.put(t.name(), t));
            names.addAll(m.keySet());
            byDoc.add(m);
        }
        List<VariableDiff.Entry> out = new ArrayList<>();
        for (Map.Entry<String, Function<TableRecord, String>> p : PROPERTIES.entrySet()) {
            Map<List<String>, List<String>> tablesByValues = new LinkedHashMap<>();
            for (String table : names) {
                List<String> values = new ArrayList<>();
                byDoc.forEach(m -> values.add(m.containsKey(table) ? p.getValue().apply(m.get(table)) : null));
                if (values.stream().filter(Objects::nonNull).distinct().count() > 1) {
                    tablesByValues.computeIfAbsent(values, v -> new ArrayList<>()).add(table);
                }
            }
            tablesByValues.forEach((values, tables) -> out.add(new VariableDiff.Entry(p.getKey() + " of "
                    + span(tables), Collections.unmodifiableList(values))));
        }
        return out;
    }

    /** @return {@code sbtest1}, {@code sbtest1, sbtest2} or, for more, {@code 4 tables (sbtest1 … sbtest4)} */
    static String span(List<String> tables) {
        if (tables.size() <= 2) {
            return String.join(", ", tables);
        }
        return tables.size() + " tables (" + tables.get(0) + " … " + tables.get(tables.size() - 1) + ")";
    }

    /** Orders {@code sbtest2} before {@code sbtest10}: by the name without its digits, then by its number. */
    private static int byName(String a, String b) {
        String pa = a.replaceAll("\\d+$", "");
        String pb = b.replaceAll("\\d+$", "");
        int c = pa.compareTo(pb);
        if (c != 0) {
            return c;
        }
        String na = a.substring(pa.length());
        String nb = b.substring(pb.length());
        if (na.isEmpty() || nb.isEmpty()) {
            return na.compareTo(nb);
        }
        return na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
    }
}
