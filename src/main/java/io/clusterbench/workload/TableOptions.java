package io.clusterbench.workload;

import java.util.List;
import java.util.Map;

/**
 * What a workload appends to every {@code CREATE TABLE} it runs: the storage engine ({@code --storage-engine},
 * sysbench's {@code --mysql_storage_engine}) and the extra table options passed through as written
 * ({@code --table-options}, sysbench-tpcc's {@code --mysql_table_options}, sysbench master's
 * {@code --create_table_options}), e.g. {@code ROW_FORMAT=COMPRESSED} or {@code DEFAULT CHARSET=latin1 COLLATE=latin1_bin}.
 * They act only when a table is created (prepare, or a run that prepares the embedded server's tables, or a
 * family that creates tables while it runs); what the tables really are is read back into result.json
 * ({@code tables}, docs/metrics.md "Table properties").
 *
 * <p>Immutable.
 *
 * @param engine storage engine name, letters, digits and {@code _}; default {@code innodb}
 * @param extra  table options appended after the engine clause, as written; empty for none
 */
public record TableOptions(String engine, String extra) {
    /** sysbench's defaults: InnoDB, no extra options. */
    public static final TableOptions DEFAULT = new TableOptions("innodb", "");

    /** Strips {@code extra}; null means none. */
    public TableOptions {
        extra = extra == null ? "" : extra.strip();
    }

    /** @return sysbench's engine clause (a {@code /*!} version comment naming the engine), then the extra options */
    public String clause() {
        return "/*! ENGINE = " + engine + " */" + (extra.isEmpty() ? "" : " " + extra);
    }

    /**
     * Adds every problem with the two option values to {@code problems}.
     *
     * @param engine {@code --storage-engine} as given
     * @param extra  {@code --table-options} as given
     */
    public static void validate(String engine, String extra, List<String> problems) {
        if (engine == null || !engine.matches("[A-Za-z0-9_]+")) {
            problems.add("--storage-engine must be a plain engine name (got '" + engine + "')");
        }
        if (extra != null && extra.contains(";")) {
            problems.add("--table-options must be table options of one CREATE TABLE, without ';' (got '" + extra + "')");
        }
    }

    /** Adds {@code storageEngine} and {@code tableOptions} (the plan fields of result.json) to {@code fields}. */
    public void putResultFields(Map<String, Object> fields) {
        fields.put("storageEngine", engine);
        fields.put("tableOptions", extra);
    }
}
