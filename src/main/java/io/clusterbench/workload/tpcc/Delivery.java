package io.clusterbench.workload.tpcc;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import static io.clusterbench.workload.tpcc.NuRand.uniform;
import static io.clusterbench.workload.tpcc.TpccStatement.*;

/**
 * The Delivery transaction (TPC-C 2.7), in one database transaction as sysbench-tpcc runs it: for each
 * of the warehouse's ten districts, the oldest undelivered order is removed from new_orders, given a
 * carrier, its lines are dated, and its customer is credited with the lines' sum. A district without an
 * undelivered order is skipped.
 *
 * <p>Immutable.
 *
 * @param set     table set
 * @param w       warehouse
 * @param carrier carrier id, 1–10
 */
record Delivery(int set, int w, int carrier) implements TxInput {

    static Delivery draw(TpccSession s) {
        return new Delivery(s.pickSet(), s.pickWarehouse(), uniform(s.rng(), 1, 10));
    }

    @Override
    public void run(TpccSession s) throws SQLException {
        long tx = s.begin(false);
        for (int d = 1; d <= TpccConfig.DISTRICTS; d++) {
            district(s, d);
        }
        s.commit(TxType.DELIVERY, tx);
    }

    private void district(TpccSession s, int d) throws SQLException {
        PreparedStatement p = s.ps(set, D_NEW_ORDER);
        p.setInt(1, d);
        p.setInt(2, w);
        ResultSet rs = s.query(p);
        boolean found = rs.next();
        int orderId = found ? rs.getInt(1) : 0;
        s.done(rs, D_NEW_ORDER, found);
        if (!found) {
            return;
        }
        p = s.ps(set, D_NEW_ORDER_DELETE);
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        s.update(p, D_NEW_ORDER_DELETE, true);
        p = s.ps(set, D_ORDER);
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        rs = s.query(p);
        found = rs.next();
        int customer = found ? rs.getInt(1) : 0;
        s.done(rs, D_ORDER, found);
        p = s.ps(set, D_ORDER_UPDATE);
        p.setInt(1, carrier);
        p.setInt(2, orderId);
        p.setInt(3, d);
        p.setInt(4, w);
        s.update(p, D_ORDER_UPDATE, true);
        p = s.ps(set, D_LINES_UPDATE);
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        s.update(p, D_LINES_UPDATE, true);
        p = s.ps(set, D_LINES_SUM);
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        rs = s.query(p);
        BigDecimal sum = rs.next() ? rs.getBigDecimal(1) : null;
        s.done(rs, D_LINES_SUM, sum != null);
        p = s.ps(set, D_CUSTOMER_UPDATE);
        p.setBigDecimal(1, sum == null ? BigDecimal.ZERO : sum);
        p.setInt(2, customer);
        p.setInt(3, d);
        p.setInt(4, w);
        s.update(p, D_CUSTOMER_UPDATE, true);
    }
}
