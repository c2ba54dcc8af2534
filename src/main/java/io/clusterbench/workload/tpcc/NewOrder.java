package io.clusterbench.workload.tpcc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

import static io.clusterbench.workload.tpcc.NuRand.uniform;
import static io.clusterbench.workload.tpcc.TpccStatement.*;

/**
 * The New-Order transaction (TPC-C 2.4): 5–15 order lines; each line's supplying warehouse is a
 * <em>remote</em> one with 1% probability when the set has more than one warehouse; in 1% of
 * transactions the last line names an unused item and the transaction rolls back on purpose.
 *
 * <p>Immutable.
 *
 * @param set      table set
 * @param w        home warehouse
 * @param d        district
 * @param c        customer, NURand(1023, 1, 3000)
 * @param items    item id per line (the last is {@code ITEMS + 1} in a rollback transaction)
 * @param supply   supplying warehouse per line
 * @param quantity quantity per line, 1–10
 * @param allLocal true when every line is supplied by the home warehouse
 */
record NewOrder(int set, int w, int d, int c, int[] items, int[] supply, int[] quantity, boolean allLocal)
        implements TxInput {
    /** The item id of the intentional rollback: one past the last item. */
    static final int UNUSED_ITEM = TpccConfig.ITEMS + 1;

    static NewOrder draw(TpccSession s) {
        SplittableRandom rng = s.rng();
        int scale = s.config().scale();
        int w = s.pickWarehouse();
        int lines = uniform(rng, 5, 15);
        boolean rollback = uniform(rng, 1, 100) == 1;
        int[] items = new int[lines];
        int[] supply = new int[lines];
        int[] qty = new int[lines];
        boolean allLocal = true;
        for (int i = 0; i < lines; i++) {
            items[i] = rollback && i == lines - 1 ? UNUSED_ITEM : s.nuRand().itemId(rng);
            supply[i] = scale > 1 && uniform(rng, 1, 100) == 1 ? NuRand.otherWarehouse(rng, w, scale) : w;
            allLocal &= supply[i] == w;
            qty[i] = uniform(rng, 1, 10);
        }
        return new NewOrder(s.pickSet(), w, uniform(rng, 1, TpccConfig.DISTRICTS), s.nuRand().customerId(rng),
                items, supply, qty, allLocal);
    }

    @Override
    public void run(TpccSession s) throws SQLException {
        long tx = s.begin(false);
        PreparedStatement p = s.ps(set, NO_CUSTOMER);
        p.setInt(1, w);
        p.setInt(2, d);
        p.setInt(3, c);
        BigDecimal discount = BigDecimal.ZERO;
        BigDecimal wTax = BigDecimal.ZERO;
        ResultSet rs = s.query(p);
        boolean found = rs.next();
        if (found) {
            discount = rs.getBigDecimal(1);
            wTax = rs.getBigDecimal(4);
        }
        s.done(rs, NO_CUSTOMER, found);
        p = s.ps(set, NO_DISTRICT);
        p.setInt(1, w);
        p.setInt(2, d);
        rs = s.query(p);
        found = rs.next();
        int orderId = found ? rs.getInt(1) : 0;
        BigDecimal dTax = found ? rs.getBigDecimal(2) : BigDecimal.ZERO;
        s.done(rs, NO_DISTRICT, found);
        p = s.ps(set, NO_DISTRICT_UPDATE);
        p.setInt(1, orderId + 1);
        p.setInt(2, w);
        p.setInt(3, d);
        s.update(p, NO_DISTRICT_UPDATE, true);
        p = s.ps(set, NO_ORDER_INSERT);
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        p.setInt(4, c);
        p.setInt(5, items.length);
        p.setInt(6, allLocal ? 1 : 0);
        s.update(p, NO_ORDER_INSERT, false);
        p = s.ps(set, NO_NEW_ORDER_INSERT);
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        s.update(p, NO_NEW_ORDER_INSERT, false);
        BigDecimal factor = BigDecimal.ONE.add(wTax).add(dTax).multiply(BigDecimal.ONE.subtract(discount));
        for (int i = 0; i < items.length; i++) {
            p = s.ps(set, NO_ITEM);
            p.setInt(1, items[i]);
            rs = s.query(p);
            found = rs.next();
            BigDecimal price = found ? rs.getBigDecimal(1) : null;
            s.done(rs, NO_ITEM, found, items[i] != UNUSED_ITEM);
            if (!found) {
                s.rollbackExpected(tx);
                return;
            }
            line(s, i, orderId, price.multiply(BigDecimal.valueOf(quantity[i])).multiply(factor));
        }
        s.commit(TxType.NEW_ORDER, tx);
    }

    private void line(TpccSession s, int i, int orderId, BigDecimal amount) throws SQLException {
        PreparedStatement p = s.ps(set, NO_STOCK);
        p.setInt(1, d);
        p.setInt(2, items[i]);
        p.setInt(3, supply[i]);
        ResultSet rs = s.query(p);
        boolean found = rs.next();
        int stock = found ? rs.getInt(1) : 0;
        String distInfo = found ? rs.getString(3) : "";
        s.done(rs, NO_STOCK, found);
        int left = stock - quantity[i] >= 10 ? stock - quantity[i] : stock - quantity[i] + 91;
        p = s.ps(set, NO_STOCK_UPDATE);
        p.setInt(1, left);
        p.setInt(2, quantity[i]);
        p.setInt(3, supply[i] == w ? 0 : 1);
        p.setInt(4, items[i]);
        p.setInt(5, supply[i]);
        s.update(p, NO_STOCK_UPDATE, true);
        p = s.ps(set, NO_LINE_INSERT);
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        p.setInt(4, i + 1);
        p.setInt(5, items[i]);
        p.setInt(6, supply[i]);
        p.setInt(7, quantity[i]);
        p.setBigDecimal(8, amount.setScale(2, RoundingMode.HALF_UP));
        p.setString(9, distInfo);
        s.update(p, NO_LINE_INSERT, false);
    }
}
