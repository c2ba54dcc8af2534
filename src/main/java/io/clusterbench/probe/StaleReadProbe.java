package io.clusterbench.probe;

import io.clusterbench.result.ProbePair;
import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;
import io.clusterbench.db.VendorCodes;
import org.HdrHistogram.Histogram;

import java.sql.Connection;
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
 * StaleReadProbe probe = new StaleReadProbe(target, names, 500, Duration.ofSeconds(2), Duration.ofSeconds(2));
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
    private final int stepTimeoutMillis;
    private long lastMarker;

    /**
     * @param target         writers' target (the endpoints are the nodes, in order)
     * @param names          a name per endpoint (e.g. {@code n1}), same order
     * @param samplesPerPair first reads per ordered pair and level, &ge; 1
     * @param visibilityTimeout longest poll for a stale marker, &gt; 0
     * @param stepTimeout    longest wait for one statement (marker commit, first read, poll), &gt; 0
     */
    public StaleReadProbe(Target target, List<String> names, int samplesPerPair, Duration visibilityTimeout,
                          Duration stepTimeout) {
        this.target = target;
        this.names = names;
        this.samplesPerPair = samplesPerPair;
        this.timeoutNanos = visibilityTimeout.toNanos();
        this.stepTimeoutMillis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, stepTimeout.toMillis()));
    }

    /**
     * Creates the marker table when missing and one row per ordered pair on the first endpoint, then waits (at
     * most one step timeout per node) until every node shows all rows.
     *
     * @return names of the nodes that did not show the rows in time (not applying writes), empty when all did
     * @throws DbFailure when the first endpoint fails or does not answer within the step timeout
     */
    public List<String> prepareTable() throws DbFailure {
        int n = target.endpoints().size();
        try (Connection c = target.open(target.endpoints().get(0)); Statement s = c.createStatement()) {
            c.setNetworkTimeout(Runnable::run, stepTimeoutMillis);
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (writer_id INT NOT NULL, slot INT NOT NULL, "
                    + "seq BIGINT NOT NULL, PRIMARY KEY (writer_id, slot)) ENGINE=InnoDB");
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    s.execute("INSERT IGNORE INTO " + TABLE + " VALUES (" + a + ", " + b + ", 0)");
                }
            }
        } catch (SQLException e) {
            throw SqlErrors.classify(e);
        }
        List<String> behind = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            if (!showsRows(i, (long) n * n)) {
                behind.add(names.get(i));
            }
        }
        return behind;
    }

    private boolean showsRows(int node, long rows) {
        long deadline = System.nanoTime() + stepTimeoutMillis * 1_000_000L;
        try (Connection c = target.open(target.endpoints().get(node)); Statement s = c.createStatement()) {
            c.setNetworkTimeout(Runnable::run, stepTimeoutMillis);
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + TABLE)) {
                    if (rs.next() && rs.getLong(1) >= rows) {
                        return true;
                    }
                } catch (SQLException e) {
                    if (e.getErrorCode() != VendorCodes.NO_SUCH_TABLE) {
                        return false;
                    }
                }
                java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
            }
        } catch (SQLException | DbFailure e) {
            return false;
        }
        return false;
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
        return runLevel(level, readerTarget, pollTarget, note, "SELECT", readerTarget.causalWaitLevel());
    }

    /**
     * As {@link #runLevel(String, Target, Target, String)}, with another head for the first read only.
     *
     * @param firstReadSelect what the first read starts with instead of {@code SELECT}, e.g.
     *                        {@code SET STATEMENT wsrep_sync_wait=1 FOR SELECT} (MariaDB's per-statement form)
     * @param causalWaitLevel the {@code wsrep_sync_wait} bitmask the first reads run with (session or statement),
     *                        0 for none: a 1205 there is a causal-read timeout
     */
    public LevelResult runLevel(String level, Target readerTarget, Target pollTarget, String note,
                                String firstReadSelect, int causalWaitLevel) throws DbFailure {
        int n = target.endpoints().size();
        Histogram read = histogram();
        Histogram visible = histogram();
        Histogram write = histogram();
        ErrorCounts errors = new ErrorCounts();
        PairTally[][] tally = new PairTally[n][n];
        long started = System.nanoTime();
        try (ProbeLinks links = new ProbeLinks(target, readerTarget, pollTarget, firstReadSelect, stepTimeoutMillis)) {
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    tally[a][b] = new PairTally();
                }
            }
            for (int s = 0; s < samplesPerPair; s++) {
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        if (a != b) {
                            sample(links, a, b, tally[a][b], causalWaitLevel, write, read, visible, errors);
                        }
                    }
                }
            }
        }
        List<ProbePair> pairs = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                if (a != b) {
                    pairs.add(tally[a][b].counts(names.get(a), names.get(b)));
                }
            }
        }
        return new LevelResult(level, note, pairs, read, visible, write, errors.snapshot(),
                (System.nanoTime() - started) / 1e9, null, null, null);
    }

    /** One sample of pair (a, b): marker commit on a, first read on b, visibility poll on b when stale. */
    private void sample(ProbeLinks links, int a, int b, PairTally t, int causalWaitLevel, Histogram write,
                        Histogram read, Histogram visible, ErrorCounts errors) throws DbFailure {
        long marker = nextMarker();
        long t0 = System.nanoTime();
        try {
            links.commit(a, marker, a, b);
        } catch (SQLException | DbFailure e) {
            long spent = System.nanoTime() - t0;
            links.reset(ProbeLinks.Role.WRITER, a);
            if (links.timedOut(e, spent)) {
                t.blockedCommits++;
                t.blockedNanos += spent;
            } else {
                fail(classify(e, 0), t, errors);
            }
            return;
        }
        long acked = System.nanoTime();
        write.recordValue(micros(acked - t0));
        long seen;
        try {
            seen = links.read(ProbeLinks.Role.READER, b, a, b);
        } catch (SQLException | DbFailure e) {
            long spent = System.nanoTime() - acked;
            DbFailure f = classify(e, causalWaitLevel);
            links.reset(ProbeLinks.Role.READER, b);
            if (links.timedOut(e, spent) || f.kind() == DbFailure.Kind.CAUSAL_READ_TIMEOUT) {
                t.blockedReads++;
                t.blockedNanos += spent;
                if (f.kind() == DbFailure.Kind.CAUSAL_READ_TIMEOUT) {
                    errors.count(f.countKey());
                }
            } else {
                fail(f, t, errors);
            }
            return;
        }
        read.recordValue(micros(System.nanoTime() - acked));
        t.samples++;
        if (seen < marker) {
            t.stale++;
            long at = awaitVisible(links, a, b, marker, acked);
            if (at < 0) {
                t.timeouts++;
            } else {
                visible.recordValue(micros(at - acked));
            }
        }
    }

    /** Counts a sample lost to an error; the connection was dropped and is reopened on next use. */
    private static void fail(DbFailure f, PairTally t, ErrorCounts errors) {
        errors.count(f.countKey());
        t.errors++;
    }

    private static DbFailure classify(Exception e, int causalWaitLevel) {
        return e instanceof DbFailure f ? f : SqlErrors.classify((SQLException) e, causalWaitLevel);
    }

    /**
     * @return a marker larger than every earlier one, also across runs: wall-clock microseconds, or the last
     *         marker + 1 when the clock has not moved on (markers are values, never durations)
     */
    private long nextMarker() {
        lastMarker = Math.max(lastMarker + 1, System.currentTimeMillis() * 1000);
        return lastMarker;
    }

    /**
     * Polls B (no causal wait) until the marker shows. Each poll is bounded by the step timeout; a poll that
     * fails or hits it counts as not visible yet (its connection is reopened).
     *
     * @return the time the marker was first seen, or -1 when the visibility timeout passed first
     */
    private long awaitVisible(ProbeLinks links, int a, int b, long marker, long acked) {
        while (true) {
            long seen = -1;
            long p0 = System.nanoTime();
            try {
                seen = links.read(ProbeLinks.Role.POLL, b, a, b);
            } catch (SQLException | DbFailure e) {
                links.reset(ProbeLinks.Role.POLL, b);
                if (!links.timedOut(e, System.nanoTime() - p0)) {
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L); // a refusing node: do not spin
                }
            }
            long now = System.nanoTime();
            if (now - acked > timeoutNanos) {
                return -1;
            }
            if (seen >= marker) {
                return now;
            }
        }
    }

    /** Mutable counts of one pair while a level runs. */
    private static final class PairTally {
        long samples, stale, timeouts, errors, blockedCommits, blockedReads, blockedNanos;

        ProbePair counts(String writer, String reader) {
            return new ProbePair(writer, reader, samples, stale, timeouts, errors, blockedCommits, blockedReads,
                    blockedNanos / 1_000_000);
        }
    }

    private static Histogram histogram() {
        return new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
    }

    private static long micros(long nanos) {
        return Math.max(1, Math.min(nanos / 1000, WorkerMetrics.HIGHEST_TRACKABLE_MICROS));
    }
}
