package io.clusterbench.probe;

import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The client-side stale-read probe of cluster-consistency.md §4: on every ordered node pair (A, B) it commits
 * a new marker value on A (autocommit UPDATE of A's row for B), then at once reads that row on B over a
 * dedicated connection that runs with the level under test. A first read that returns an older value is
 * <em>stale</em>; B is then polled (without causal wait) until the marker shows, and the time from A's commit
 * acknowledgement to that read is the <em>visibility time</em>, capped by a timeout. Every sample ends as
 * exactly one fresh or stale first read, or as an error counted apart. All times come from one monotonic clock.
 *
 * <p>Not thread-safe: one level at a time. Usage:
 * <pre>{@code
 * StaleReadProbe probe = new StaleReadProbe(target, names, 500, Duration.ofSeconds(2));
 * probe.prepareTable();
 * LevelResult r = probe.runLevel("1", readerTarget, pollTarget, "wsrep_sync_wait=1 verified");
 * }</pre>
 */
public final class StaleReadProbe {
    /** The marker table: InnoDB with a primary key, one row per ordered pair (Galera replicates only InnoDB). */
    public static final String TABLE = "clusterbench_probe";
    private final Target target;
    private final List<String> names;
    private final int samplesPerPair;
    private final long timeoutNanos;

    /**
     * @param target         writers' target (the endpoints are the nodes, in order)
     * @param names          a name per endpoint (e.g. {@code n1}), same order
     * @param samplesPerPair first reads per ordered pair and level, &ge; 1
     * @param visibilityTimeout longest poll for a stale marker, &gt; 0
     */
    public StaleReadProbe(Target target, List<String> names, int samplesPerPair, Duration visibilityTimeout) {
        this.target = target;
        this.names = names;
        this.samplesPerPair = samplesPerPair;
        this.timeoutNanos = visibilityTimeout.toNanos();
    }

    /**
     * Creates the marker table when missing and one row per ordered pair.
     *
     * @throws DbFailure when the first endpoint fails
     */
    public void prepareTable() throws DbFailure {
        try (Connection c = target.open(target.endpoints().get(0)); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (writer_id INT NOT NULL, slot INT NOT NULL, "
                    + "seq BIGINT NOT NULL, PRIMARY KEY (writer_id, slot)) ENGINE=InnoDB");
            int n = target.endpoints().size();
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    s.execute("INSERT IGNORE INTO " + TABLE + " VALUES (" + a + ", " + b + ", 0)");
                }
            }
        } catch (SQLException e) {
            throw SqlErrors.classify(e);
        }
    }

    /**
     * Probes every ordered pair {@code samplesPerPair} times, interleaving the pairs.
     *
     * @param level        the level's label for the result
     * @param readerTarget target whose sessions carry the level under test (first reads)
     * @param pollTarget   target for the visibility polls (no causal wait)
     * @param note         what the reader sessions were verified to run with
     * @return the counts and histograms
     * @throws DbFailure when a connection cannot be opened
     */
    public LevelResult runLevel(String level, Target readerTarget, Target pollTarget, String note) throws DbFailure {
        return runLevel(level, readerTarget, pollTarget, note, "SELECT");
    }

    /**
     * As {@link #runLevel(String, Target, Target, String)}, with another head for the first read only.
     *
     * @param firstReadSelect what the first read starts with instead of {@code SELECT}, e.g.
     *                        {@code SET STATEMENT wsrep_sync_wait=1 FOR SELECT} (MariaDB's per-statement form)
     */
    public LevelResult runLevel(String level, Target readerTarget, Target pollTarget, String note,
                                String firstReadSelect) throws DbFailure {
        int n = target.endpoints().size();
        Histogram read = histogram();
        Histogram visible = histogram();
        Histogram write = histogram();
        ErrorCounts errors = new ErrorCounts();
        long[][] samples = new long[n][n];
        long[][] stale = new long[n][n];
        long[][] timeouts = new long[n][n];
        long[][] failed = new long[n][n];
        List<Connection> all = new ArrayList<>();
        long started = System.nanoTime();
        try {
            PreparedStatement[] update = new PreparedStatement[n];
            PreparedStatement[] first = new PreparedStatement[n];
            PreparedStatement[] poll = new PreparedStatement[n];
            for (int i = 0; i < n; i++) {
                Endpoint e = target.endpoints().get(i);
                update[i] = prepare(all, target, e, "UPDATE " + TABLE + " SET seq = ? WHERE writer_id = ? AND slot = ?");
                first[i] = prepare(all, readerTarget, e, firstReadSelect + " seq FROM " + TABLE
                        + " WHERE writer_id = ? AND slot = ?");
                poll[i] = prepare(all, pollTarget, e, "SELECT seq FROM " + TABLE + " WHERE writer_id = ? AND slot = ?");
            }
            long[][] seq = new long[n][n];
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    seq[a][b] = a == b ? 0 : select(poll[a], a, b);
                }
            }
            for (int s = 0; s < samplesPerPair; s++) {
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        if (a == b) {
                            continue;
                        }
                        long marker = ++seq[a][b];
                        try {
                            long t0 = System.nanoTime();
                            update[a].setLong(1, marker);
                            update[a].setInt(2, a);
                            update[a].setInt(3, b);
                            update[a].executeUpdate();
                            long acked = System.nanoTime();
                            write.recordValue(micros(acked - t0));
                            long r0 = System.nanoTime();
                            long seen = select(first[b], a, b);
                            read.recordValue(micros(System.nanoTime() - r0));
                            samples[a][b]++;
                            if (seen < marker) {
                                stale[a][b]++;
                                long at = awaitVisible(poll[b], a, b, marker, acked);
                                if (at < 0) {
                                    timeouts[a][b]++;
                                } else {
                                    visible.recordValue(micros(at - acked));
                                }
                            }
                        } catch (SQLException e) {
                            DbFailure f = SqlErrors.classify(e);
                            errors.count(f.vendorCode(), f.sqlState());
                            failed[a][b]++;
                            if (f.kind() != DbFailure.Kind.STATEMENT) {
                                throw f;
                            }
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
        List<PairCounts> pairs = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                if (a != b) {
                    pairs.add(new PairCounts(names.get(a), names.get(b), samples[a][b], stale[a][b], timeouts[a][b],
                            failed[a][b]));
                }
            }
        }
        return new LevelResult(level, note, pairs, read, visible, write, errors.snapshot(),
                (System.nanoTime() - started) / 1e9, null);
    }

    /** @return the time the marker was first seen, or -1 when the timeout passed first */
    private long awaitVisible(PreparedStatement poll, int a, int b, long marker, long acked) throws SQLException {
        while (true) {
            long seen = select(poll, a, b);
            long now = System.nanoTime();
            if (now - acked > timeoutNanos) {
                return -1;
            }
            if (seen >= marker) {
                return now;
            }
        }
    }

    private static long select(PreparedStatement ps, int a, int b) throws SQLException {
        ps.setInt(1, a);
        ps.setInt(2, b);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }

    private static PreparedStatement prepare(List<Connection> all, Target t, Endpoint e, String sql)
            throws DbFailure, SQLException {
        Connection c = t.open(e);
        all.add(c);
        c.setAutoCommit(true);
        return c.prepareStatement(sql);
    }

    private static Histogram histogram() {
        return new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
    }

    private static long micros(long nanos) {
        return Math.max(1, Math.min(nanos / 1000, WorkerMetrics.HIGHEST_TRACKABLE_MICROS));
    }
}
