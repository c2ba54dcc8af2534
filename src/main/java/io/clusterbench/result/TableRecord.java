package io.clusterbench.result;

import java.util.List;

/**
 * One of the workload's tables as the server describes it when the run starts ({@code information_schema.TABLES}
 * and {@code COLUMNS}): what really ran, whatever {@code --storage-engine} or {@code --table-options} asked for
 * (docs/metrics.md, "Table properties"). {@code compare} lists the properties that differ between results.
 *
 * <p>Immutable.
 *
 * @param name             table name, e.g. {@code sbtest1}
 * @param engine           storage engine as the server spells it, e.g. {@code InnoDB}
 * @param charset          character set of the table's default collation, e.g. {@code utf8mb4}
 * @param collation        the table's default collation, e.g. {@code utf8mb4_general_ci}
 * @param rowFormat        row format, e.g. {@code Dynamic}, {@code Compact}, {@code Compressed}
 * @param createOptions    the options the table was created with beyond the engine ({@code CREATE_OPTIONS}, e.g.
 *                         {@code row_format=COMPRESSED key_block_size=8}); empty for none
 * @param columnCollations the distinct collations of its character columns, sorted; empty when it has none
 */
public record TableRecord(String name, String engine, String charset, String collation, String rowFormat,
                          String createOptions, List<String> columnCollations) {
    /** Copies {@code columnCollations}; null strings become empty. */
    public TableRecord {
        engine = engine == null ? "" : engine;
        charset = charset == null ? "" : charset;
        collation = collation == null ? "" : collation;
        rowFormat = rowFormat == null ? "" : rowFormat;
        createOptions = createOptions == null ? "" : createOptions;
        columnCollations = columnCollations == null ? List.of() : List.copyOf(columnCollations);
    }

    /** @return engine, collation, row format and create options, the properties one line shows and compare reads */
    public String describe() {
        return engine + ", " + collation + ", " + rowFormat + (createOptions.isEmpty() ? "" : ", " + createOptions)
                + (columnCollations.isEmpty() || columnCollations.equals(List.of(collation)) ? ""
                : ", columns " + String.join("/", columnCollations));
    }
}
