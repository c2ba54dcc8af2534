package io.clusterbench.workload.tpcc;

import io.clusterbench.workload.StatementRecorder;

/**
 * The one table of TPC-C statement definitions: SQL text ({@code %d} is the table set number), the class
 * name each is recorded under, and its sysbench class. Statements follow sysbench-tpcc's
 * {@code tpcc_run.lua} in substance (the TPC-C 5.11 sample programs), with the defects it has fixed: the
 * order_status line read is bound to the order id, payment reads and updates the customer in the
 * customer's own warehouse, stock_level uses the specification's single join.
 *
 * <p>Immutable. A statement's class id is {@link #classId()}.
 */
enum TpccStatement {
    BEGIN("begin", "START TRANSACTION"),
    BEGIN_READ_ONLY("begin_read_only", "START TRANSACTION READ ONLY"),
    NO_CUSTOMER("no_customer_warehouse", "SELECT c_discount, c_last, c_credit, w_tax FROM customer%d, warehouse%d "
            + "WHERE w_id = ? AND c_w_id = w_id AND c_d_id = ? AND c_id = ?"),
    NO_DISTRICT("no_district_for_update", "SELECT d_next_o_id, d_tax FROM district%d WHERE d_w_id = ? AND d_id = ? "
            + "FOR UPDATE"),
    NO_DISTRICT_UPDATE("no_district_update", "UPDATE district%d SET d_next_o_id = ? WHERE d_w_id = ? AND d_id = ?"),
    NO_ORDER_INSERT("no_order_insert", "INSERT INTO orders%d (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, "
            + "o_all_local) VALUES (?, ?, ?, ?, NOW(), ?, ?)"),
    NO_NEW_ORDER_INSERT("no_new_order_insert", "INSERT INTO new_orders%d (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)"),
    NO_ITEM("no_item", "SELECT i_price, i_name, i_data FROM item%d WHERE i_id = ?"),
    NO_STOCK("no_stock_for_update", "SELECT s_quantity, s_data, ELT(?, s_dist_01, s_dist_02, s_dist_03, s_dist_04, "
            + "s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10) FROM stock%d "
            + "WHERE s_i_id = ? AND s_w_id = ? FOR UPDATE"),
    NO_STOCK_UPDATE("no_stock_update", "UPDATE stock%d SET s_quantity = ?, s_ytd = s_ytd + ?, "
            + "s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?"),
    NO_LINE_INSERT("no_order_line_insert", "INSERT INTO order_line%d (ol_o_id, ol_d_id, ol_w_id, ol_number, "
            + "ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
    P_WAREHOUSE_UPDATE("pay_warehouse_update", "UPDATE warehouse%d SET w_ytd = w_ytd + ? WHERE w_id = ?"),
    P_WAREHOUSE("pay_warehouse", "SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse%d "
            + "WHERE w_id = ?"),
    P_DISTRICT_UPDATE("pay_district_update", "UPDATE district%d SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?"),
    P_DISTRICT("pay_district", "SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district%d "
            + "WHERE d_w_id = ? AND d_id = ?"),
    CUSTOMER_COUNT_BY_NAME("customer_count_by_name", "SELECT COUNT(c_id) FROM customer%d WHERE c_w_id = ? "
            + "AND c_d_id = ? AND c_last = ?"),
    CUSTOMER_BY_NAME("customer_by_name", "SELECT c_id, c_balance, c_first, c_middle FROM customer%d "
            + "WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first"),
    P_CUSTOMER("pay_customer_for_update", "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, "
            + "c_state, c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_since "
            + "FROM customer%d WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE"),
    P_CUSTOMER_DATA("pay_customer_data", "SELECT c_data FROM customer%d WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    P_CUSTOMER_UPDATE_BC("pay_customer_update_bc", "UPDATE customer%d SET c_balance = c_balance - ?, "
            + "c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1, c_data = ? "
            + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    P_CUSTOMER_UPDATE("pay_customer_update", "UPDATE customer%d SET c_balance = c_balance - ?, "
            + "c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1 "
            + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    P_HISTORY_INSERT("pay_history_insert", "INSERT INTO history%d (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, "
            + "h_date, h_amount, h_data) VALUES (?, ?, ?, ?, ?, NOW(), ?, ?)"),
    OS_CUSTOMER("os_customer", "SELECT c_balance, c_first, c_middle, c_last FROM customer%d WHERE c_w_id = ? "
            + "AND c_d_id = ? AND c_id = ?"),
    OS_LAST_ORDER("os_last_order", "SELECT o_id, o_carrier_id, o_entry_d FROM orders%d WHERE o_w_id = ? "
            + "AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1"),
    OS_LINES("os_order_lines", "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d "
            + "FROM order_line%d WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),
    D_NEW_ORDER("dl_new_order_for_update", "SELECT no_o_id FROM new_orders%d WHERE no_d_id = ? AND no_w_id = ? "
            + "ORDER BY no_o_id ASC LIMIT 1 FOR UPDATE"),
    D_NEW_ORDER_DELETE("dl_new_order_delete", "DELETE FROM new_orders%d WHERE no_o_id = ? AND no_d_id = ? "
            + "AND no_w_id = ?"),
    D_ORDER("dl_order", "SELECT o_c_id FROM orders%d WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?"),
    D_ORDER_UPDATE("dl_order_update", "UPDATE orders%d SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? "
            + "AND o_w_id = ?"),
    D_LINES_UPDATE("dl_order_lines_update", "UPDATE order_line%d SET ol_delivery_d = NOW() WHERE ol_o_id = ? "
            + "AND ol_d_id = ? AND ol_w_id = ?"),
    D_LINES_SUM("dl_order_lines_sum", "SELECT SUM(ol_amount) FROM order_line%d WHERE ol_o_id = ? AND ol_d_id = ? "
            + "AND ol_w_id = ?"),
    D_CUSTOMER_UPDATE("dl_customer_update", "UPDATE customer%d SET c_balance = c_balance + ?, "
            + "c_delivery_cnt = c_delivery_cnt + 1 WHERE c_id = ? AND c_d_id = ? AND c_w_id = ?"),
    SL_DISTRICT("sl_district", "SELECT d_next_o_id FROM district%d WHERE d_id = ? AND d_w_id = ?"),
    SL_STOCK_COUNT("sl_stock_count", "SELECT COUNT(DISTINCT s_i_id) FROM order_line%d, stock%d WHERE ol_w_id = ? "
            + "AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND s_i_id = ol_i_id "
            + "AND s_quantity < ?"),
    PG_MIN_NEW_ORDER("pg_min_new_order", "SELECT MIN(no_o_id) FROM new_orders%d WHERE no_w_id = ? AND no_d_id = ?"),
    PG_ORDER("pg_oldest_repeat_order", "SELECT o.o_id FROM orders%d o WHERE o.o_w_id = ? AND o.o_d_id = ? "
            + "AND o.o_id < ? AND EXISTS (SELECT 1 FROM orders%d o2 WHERE o2.o_w_id = o.o_w_id "
            + "AND o2.o_d_id = o.o_d_id AND o2.o_c_id = o.o_c_id AND o2.o_id > o.o_id) ORDER BY o.o_id LIMIT 1 "
            + "FOR UPDATE"),
    PG_LINES_DELETE("pg_order_lines_delete", "DELETE FROM order_line%d WHERE ol_w_id = ? AND ol_d_id = ? "
            + "AND ol_o_id = ?"),
    PG_ORDER_DELETE("pg_order_delete", "DELETE FROM orders%d WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?"),
    PG_HISTORY_DELETE("pg_history_delete", "DELETE FROM history%d WHERE h_w_id = ? AND h_d_id = ? LIMIT 10");

    /** Class ids of the statements start after the transaction types and the rollback class. */
    static final int FIRST_CLASS_ID = TxType.values().length + 1;

    final String className;
    final String sql;
    final int sysbenchClass;

    TpccStatement(String className, String sql) {
        this.className = className;
        this.sql = sql;
        String verb = sql.substring(0, sql.indexOf(' '));
        this.sysbenchClass = verb.equals("SELECT") ? StatementRecorder.READ
                : verb.equals("START") ? StatementRecorder.OTHER : StatementRecorder.WRITE;
    }

    /** @return the SQL for table set {@code set} (1-based) */
    String sqlFor(int set) {
        return sql.replace("%d", Integer.toString(set));
    }

    /** @return the statement's class id (after the transaction types and the rollback class) */
    int classId() {
        return FIRST_CLASS_ID + ordinal();
    }
}
