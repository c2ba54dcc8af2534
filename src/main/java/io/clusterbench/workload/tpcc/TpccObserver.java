package io.clusterbench.workload.tpcc;

import io.clusterbench.observe.Observer;
import io.clusterbench.db.Target;
import io.clusterbench.result.TpccFacts;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The TPC-C figures of a run, under the observer name {@code tpcc}: <b>tpmC</b> from the transactions the
 * sessions committed, and <b>NOPM</b> from the database: the change of {@code SUM(d_next_o_id)} over every
 * district table, read when measuring starts and at every interval end (the last one after every worker
 * stopped), so it counts the new orders that the database really kept, wherever they were committed.
 *
 * <p>On a Galera node the reading session sets {@code wsrep_sync_wait = 1} so that it sees every write set
 * committed in the cluster before it.
 *
 * <p>Confined to the run's coordinator thread (the {@link Observer} contract); it reads the workload's
 * thread-safe counters. A failed database reading is counted and leaves NOPM out, never throws.
 */
final class TpccObserver implements Observer {
    private final TpccWorkload workload;
    private final Target target;
    private Connection connection;
    private boolean started;
    private long startSum = -1;
    private long lastSum = -1;
    private long startNewOrders;
    private long lastNewOrders;
    private long startRollbacks;
    private final long[] startCommitted = new long[TxType.values().length];
    private double observedSeconds;
    private long failedReadings;
    private double lastTpmC;
    private double lastNopm = Double.NaN;

    TpccObserver(TpccWorkload workload, Target target) {
        this.workload = workload;
        this.target = target;
    }

    @Override
    public String name() {
        return "tpcc";
    }

    @Override
    public void start() {
        for (TxType t : TxType.values()) {
            startCommitted[t.ordinal()] = workload.committed(t);
        }
        startNewOrders = workload.committed(TxType.NEW_ORDER);
        startRollbacks = workload.expectedRollbacks();
        lastNewOrders = startNewOrders;
        startSum = readSum();
        lastSum = startSum;
        started = true;
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        if (!started) {
            return Map.of();
        }
        long newOrders = workload.committed(TxType.NEW_ORDER);
        long sum = readSum();
        double minutes = Math.max(1e-9, intervalSeconds / 60);
        Map<String, Object> m = new LinkedHashMap<>();
        lastTpmC = (newOrders - lastNewOrders) / minutes;
        m.put("tpmC", lastTpmC);
        m.put("newOrdersCommitted", newOrders - lastNewOrders);
        if (sum >= 0 && lastSum >= 0) {
            lastNopm = (sum - lastSum) / minutes;
            m.put("nopm", lastNopm);
        } else {
            lastNopm = Double.NaN;
        }
        lastNewOrders = newOrders;
        if (sum >= 0) {
            lastSum = sum;
        }
        observedSeconds += intervalSeconds;
        return m;
    }

    @Override
    public String compactLine() {
        if (!started) {
            return "";
        }
        return String.format(Locale.ROOT, "tpmC: %.0f NOPM: %s", lastTpmC,
                Double.isNaN(lastNopm) ? "-" : String.format(Locale.ROOT, "%.0f", lastNopm));
    }

    /** @return the run's TPC-C figures from the baseline to the last sample; none before {@link #start} */
    @Override
    public io.clusterbench.result.Facts facts() {
        return started ? io.clusterbench.result.Facts.NONE.with(io.clusterbench.result.FactKeys.TPCC, tpcc())
                : io.clusterbench.result.Facts.NONE;
    }

    private TpccFacts tpcc() {
        double minutes = Math.max(1e-9, observedSeconds / 60);
        long newOrders = lastNewOrders - startNewOrders;
        long rollbacks = workload.expectedRollbacks() - startRollbacks;
        Map<String, Long> perType = new LinkedHashMap<>();
        for (TxType t : TxType.values()) {
            perType.put(t.label(), workload.committed(t) - startCommitted[t.ordinal()]);
        }
        return new TpccFacts(newOrders / minutes, startSum >= 0 && lastSum >= 0 ? (lastSum - startSum) / minutes
                : null, newOrders, rollbacks, newOrders + rollbacks == 0 ? 0.0 : 100.0 * rollbacks
                / (newOrders + rollbacks), startSum, lastSum, observedSeconds, perType,
                target.endpointFor(0).label(), failedReadings);
    }

    /** @return SUM(d_next_o_id) over every set, or -1 when the reading failed */
    private long readSum() {
        try {
            if (connection == null || !connection.isValid(2)) {
                connection = target.open(target.endpointFor(0));
                try (Statement s = connection.createStatement()) {
                    s.execute("SET SESSION wsrep_sync_wait = 1");
                } catch (SQLException notGalera) {
                    // not a Galera node: plain reads are current
                }
            }
            StringBuilder sql = new StringBuilder("SELECT 0");
            for (int t = 1; t <= workload.config().tables(); t++) {
                sql.append(" + (SELECT COALESCE(SUM(d_next_o_id), 0) FROM district").append(t).append(')');
            }
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException | io.clusterbench.db.DbFailure e) {
            failedReadings++;
            return -1;
        }
    }

    @Override
    public void close() {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // gone either way
        }
        connection = null;
    }
}
