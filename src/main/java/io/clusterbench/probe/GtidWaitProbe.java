package io.clusterbench.probe;

import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;
import io.clusterbench.db.VendorCodes;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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
    private final int stepTimeoutMillis;

    /**
     * @param target         the cluster's endpoints (autocommit sessions, no causal wait)
     * @param names          node names, same order as the endpoints
     * @param samplesPerPair waits per ordered pair, &ge; 1
     * @param stepTimeout    longest wait for one statement (socket timeout); the GTID wait's own timeout is this
     *                       rounded up to whole seconds (error 1205 when it passes), &gt; 0
     */
    public GtidWaitProbe(Target target, List<String> names, int samplesPerPair, java.time.Duration stepTimeout) {
        this.target = target;
        this.names = names;
        this.samplesPerPair = samplesPerPair;
        this.stepTimeoutMillis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, stepTimeout.toMillis()));
        this.timeoutSeconds = (int) Math.max(1, (stepTimeoutMillis + 999) / 1000);
    }

    /**
     * @return {@code samples}, {@code errors}, {@code errorsByCode}, {@code blocked} (waits or marker commits that
     *         hit the step timeout, or a wait that ended in 1205), {@code blockedMillis} and {@code waitLatency}
     *         (µs summary), or a map with only {@code note} when the servers have no GTID wait functions
     */
    public Map<String, Object> run() {
        int n = target.endpoints().size();
        Histogram wait = new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
        ErrorCounts errors = new ErrorCounts();
        long samples = 0;
        long failed = 0;
        long blocked = 0;
        long blockedNanos = 0;
        Map<String, Object> out = new LinkedHashMap<>();
        Connection[] connections = new Connection[n];
        try {
            for (int s = 0; s < samplesPerPair; s++) {
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        if (a == b) {
                            continue;
                        }
                        long t0 = System.nanoTime();
                        int at = a;
                        try {
                            Connection ca = connection(connections, a);
                            try (PreparedStatement up = ca.prepareStatement("UPDATE " + StaleReadProbe.TABLE
                                    + " SET seq = seq + 1 WHERE writer_id = ? AND slot = ?")) {
                                up.setInt(1, a);
                                up.setInt(2, b);
                                up.executeUpdate();
                            }
                            String written = scalar(ca, "SELECT WSREP_LAST_WRITTEN_GTID()", null);
                            at = b;
                            t0 = System.nanoTime();
                            scalar(connection(connections, b), "SELECT WSREP_SYNC_WAIT_UPTO_GTID(?, "
                                    + timeoutSeconds + ")", written);
                            wait.recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
                            samples++;
                        } catch (SQLException | DbFailure e) {
                            long spent = System.nanoTime() - t0;
                            close(connections, at);
                            DbFailure f = e instanceof DbFailure d ? d : SqlErrors.classify((SQLException) e);
                            if (f.vendorCode() == 1305 || f.vendorCode() == 1064) {
                                out.put("note", "the servers have no WSREP_SYNC_WAIT_UPTO_GTID (Galera 4 needed)");
                                return out;
                            }
                            if (f.vendorCode() == VendorCodes.LOCK_WAIT_TIMEOUT
                                    || ProbeLinks.timedOut(e, spent, stepTimeoutMillis)) {
                                blocked++;
                                blockedNanos += spent;
                            } else {
                                errors.count(f.countKey());
                                failed++;
                            }
                        }
                    }
                }
            }
        } finally {
            for (int i = 0; i < n; i++) {
                close(connections, i);
            }
        }
        out.put("samples", samples);
        out.put("errors", failed);
        out.put("errorsByCode", errors.snapshot());
        out.put("blocked", blocked);
        out.put("blockedMillis", blockedNanos / 1_000_000);
        out.put("waitLatency", LatencySummary.of(wait));
        out.put("pairs", names.size() * (names.size() - 1));
        return out;
    }

    private Connection connection(Connection[] connections, int i) throws DbFailure, SQLException {
        if (connections[i] == null) {
            Connection c = target.open(target.endpoints().get(i));
            connections[i] = c;
            c.setAutoCommit(true);
            c.setNetworkTimeout(Runnable::run, stepTimeoutMillis);
        }
        return connections[i];
    }

    private static void close(Connection[] connections, int i) {
        if (connections[i] != null) {
            try {
                connections[i].close();
            } catch (SQLException ignored) {
                // already broken
            }
            connections[i] = null;
        }
    }

    private static String scalar(Connection c, String sql, String parameter) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (parameter != null) {
                ps.setString(1, parameter);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
