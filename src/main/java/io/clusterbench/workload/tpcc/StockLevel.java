package io.clusterbench.workload.tpcc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import static io.clusterbench.workload.tpcc.NuRand.uniform;
import static io.clusterbench.workload.tpcc.TpccStatement.*;

/**
 * The Stock-Level transaction (TPC-C 2.8), read-only: the district's next order id, then the number of
 * distinct items of its last 20 orders whose stock is below a threshold of 10–20, in the specification's
 * single join. Runs in an explicit {@code START TRANSACTION READ ONLY … COMMIT}.
 *
 * <p>Immutable.
 *
 * @param set       table set
 * @param w         warehouse
 * @param d         district
 * @param threshold stock threshold, 10–20
 */
record StockLevel(int set, int w, int d, int threshold) implements TxInput {

    static StockLevel draw(TpccSession s) {
        return new StockLevel(s.pickSet(), s.pickWarehouse(), uniform(s.rng(), 1, TpccConfig.DISTRICTS),
                uniform(s.rng(), 10, 20));
    }

    @Override
    public void run(TpccSession s) throws SQLException {
        long tx = s.begin(true);
        PreparedStatement p = s.ps(set, SL_DISTRICT);
        p.setInt(1, d);
        p.setInt(2, w);
        ResultSet rs = s.query(p);
        boolean found = rs.next();
        int next = found ? rs.getInt(1) : 0;
        s.done(rs, SL_DISTRICT, found);
        p = s.ps(set, SL_STOCK_COUNT);
        p.setInt(1, w);
        p.setInt(2, d);
        p.setInt(3, next);
        p.setInt(4, next - 20);
        p.setInt(5, w);
        p.setInt(6, threshold);
        rs = s.query(p);
        s.done(rs, SL_STOCK_COUNT, rs.next());
        s.commit(TxType.STOCK_LEVEL, tx);
    }
}
