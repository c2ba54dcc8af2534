package io.clusterbench.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TPC-C consistency conditions 1–4 (TPC-C 5.11 clause 3.3.2), evaluated per table set and warehouse on
 * one server, and the tables whose copies are compared across the servers of a cluster
 * ({@code fault.TableChecksums}). Meant for a quiet database: a running load makes the conditions race with it.
 *
 * <p>Thread-safe (stateless). Usage: {@code TpccChecker.conditions(connection, 2, 1)}.
 */
public final class TpccChecker {
    /** The conditions, by number: their statement as printed. */
    public static final Map<Integer, String> CONDITIONS = Map.of(
            1, "W_YTD = sum(D_YTD)",
            2, "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
            3, "max(NO_O_ID) - min(NO_O_ID) + 1 = rows in NEW_ORDER",
            4, "sum(O_OL_CNT) = rows in ORDER_LINE");

    private TpccChecker() {
    }

    /**
     * One condition for one warehouse of one set. Immutable.
     *
     * @param condition 1–4
     * @param set       table set
     * @param warehouse warehouse id
     * @param passed    true when every district (or the warehouse) satisfies it
     * @param detail    for a failure, the first offending values; "" when passed
     */
    public record Outcome(int condition, int set, int warehouse, boolean passed, String detail) {
    }

    /**
     * What a check of {@code scale} warehouses in {@code tables} sets would read but is not there: whole tables,
     * and warehouses 1..scale missing from {@code warehouseN} or with fewer than 10 districts.
     *
     * @return one phrase per gap, e.g. "warehouse1 lacks warehouses 3-5 (holds 2)"; empty when all is present
     */
    public static List<String> missing(Connection c, int scale, int tables) throws SQLException {
        List<String> gaps = new ArrayList<>();
        java.util.Set<String> present = new java.util.HashSet<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT LOWER(table_name) FROM information_schema.tables WHERE table_schema = DATABASE()")) {
            while (rs.next()) {
                present.add(rs.getString(1));
            }
        }
        for (int t = 1; t <= tables; t++) {
            List<String> absent = new ArrayList<>();
            for (String base : TpccSchema.BASE_NAMES) {
                if (!present.contains(base + t)) {
                    absent.add(base + t);
                }
            }
            if (!absent.isEmpty()) {
                gaps.add("table" + (absent.size() > 1 ? "s " : " ") + String.join(", ", absent) + " missing");
                continue;
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*), "
                    + "SUM(w_id BETWEEN 1 AND " + scale + "), (SELECT COUNT(*) FROM (SELECT d_w_id FROM district" + t
                    + " WHERE d_w_id BETWEEN 1 AND " + scale + " GROUP BY d_w_id HAVING COUNT(*) >= 10) full_w)"
                    + " FROM warehouse" + t)) {
                rs.next();
                long holds = rs.getLong(1);
                long inRange = rs.getLong(2);
                if (inRange < scale) {
                    gaps.add("warehouse" + t + " holds " + holds + " warehouse" + (holds == 1 ? "" : "s") + ", "
                            + (scale - inRange) + " of warehouses 1-" + scale + " are missing");
                } else if (rs.getLong(3) < scale) {
                    gaps.add("district" + t + " has districts for " + rs.getLong(3) + " of warehouses 1-" + scale);
                }
            }
        }
        return gaps;
    }

    /**
     * Evaluates conditions 1–4 for every warehouse 1..scale of every set 1..tables.
     *
     * @return outcomes ordered by set, warehouse, condition
     * @throws SQLException when a query fails (for example a missing table)
     */
    public static List<Outcome> conditions(Connection c, int scale, int tables) throws SQLException {
        List<Outcome> out = new ArrayList<>();
        for (int t = 1; t <= tables; t++) {
            Map<Integer, String>[] failures = failures(c, t);
            for (int w = 1; w <= scale; w++) {
                for (int k = 1; k <= 4; k++) {
                    String f = failures[k].get(w);
                    out.add(new Outcome(k, t, w, f == null, f == null ? "" : f));
                }
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<Integer, String>[] failures(Connection c, int t) throws SQLException {
        Map<Integer, String>[] f = new Map[5];
        for (int k = 1; k <= 4; k++) {
            f[k] = new HashMap<>();
        }
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT w.w_id, w.w_ytd, SUM(d.d_ytd) FROM warehouse" + t + " w "
                    + "LEFT JOIN district" + t + " d ON d.d_w_id = w.w_id GROUP BY w.w_id, w.w_ytd")) {
                while (rs.next()) {
                    BigDecimal w = rs.getBigDecimal(2);
                    BigDecimal d = rs.getBigDecimal(3);
                    if (w == null || d == null || w.compareTo(d) != 0) {
                        f[1].putIfAbsent(rs.getInt(1), "w_ytd " + w + " != sum(d_ytd) " + d);
                    }
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT d.d_w_id, d.d_id, d.d_next_o_id, (SELECT MAX(o_id) FROM orders"
                    + t + " WHERE o_w_id = d.d_w_id AND o_d_id = d.d_id), (SELECT MAX(no_o_id) FROM new_orders" + t
                    + " WHERE no_w_id = d.d_w_id AND no_d_id = d.d_id) FROM district" + t + " d")) {
                while (rs.next()) {
                    long next = rs.getLong(3);
                    long maxO = rs.getLong(4);
                    long maxNo = rs.getLong(5);
                    boolean noRows = rs.wasNull();
                    if (next - 1 != maxO || (!noRows && maxNo != maxO)) {
                        f[2].putIfAbsent(rs.getInt(1), "district " + rs.getInt(2) + ": d_next_o_id - 1 = " + (next - 1)
                                + ", max(o_id) = " + maxO + ", max(no_o_id) = " + (noRows ? "none" : maxNo));
                    }
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT no_w_id, no_d_id, MAX(no_o_id) - MIN(no_o_id) + 1, COUNT(*) "
                    + "FROM new_orders" + t + " GROUP BY no_w_id, no_d_id")) {
                while (rs.next()) {
                    if (rs.getLong(3) != rs.getLong(4)) {
                        f[3].putIfAbsent(rs.getInt(1), "district " + rs.getInt(2) + ": id range " + rs.getLong(3)
                                + " != rows " + rs.getLong(4));
                    }
                }
            }
            Map<Long, Long> lines = new HashMap<>();
            try (ResultSet rs = s.executeQuery("SELECT ol_w_id, ol_d_id, COUNT(*) FROM order_line" + t
                    + " GROUP BY ol_w_id, ol_d_id")) {
                while (rs.next()) {
                    lines.put(rs.getLong(1) * 1000 + rs.getLong(2), rs.getLong(3));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT o_w_id, o_d_id, SUM(o_ol_cnt) FROM orders" + t
                    + " GROUP BY o_w_id, o_d_id")) {
                while (rs.next()) {
                    long have = lines.getOrDefault(rs.getLong(1) * 1000 + rs.getLong(2), 0L);
                    if (have != rs.getLong(3)) {
                        f[4].putIfAbsent(rs.getInt(1), "district " + rs.getInt(2) + ": sum(o_ol_cnt) "
                                + rs.getLong(3) + " != order lines " + have);
                    }
                }
            }
        }
        return f;
    }

    /** @return the names of every table of {@code tables} table sets, to compare the copies held by cluster nodes */
    public static List<String> tableNames(int tables) {
        return new TpccSchema(new TpccConfig(1, tables, false, TpccConfig.Isolation.RR, false,
                TxMix.standard(false), true, 1, "innodb")).names();
    }
}
