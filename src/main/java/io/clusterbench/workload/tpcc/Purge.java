package io.clusterbench.workload.tpcc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import static io.clusterbench.workload.tpcc.TpccStatement.*;

/**
 * The optional purge transaction ({@code --enable-purge}, after sysbench-tpcc's {@code purge}): in each of
 * the warehouse's ten districts, deletes the oldest <em>delivered</em> order whose customer has a later
 * order (so order_status always finds one), with its lines, and up to ten history rows of the district,
 * keeping the data size roughly stable. Consistency conditions 1–4 still hold afterwards.
 *
 * <p>Immutable.
 *
 * @param set table set
 * @param w   warehouse
 */
record Purge(int set, int w) implements TxInput {

    static Purge draw(TpccSession s) {
        return new Purge(s.pickSet(), s.pickWarehouse());
    }

    @Override
    public void run(TpccSession s) throws SQLException {
        long tx = s.begin(false);
        for (int d = 1; d <= TpccConfig.DISTRICTS; d++) {
            district(s, d);
        }
        s.commit(TxType.PURGE, tx);
    }

    private void district(TpccSession s, int d) throws SQLException {
        PreparedStatement p = s.ps(set, PG_MIN_NEW_ORDER);
        p.setInt(1, w);
        p.setInt(2, d);
        ResultSet rs = s.query(p);
        int oldestUndelivered = rs.next() ? rs.getInt(1) : 0;
        s.done(rs, PG_MIN_NEW_ORDER, oldestUndelivered > 0);
        if (oldestUndelivered == 0) {
            return;
        }
        p = s.ps(set, PG_ORDER);
        p.setInt(1, w);
        p.setInt(2, d);
        p.setInt(3, oldestUndelivered);
        rs = s.query(p);
        boolean found = rs.next();
        int orderId = found ? rs.getInt(1) : 0;
        s.done(rs, PG_ORDER, found);
        if (!found) {
            return;
        }
        p = s.ps(set, PG_LINES_DELETE);
        p.setInt(1, w);
        p.setInt(2, d);
        p.setInt(3, orderId);
        s.update(p, PG_LINES_DELETE, true);
        p = s.ps(set, PG_ORDER_DELETE);
        p.setInt(1, w);
        p.setInt(2, d);
        p.setInt(3, orderId);
        s.update(p, PG_ORDER_DELETE, true);
        p = s.ps(set, PG_HISTORY_DELETE);
        p.setInt(1, w);
        p.setInt(2, d);
        s.update(p, PG_HISTORY_DELETE, false);
    }
}
