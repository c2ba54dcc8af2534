package io.clusterbench.workload.oltp;

import io.clusterbench.Defaults;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.OnOff;
import io.clusterbench.workload.TableOptions;
import picocli.CommandLine.Option;

/**
 * Options of the OLTP family with sysbench 1.0.20's names and defaults ({@code oltp_common.lua}):
 * picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
public final class OltpOptions {
    @Option(names = "--tables", paramLabel = "N", defaultValue = "" + Defaults.TABLES, description = "Number of tables sbtest1..N. Default: ${DEFAULT-VALUE}.")
    int tables;
    @Option(names = "--table-size", paramLabel = "ROWS", defaultValue = "" + Defaults.TABLE_SIZE, description = "Rows per table. Default: ${DEFAULT-VALUE}.")
    int tableSize;
    @Option(names = "--range-size", paramLabel = "ROWS", defaultValue = "" + Defaults.RANGE_SIZE, description = "Rows per range SELECT. Default: ${DEFAULT-VALUE}.")
    int rangeSize;
    @Option(names = "--point-selects", paramLabel = "N", defaultValue = "" + Defaults.POINT_SELECTS, description = "Point SELECTs per transaction. Default: ${DEFAULT-VALUE}.")
    int pointSelects;
    @Option(names = "--simple-ranges", paramLabel = "N", defaultValue = "1", description = "Simple range SELECTs per transaction. Default: ${DEFAULT-VALUE}.")
    int simpleRanges;
    @Option(names = "--sum-ranges", paramLabel = "N", defaultValue = "1", description = "SELECT SUM() ranges per transaction. Default: ${DEFAULT-VALUE}.")
    int sumRanges;
    @Option(names = "--order-ranges", paramLabel = "N", defaultValue = "1", description = "SELECT ... ORDER BY ranges per transaction. Default: ${DEFAULT-VALUE}.")
    int orderRanges;
    @Option(names = "--distinct-ranges", paramLabel = "N", defaultValue = "1", description = "SELECT DISTINCT ranges per transaction. Default: ${DEFAULT-VALUE}.")
    int distinctRanges;
    @Option(names = "--index-updates", paramLabel = "N", defaultValue = "1", description = "UPDATEs of indexed column k per transaction. Default: ${DEFAULT-VALUE}.")
    int indexUpdates;
    @Option(names = "--non-index-updates", paramLabel = "N", defaultValue = "1", description = "UPDATEs of column c per transaction. Default: ${DEFAULT-VALUE}.")
    int nonIndexUpdates;
    @Option(names = "--delete-inserts", paramLabel = "N", defaultValue = "1", description = "DELETE/INSERT pairs per transaction. Default: ${DEFAULT-VALUE}.")
    int deleteInserts;
    @Option(names = "--range-selects", paramLabel = "on|off", defaultValue = "on", arity = "0..1", fallbackValue = "on",
            description = "Enable the range SELECTs. Default: ${DEFAULT-VALUE}.")
    String rangeSelects;
    @Option(names = "--skip-trx", paramLabel = "on|off", defaultValue = "off", arity = "0..1", fallbackValue = "on",
            description = "No BEGIN/COMMIT: autocommit mode. Default: ${DEFAULT-VALUE}.")
    String skipTrx;
    @Option(names = "--auto-inc", paramLabel = "on|off", defaultValue = "on", arity = "0..1", fallbackValue = "on",
            description = "AUTO_INCREMENT primary key (prepare, oltp_insert). Default: ${DEFAULT-VALUE}.")
    String autoInc;
    @Option(names = "--secondary", paramLabel = "on|off", defaultValue = "off", arity = "0..1", fallbackValue = "on",
            description = "Secondary index on id in place of the PRIMARY KEY. Default: ${DEFAULT-VALUE}.")
    String secondary;
    @Option(names = "--create-secondary", paramLabel = "on|off", defaultValue = "on", arity = "0..1", fallbackValue = "on",
            description = "Create the index k_N on k. Default: ${DEFAULT-VALUE}.")
    String createSecondary;
    @Option(names = "--storage-engine", paramLabel = "ENGINE", defaultValue = "innodb",
            description = "Storage engine of the tables (sysbench --mysql-storage-engine). Default: ${DEFAULT-VALUE}.")
    String storageEngine;
    @Option(names = {"--table-options", "--create-table-options"}, paramLabel = "TEXT", defaultValue = "",
            description = "Extra options appended to every CREATE TABLE, as written, e.g. 'ROW_FORMAT=COMPRESSED' or "
                    + "'DEFAULT CHARSET=latin1 COLLATE=latin1_bin' (sysbench-tpcc --mysql_table_options, sysbench "
                    + "--create_table_options). Acts when tables are created. Default: none.")
    String tableOptions;
    @Option(names = "--statement-path", paramLabel = "auto|jdbc", defaultValue = "auto",
            description = "How the OLTP statements reach the server: auto sends them over the protocol directly on "
                    + "the driver's socket when the connection is plain TCP without TLS or compression and uses "
                    + "server-side prepared statements (less client CPU per event; docs/metrics.md, \"Statement "
                    + "path\"), else through JDBC; jdbc always through JDBC. Default: ${DEFAULT-VALUE}.")
    String statementPath;

    /** @return the family's configuration with the given key distribution */
    public OltpConfig toConfig(Distribution distribution) {
        return new OltpConfig(tables, tableSize, rangeSize, pointSelects, simpleRanges, sumRanges, orderRanges,
                distinctRanges, indexUpdates, nonIndexUpdates, deleteInserts, on(rangeSelects), on(skipTrx),
                on(autoInc), on(secondary), on(createSecondary), tableOptions(), distribution,
                !"jdbc".equals(statementPath));
    }

    /** @return the on/off value as a boolean (validated by {@link #validate}) */
    public static boolean on(String value) {
        return OnOff.parse(value) == Boolean.TRUE;
    }

    /** Adds every problem with these values to {@code problems}. */
    public void validate(java.util.List<String> problems) {
        if (tables < 1) {
            problems.add("--tables must be >= 1 (got " + tables + ")");
        }
        if (tableSize < 1) {
            problems.add("--table-size must be >= 1 (got " + tableSize + "); an empty table leaves nothing to read "
                    + "or update");
        }
        if (rangeSize < 1) {
            problems.add("--range-size must be >= 1 (got " + rangeSize + ")");
        }
        int[] counts = {pointSelects, simpleRanges, sumRanges, orderRanges, distinctRanges, indexUpdates,
                nonIndexUpdates, deleteInserts};
        for (int c : counts) {
            if (c < 0) {
                problems.add("statement counts (--point-selects, --simple-ranges, ...) must be >= 0");
                break;
            }
        }
        String[][] flags = {{"--range-selects", rangeSelects}, {"--skip-trx", skipTrx}, {"--auto-inc", autoInc},
                {"--secondary", secondary}, {"--create-secondary", createSecondary}};
        for (String[] flag : flags) {
            if (OnOff.parse(flag[1]) == null) {
                problems.add(flag[0] + " must be on or off (got '" + flag[1] + "')");
            }
        }
        if (!"auto".equals(statementPath) && !"jdbc".equals(statementPath)) {
            problems.add("--statement-path must be auto or jdbc (got '" + statementPath + "')");
        }
        TableOptions.validate(storageEngine, tableOptions, problems);
    }

    /** @return {@code --tables}: tables (or table sets) of the workload, &gt;= 1 */
    public int tables() {
        return tables;
    }

    /** @return {@code --table-size}: rows per table, &gt;= 0 */
    public int tableSize() {
        return tableSize;
    }

    /** @return {@code --storage-engine} and {@code --table-options}: what every CREATE TABLE appends */
    public TableOptions tableOptions() {
        return new TableOptions(storageEngine, tableOptions);
    }

    /** @return {@code --index-updates}: UPDATEs of the indexed column per event */
    public int indexUpdates() {
        return indexUpdates;
    }

    /** @return {@code --delete-inserts}: DELETE/INSERT pairs per event */
    public int deleteInserts() {
        return deleteInserts;
    }
}
