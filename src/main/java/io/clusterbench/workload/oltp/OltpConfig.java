package io.clusterbench.workload.oltp;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.TableOptions;
import io.clusterbench.workload.WorkloadOptions;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Options of the OLTP family, with sysbench 1.0.20's names and defaults ({@code oltp_common.lua}).
 *
 * <p>Immutable.
 *
 * @param tables          number of tables {@code sbtest1..N} (default 1)
 * @param tableSize       rows per table (default 10000)
 * @param rangeSize       rows per range SELECT (default 100)
 * @param pointSelects    point SELECTs per transaction (default 10)
 * @param simpleRanges    simple range SELECTs per transaction (1)
 * @param sumRanges       SELECT SUM() per transaction (1)
 * @param orderRanges     SELECT … ORDER BY per transaction (1)
 * @param distinctRanges  SELECT DISTINCT per transaction (1)
 * @param indexUpdates    UPDATE of the indexed column per transaction (1)
 * @param nonIndexUpdates UPDATE of a non-indexed column per transaction (1)
 * @param deleteInserts   DELETE + INSERT pairs per transaction (1)
 * @param rangeSelects    enable the range SELECTs (true)
 * @param skipTrx         autocommit mode, no BEGIN/COMMIT (false)
 * @param autoInc         AUTO_INCREMENT primary key (true)
 * @param secondary       secondary index in place of the PRIMARY KEY (false)
 * @param createSecondary create the index on k (true)
 * @param tableOptions    storage engine (innodb) and extra CREATE TABLE options (none)
 * @param distribution    key distribution ({@code --rand-type})
 * @param leanPath        {@code --statement-path auto}: statements over the protocol on the driver's socket where
 *                        the connection allows it ({@code io.clusterbench.db.wire.WireLink#attach}); false: JDBC
 */
public record OltpConfig(int tables, int tableSize, int rangeSize, int pointSelects, int simpleRanges,
                         int sumRanges, int orderRanges, int distinctRanges, int indexUpdates,
                         int nonIndexUpdates, int deleteInserts, boolean rangeSelects, boolean skipTrx,
                         boolean autoInc, boolean secondary, boolean createSecondary, TableOptions tableOptions,
                         Distribution distribution, boolean leanPath) implements WorkloadOptions {

    /** @return the sysbench options result.json records for the OLTP family, every one of them */
    @Override
    public Map<String, Object> resultFields() {
        return resultFields(flag -> true);
    }

    /**
     * @param applies which options (by long name, e.g. {@code --point-selects}) the run reads; the others are left
     *                out, so a result records only options that acted on it
     * @return the OLTP options as result.json records them, tables to autoInc, then storageEngine and tableOptions
     */
    public Map<String, Object> resultFields(Predicate<String> applies) {
        Map<String, Object> m = new LinkedHashMap<>();
        Object[][] fields = {{"--tables", "tables", tables}, {"--table-size", "tableSize", tableSize},
                {"--range-size", "rangeSize", rangeSize}, {"--point-selects", "pointSelects", pointSelects},
                {"--simple-ranges", "simpleRanges", simpleRanges}, {"--sum-ranges", "sumRanges", sumRanges},
                {"--order-ranges", "orderRanges", orderRanges}, {"--distinct-ranges", "distinctRanges", distinctRanges},
                {"--index-updates", "indexUpdates", indexUpdates},
                {"--non-index-updates", "nonIndexUpdates", nonIndexUpdates},
                {"--delete-inserts", "deleteInserts", deleteInserts}, {"--range-selects", "rangeSelects", rangeSelects},
                {"--skip-trx", "skipTrx", skipTrx}, {"--auto-inc", "autoInc", autoInc},
                {"--statement-path", "statementPath", leanPath ? "auto" : "jdbc"}};
        for (Object[] f : fields) {
            if (applies.test((String) f[0])) {
                m.put((String) f[1], f[2]);
            }
        }
        if (applies.test("--storage-engine")) {
            tableOptions.putResultFields(m);
        }
        return m;
    }
}
