package io.clusterbench.inspect;

import io.clusterbench.db.Routing;

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
 * @param routing        how workers are spread over the endpoints ({@code --routing})
 * @param writes         true when the workload's events write (single-writer routing sends them to the writer)
 * @param preparedPerSession server-side prepared statements one session will hold (0: no server-side statements,
 *                       or the family does not say)
 */
public record InspectPlan(String workload, List<String> tables, String database, int maxThreads, long plannedRows,
                          int rowBytes, Routing routing, boolean writes, long preparedPerSession) {
    /** Estimated bytes per sysbench sbtest row: data, InnoDB row overhead and the {@code k} index (docs/inspect.md). */
    public static final int SBTEST_ROW_BYTES = 250;

    public InspectPlan {
        tables = List.copyOf(tables);
    }

    /** A round-robin plan without server-side prepared statements. */
    public InspectPlan(String workload, List<String> tables, String database, int maxThreads, long plannedRows,
                       int rowBytes) {
        this(workload, tables, database, maxThreads, plannedRows, rowBytes, Routing.ROUND_ROBIN, false, 0);
    }

    /**
     * @param endpoints endpoints of the target, &ge; 1
     * @param lost      0-based endpoint lost, or -1 for none
     * @return workers per endpoint under {@link #routing} at {@link #maxThreads}; with {@code lost}, its workers
     *         moved along as a failover moves them (the next endpoint, {@code Target.route} with one reroute)
     */
    public int[] threadsPerEndpoint(int endpoints, int lost) {
        int[] out = new int[endpoints];
        for (int k = 0; k < maxThreads; k++) {
            int e = routing.endpointIndex(k, 0, writes, endpoints);
            if (e == lost && endpoints > 1) {
                e = routing.endpointIndex(k, 1, writes, endpoints);
            }
            out[e]++;
        }
        return out;
    }
}
