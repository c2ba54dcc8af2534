package io.clusterbench.workload.tpcc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

import static io.clusterbench.workload.tpcc.NuRand.uniform;
import static io.clusterbench.workload.tpcc.TpccStatement.*;

/**
 * The Order-Status transaction (TPC-C 2.6), read-only: a customer by last name (60%) or id, that
 * customer's latest order, and the lines <em>of that order</em> (sysbench-tpcc binds the district id where
 * the order id belongs, so its line read finds nothing). Runs in an explicit
 * {@code START TRANSACTION READ ONLY … COMMIT} (sysbench-tpcc's fork leaves it in an implicit one).
 *
 * <p>Immutable.
 *
 * @param set      table set
 * @param w        warehouse
 * @param d        district
 * @param c        customer id (used when {@code lastName} is null)
 * @param lastName customer last name, or null to select by id
 */
record OrderStatus(int set, int w, int d, int c, String lastName) implements TxInput {

    static OrderStatus draw(TpccSession s) {
        SplittableRandom rng = s.rng();
        int w = s.pickWarehouse();
        int d = uniform(rng, 1, TpccConfig.DISTRICTS);
        int c = s.nuRand().customerId(rng);
        boolean byName = uniform(rng, 1, 100) <= 60;
        return new OrderStatus(s.pickSet(), w, d, c, byName ? s.nuRand().lastName(rng) : null);
    }

    @Override
    public void run(TpccSession s) throws SQLException {
        long tx = s.begin(true);
        int customer = c;
        if (lastName != null) {
            customer = Payment.byName(s, set, w, d, lastName);
        } else {
            PreparedStatement p = s.ps(set, OS_CUSTOMER);
            p.setInt(1, w);
            p.setInt(2, d);
            p.setInt(3, c);
            ResultSet rs = s.query(p);
            s.done(rs, OS_CUSTOMER, rs.next());
        }
        PreparedStatement p = s.ps(set, OS_LAST_ORDER);
        p.setInt(1, w);
        p.setInt(2, d);
        p.setInt(3, customer);
        ResultSet rs = s.query(p);
        boolean found = rs.next();
        int orderId = found ? rs.getInt(1) : 0;
        s.done(rs, OS_LAST_ORDER, found);
        if (found) {
            p = s.ps(set, OS_LINES);
            p.setInt(1, w);
            p.setInt(2, d);
            p.setInt(3, orderId);
            rs = s.query(p);
            int lines = 0;
            while (rs.next()) {
                lines++;
            }
            s.done(rs, OS_LINES, lines > 0);
        }
        s.commit(TxType.ORDER_STATUS, tx);
    }
}
