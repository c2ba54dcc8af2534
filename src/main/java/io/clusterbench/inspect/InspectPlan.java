package io.clusterbench.inspect;

import java.util.List;

/**
 * What the benchmark about to run will ask of the target, as far as {@code inspect} needs it.
 *
 * <p>Immutable.
 *
 * @param workload       the workload name, e.g. "oltp_read_write"
 * @param tables         the workload's own table names (e.g. sbtest1..sbtest4)
 * @param database       the workload's database
 * @param maxThreads     the largest planned thread count (a sweep's largest step), &gt;= 1
 * @param plannedRows    rows the workload's tables will hold (tables × table size), or -1 when the family
 *                       has no such figure (TPC-C sizes by warehouses)
 * @param rowBytes       estimated bytes per row including index overhead, used when the tables do not exist
 *                       yet (docs/inspect.md); 0 when unknown
 */
public record InspectPlan(String workload, List<String> tables, String database, int maxThreads, long plannedRows,
                          int rowBytes) {
    /** Estimated bytes per sysbench sbtest row: data, InnoDB row overhead and the {@code k} index (docs/inspect.md). */
    public static final int SBTEST_ROW_BYTES = 250;

    public InspectPlan {
        tables = List.copyOf(tables);
    }
}
