package io.clusterbench.workload.oltp;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.WorkloadOptions;

import java.util.LinkedHashMap;
import java.util.Map;

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
 * @param storageEngine   storage engine (innodb)
 * @param distribution    key distribution ({@code --rand-type})
 */
public record OltpConfig(int tables, int tableSize, int rangeSize, int pointSelects, int simpleRanges,
                         int sumRanges, int orderRanges, int distinctRanges, int indexUpdates,
                         int nonIndexUpdates, int deleteInserts, boolean rangeSelects, boolean skipTrx,
                         boolean autoInc, boolean secondary, boolean createSecondary, String storageEngine,
                         Distribution distribution) implements WorkloadOptions {

    /** @return the sysbench options result.json records for the OLTP family, tables to autoInc */
    @Override
    public Map<String, Object> resultFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tables", tables);
        m.put("tableSize", tableSize);
        m.put("rangeSize", rangeSize);
        m.put("pointSelects", pointSelects);
        m.put("simpleRanges", simpleRanges);
        m.put("sumRanges", sumRanges);
        m.put("orderRanges", orderRanges);
        m.put("distinctRanges", distinctRanges);
        m.put("indexUpdates", indexUpdates);
        m.put("nonIndexUpdates", nonIndexUpdates);
        m.put("deleteInserts", deleteInserts);
        m.put("rangeSelects", rangeSelects);
        m.put("skipTrx", skipTrx);
        m.put("autoInc", autoInc);
        return m;
    }
}
