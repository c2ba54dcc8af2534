package io.clusterbench.workload.oltp;

/**
 * The one table of OLTP statement definitions (sysbench 1.0.20 {@code oltp_common.lua} {@code stmt_defs}),
 * each with the class name it is recorded under. {@code %d} is the table number.
 *
 * <p>Immutable. The ordinal is the statement's {@code classId}.
 */
enum OltpStatement {
    POINT_SELECT("point_select", "SELECT c FROM sbtest%d WHERE id=?"),
    SIMPLE_RANGE("simple_range", "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    SUM_RANGE("sum_range", "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    ORDER_RANGE("order_range", "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    DISTINCT_RANGE("distinct_range", "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    INDEX_UPDATE("index_update", "UPDATE sbtest%d SET k=k+1 WHERE id=?"),
    NON_INDEX_UPDATE("non_index_update", "UPDATE sbtest%d SET c=? WHERE id=?"),
    DELETE("delete", "DELETE FROM sbtest%d WHERE id=?"),
    INSERT("insert", "INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)"),
    BEGIN("begin", "BEGIN"),
    COMMIT("commit", "COMMIT");

    final String className;
    final String sql;

    OltpStatement(String className, String sql) {
        this.className = className;
        this.sql = sql;
    }

    /** @return the SQL for table {@code table} (1-based) */
    String sqlFor(int table) {
        return sql.contains("%d") ? sql.replace("%d", Integer.toString(table)) : sql;
    }

    /** @return true when the statement is per table (prepared once per table) */
    boolean perTable() {
        return sql.contains("%d");
    }
}
