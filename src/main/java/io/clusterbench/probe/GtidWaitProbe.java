package io.clusterbench.probe;

import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Apply lag measured by Galera 4's GTID wait (cluster-consistency.md §1.2, §4.2 step 5): on every ordered pair
 * (A, B), commit a marker on A, take {@code WSREP_LAST_WRITTEN_GTID()} on A, then time
 * {@code WSREP_SYNC_WAIT_UPTO_GTID(gtid, timeout)} on B — how long B needed, from that call, to apply A's write.
 * The GTID string is passed through unchanged (its seqno is not {@code wsrep_last_committed}).
 *
 * <p>Not thread-safe; one call of {@link #run}.
 */
public final class GtidWaitProbe {
    private final Target target;
    private final List<String> names;
    private final int samplesPerPair;
    private final int timeoutSeconds;

    /**
     * @param target         the cluster's endpoints (autocommit sessions, no causal wait)
     * @param names          node names, same order as the endpoints
     * @param samplesPerPair waits per ordered pair, &ge; 1
     * @param timeoutSeconds the wait's own timeout (error 1205 when it passes), &ge; 1
     */
    public GtidWaitProbe(Target target, List<String> names, int samplesPerPair, int timeoutSeconds) {
        this.target = target;
        this.names = names;
        this.samplesPerPair = samplesPerPair;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * @return {@code samples}, {@code errors}, {@code errorsByCode} and {@code waitLatency} (µs summary), or a map
     *         with only {@code note} when the servers have no GTID wait functions
     * @throws DbFailure when a node cannot be reached
     */
    public Map<String, Object> run() throws DbFailure {
        int n = target.endpoints().size();
        Histogram wait = new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
        ErrorCounts errors = new ErrorCounts();
        long samples = 0;
        long failed = 0;
        List<Connection> all = new ArrayList<>();
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            PreparedStatement[] update = new PreparedStatement[n];
            PreparedStatement[] gtid = new PreparedStatement[n];
            PreparedStatement[] waitUpTo = new PreparedStatement[n];
            for (int i = 0; i < n; i++) {
                Connection c = target.open(target.endpoints().get(i));
                all.add(c);
                update[i] = c.prepareStatement("UPDATE " + StaleReadProbe.TABLE
                        + " SET seq = seq + 1 WHERE writer_id = ? AND slot = ?");
                gtid[i] = c.prepareStatement("SELECT WSREP_LAST_WRITTEN_GTID()");
                waitUpTo[i] = c.prepareStatement("SELECT WSREP_SYNC_WAIT_UPTO_GTID(?, " + timeoutSeconds + ")");
            }
            for (int s = 0; s < samplesPerPair; s++) {
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        if (a == b) {
                            continue;
                        }
                        try {
                            update[a].setInt(1, a);
                            update[a].setInt(2, b);
                            update[a].executeUpdate();
                            String written = scalar(gtid[a]);
                            waitUpTo[b].setString(1, written);
                            long t0 = System.nanoTime();
                            scalar(waitUpTo[b]);
                            wait.recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
                            samples++;
                        } catch (SQLException e) {
                            DbFailure f = SqlErrors.classify(e);
                            if (f.vendorCode() == 1305 || f.vendorCode() == 1064) {
                                out.put("note", "the servers have no WSREP_SYNC_WAIT_UPTO_GTID (Galera 4 needed)");
                                return out;
                            }
                            errors.count(f.vendorCode(), f.sqlState());
                            failed++;
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw SqlErrors.classify(e);
        } finally {
            for (Connection c : all) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing only
                }
            }
        }
        out.put("samples", samples);
        out.put("errors", failed);
        out.put("errorsByCode", errors.snapshot());
        out.put("waitLatency", LatencySummary.of(wait));
        out.put("pairs", names.size() * (names.size() - 1));
        return out;
    }

    private static String scalar(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }
}
