package io.clusterbench.workload.tpcc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Which warehouses of a TPC-C set are completely loaded, read from the tables themselves, so that
 * {@code prepare tpcc --resume} continues an interrupted load at the first warehouse that is not (loads run
 * warehouses in parallel, so a later one may be complete while an earlier one is not; everything from the
 * first incomplete one is deleted and loaded again).
 *
 * <p>A warehouse is complete when every table holds at least its rows for it (TPC-C 4.3.3.1 cardinalities): 1
 * warehouse, {@value TpccConfig#DISTRICTS} districts, 30,000 customers, 30,000 history rows, 100,000 stock
 * rows, 30,000 orders, 9,000 new orders, and as many order lines as its orders' {@code o_ol_cnt} add up to.
 *
 * "At least": meant for a load, before any run (a run's new orders only add rows; its deliveries remove
 * new orders, so a resume after a run may reload warehouses).
 *
 * <p>Stateless; one grouped count per table and set (a full scan of each: a resume of a 100-warehouse set
 * reads the set once).
 */
final class TpccProgress {
    private TpccProgress() {
    }

    /**
     * @param t     set number
     * @param scale warehouses per set
     * @return the first warehouse (1-based) of set {@code t} that is not completely loaded; {@code scale + 1}
     *         when all are
     */
    static int firstIncomplete(Statement s, int t, int scale) throws SQLException {
        int perDistrict = TpccConfig.CUSTOMERS;
        int newOrders = TpccConfig.ORDERS - TpccConfig.FIRST_NEW_ORDER + 1;
        String[][] expected = {
            {"warehouse", "w_id", "1"},
            {"district", "d_w_id", String.valueOf(TpccConfig.DISTRICTS)},
            {"customer", "c_w_id", String.valueOf(TpccConfig.DISTRICTS * perDistrict)},
            {"history", "h_w_id", String.valueOf(TpccConfig.DISTRICTS * perDistrict)},
            {"stock", "s_w_id", String.valueOf(TpccConfig.ITEMS)},
            {"orders", "o_w_id", String.valueOf(TpccConfig.DISTRICTS * TpccConfig.ORDERS)},
            {"new_orders", "no_w_id", String.valueOf(TpccConfig.DISTRICTS * newOrders)},
        };
        int first = scale + 1;
        for (String[] e : expected) {
            Map<Integer, Long> counts = grouped(s, "SELECT " + e[1] + ", COUNT(*) FROM " + e[0] + t + " GROUP BY " + e[1]);
            first = Math.min(first, firstShort(counts, scale, Long.parseLong(e[2])));
        }
        Map<Integer, Long> lines = grouped(s, "SELECT ol_w_id, COUNT(*) FROM order_line" + t + " GROUP BY ol_w_id");
        Map<Integer, Long> wanted = grouped(s, "SELECT o_w_id, SUM(o_ol_cnt) FROM orders" + t + " GROUP BY o_w_id");
        for (int w = 1; w < first; w++) {
            if (lines.getOrDefault(w, 0L) < wanted.getOrDefault(w, Long.MAX_VALUE)) {
                first = w;
            }
        }
        return first;
    }

    private static int firstShort(Map<Integer, Long> counts, int scale, long want) {
        for (int w = 1; w <= scale; w++) {
            if (counts.getOrDefault(w, 0L) < want) {
                return w;
            }
        }
        return scale + 1;
    }

    private static Map<Integer, Long> grouped(Statement s, String sql) throws SQLException {
        Map<Integer, Long> m = new HashMap<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                m.put(rs.getInt(1), rs.getLong(2));
            }
        }
        return m;
    }
}
