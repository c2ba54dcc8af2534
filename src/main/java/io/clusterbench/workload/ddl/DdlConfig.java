package io.clusterbench.workload.ddl;

import io.clusterbench.workload.WorkloadOptions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Options of the ddl family. Immutable.
 *
 * @param kinds         the DDL kinds an event cycle runs, in {@link DdlKind} order, at least one
 * @param tableSize     rows of each worker's table before every DDL but CREATE ({@code --table-size}), &ge; 0
 * @param method        schema-change method ({@code --ddl-method})
 * @param tableOptions  storage engine and extra CREATE TABLE options ({@code --storage-engine}, {@code --table-options})
 */
public record DdlConfig(List<DdlKind> kinds, int tableSize, OsuMethod method, io.clusterbench.workload.TableOptions tableOptions) implements WorkloadOptions {
    /** Rows per INSERT … SELECT when a worker fills its table from {@code ddl_source}. */
    public static final int LOAD_CHUNK_ROWS = 10_000;

    /** Copies {@code kinds}; @throws IllegalArgumentException when empty or tableSize &lt; 0 */
    public DdlConfig {
        if (kinds.isEmpty() || tableSize < 0) {
            throw new IllegalArgumentException("kinds must not be empty and tableSize >= 0");
        }
        kinds = kinds.stream().distinct().sorted().toList();
    }

    /** @return ddlKinds, tableSize, ddlMethod, storageEngine and tableOptions as result.json records them */
    @Override
    public Map<String, Object> resultFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ddlKinds", kinds.stream().map(DdlKind::optionName).toList());
        m.put("tableSize", tableSize);
        m.put("ddlMethod", method.name().toLowerCase(Locale.ROOT));
        tableOptions.putResultFields(m);
        return m;
    }
}
