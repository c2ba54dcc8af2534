package io.clusterbench.workload.tpcc;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

import static io.clusterbench.workload.tpcc.NuRand.uniform;
import static io.clusterbench.workload.tpcc.TpccStatement.*;

/**
 * The Payment transaction (TPC-C 2.5): adds the amount to the home warehouse's and district's year-to-date
 * totals and charges a customer chosen by last name (60%) or id (40%). With 15% probability, when the set
 * has more than one warehouse, the customer belongs to a <em>remote</em> warehouse and a random district;
 * the customer is then read and updated in that warehouse (c_w_id), which sysbench-tpcc's fork gets wrong.
 *
 * <p>Immutable.
 *
 * @param set         table set
 * @param w           home warehouse (of the payment)
 * @param d           home district
 * @param cw          customer's warehouse
 * @param cd          customer's district
 * @param c           customer id (used when {@code lastName} is null)
 * @param lastName    customer last name, or null to select by id
 * @param amountCents amount in hundredths, 100–500,000
 */
record Payment(int set, int w, int d, int cw, int cd, int c, String lastName, long amountCents) implements TxInput {

    static Payment draw(TpccSession s) {
        SplittableRandom rng = s.rng();
        int scale = s.config().scale();
        int w = s.pickWarehouse();
        int d = uniform(rng, 1, TpccConfig.DISTRICTS);
        boolean remote = scale > 1 && uniform(rng, 1, 100) > 85;
        int cw = remote ? NuRand.otherWarehouse(rng, w, scale) : w;
        int cd = remote ? uniform(rng, 1, TpccConfig.DISTRICTS) : d;
        boolean byName = uniform(rng, 1, 100) <= 60;
        return new Payment(s.pickSet(), w, d, cw, cd, s.nuRand().customerId(rng),
                byName ? s.nuRand().lastName(rng) : null, uniform(rng, 100, 500_000));
    }

    @Override
    public void run(TpccSession s) throws SQLException {
        BigDecimal amount = BigDecimal.valueOf(amountCents, 2);
        long tx = s.begin(false);
        PreparedStatement p = s.ps(set, P_WAREHOUSE_UPDATE);
        p.setBigDecimal(1, amount);
        p.setInt(2, w);
        s.update(p, P_WAREHOUSE_UPDATE, true);
        p = s.ps(set, P_WAREHOUSE);
        p.setInt(1, w);
        ResultSet rs = s.query(p);
        boolean found = rs.next();
        String wName = found ? rs.getString(6) : "";
        s.done(rs, P_WAREHOUSE, found);
        p = s.ps(set, P_DISTRICT_UPDATE);
        p.setBigDecimal(1, amount);
        p.setInt(2, w);
        p.setInt(3, d);
        s.update(p, P_DISTRICT_UPDATE, true);
        p = s.ps(set, P_DISTRICT);
        p.setInt(1, w);
        p.setInt(2, d);
        rs = s.query(p);
        found = rs.next();
        String dName = found ? rs.getString(6) : "";
        s.done(rs, P_DISTRICT, found);
        int customer = lastName == null ? c : byName(s, set, cw, cd, lastName);
        p = s.ps(set, P_CUSTOMER);
        p.setInt(1, cw);
        p.setInt(2, cd);
        p.setInt(3, customer);
        rs = s.query(p);
        found = rs.next();
        boolean badCredit = found && "BC".equals(rs.getString(10));
        s.done(rs, P_CUSTOMER, found);
        if (badCredit) {
            p = s.ps(set, P_CUSTOMER_DATA);
            p.setInt(1, cw);
            p.setInt(2, cd);
            p.setInt(3, customer);
            rs = s.query(p);
            found = rs.next();
            String data = found ? rs.getString(1) : "";
            s.done(rs, P_CUSTOMER_DATA, found);
            String entry = customer + " " + cd + " " + cw + " " + d + " " + w + " " + amount.toPlainString() + " | ";
            String newData = entry + data;
            p = s.ps(set, P_CUSTOMER_UPDATE_BC);
            p.setBigDecimal(1, amount);
            p.setBigDecimal(2, amount);
            p.setString(3, newData.length() > 500 ? newData.substring(0, 500) : newData);
            p.setInt(4, cw);
            p.setInt(5, cd);
            p.setInt(6, customer);
            s.update(p, P_CUSTOMER_UPDATE_BC, true);
        } else {
            p = s.ps(set, P_CUSTOMER_UPDATE);
            p.setBigDecimal(1, amount);
            p.setBigDecimal(2, amount);
            p.setInt(3, cw);
            p.setInt(4, cd);
            p.setInt(5, customer);
            s.update(p, P_CUSTOMER_UPDATE, true);
        }
        p = s.ps(set, P_HISTORY_INSERT);
        p.setInt(1, cd);
        p.setInt(2, cw);
        p.setInt(3, customer);
        p.setInt(4, d);
        p.setInt(5, w);
        p.setBigDecimal(6, amount);
        String hData = wName + "    " + dName;
        p.setString(7, hData.length() > 24 ? hData.substring(0, 24) : hData);
        s.update(p, P_HISTORY_INSERT, false);
        s.commit(TxType.PAYMENT, tx);
    }

    /**
     * Counts the customers with {@code last} and takes the one at position ceil(n / 2) ordered by first
     * name (TPC-C 2.5.2.2).
     *
     * @return that customer's id, or 0 when none has the name (the next statement then misses)
     */
    static int byName(TpccSession s, int set, int cw, int cd, String last) throws SQLException {
        PreparedStatement p = s.ps(set, CUSTOMER_COUNT_BY_NAME);
        p.setInt(1, cw);
        p.setInt(2, cd);
        p.setString(3, last);
        ResultSet rs = s.query(p);
        int count = rs.next() ? rs.getInt(1) : 0;
        s.done(rs, CUSTOMER_COUNT_BY_NAME, count > 0);
        p = s.ps(set, CUSTOMER_BY_NAME);
        p.setInt(1, cw);
        p.setInt(2, cd);
        p.setString(3, last);
        rs = s.query(p);
        int position = (count + 1) / 2;
        int id = 0;
        for (int i = 1; rs.next(); i++) {
            if (i == position || id == 0) {
                id = rs.getInt(1);
            }
            if (i >= position) {
                break;
            }
        }
        s.done(rs, CUSTOMER_BY_NAME, id != 0);
        return id;
    }
}
