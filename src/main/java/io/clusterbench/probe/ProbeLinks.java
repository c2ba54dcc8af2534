package io.clusterbench.probe;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.Executor;

/**
 * The probe's three connections per node (marker writer, first reader at the level under test, visibility
 * poller), each bounded by a step timeout: the socket's network timeout ({@link Connection#setNetworkTimeout}),
 * which also ends a wait the server does not interrupt (a Galera causal wait ignores {@code max_statement_time};
 * an UPDATE on a node under {@code FLUSH TABLES WITH READ LOCK} waits for the lock). A connection that hit the
 * timeout is closed by the driver; it is reopened on next use, so a frozen node costs at most one step timeout
 * per step.
 *
 * <p>Not thread-safe: one probe thread.
 */
final class ProbeLinks implements AutoCloseable {
    /** Which of a node's connections. */
    enum Role { WRITER, READER, POLL }

    private static final Executor DIRECT = Runnable::run;
    private final Target[] targets;
    private final String[] sql;
    private final int stepTimeoutMillis;
    private final PreparedStatement[][] statements;

    /**
     * @param writer            writers' target (its endpoints are the nodes, in order)
     * @param reader            first readers' target (carries the level)
     * @param poll              pollers' target (no causal wait)
     * @param firstReadSelect   head of the first read ({@code SELECT}, or a per-statement level form)
     * @param stepTimeoutMillis longest wait for one statement, &gt; 0
     */
    ProbeLinks(Target writer, Target reader, Target poll, String firstReadSelect, int stepTimeoutMillis) {
        this.targets = new Target[]{writer, reader, poll};
        String where = " FROM " + StaleReadProbe.TABLE + " WHERE writer_id = ? AND slot = ?";
        this.sql = new String[]{"UPDATE " + StaleReadProbe.TABLE + " SET seq = GREATEST(seq, ?) WHERE writer_id = ? "
                + "AND slot = ?", firstReadSelect + " seq" + where, "SELECT seq" + where};
        this.stepTimeoutMillis = stepTimeoutMillis;
        this.statements = new PreparedStatement[3][writer.endpoints().size()];
    }

    /**
     * Commits {@code marker} into A's row for B on node {@code node} (autocommit). GREATEST keeps a marker
     * that a timed-out, still queued update applies late from moving the row backwards.
     */
    void commit(int node, long marker, int a, int b) throws SQLException, DbFailure {
        PreparedStatement ps = statement(Role.WRITER, node);
        ps.setLong(1, marker);
        ps.setInt(2, a);
        ps.setInt(3, b);
        ps.executeUpdate();
    }

    /** @return the marker of A's row for B as read on {@code node} through {@code role}'s connection, -1 if none */
    long read(Role role, int node, int a, int b) throws SQLException, DbFailure {
        PreparedStatement ps = statement(role, node);
        ps.setInt(1, a);
        ps.setInt(2, b);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }

    /**
     * @param e            the failure of a step
     * @param elapsedNanos how long the step ran
     * @return true when the step ended because it reached the step timeout (the socket timed out)
     */
    boolean timedOut(Throwable e, long elapsedNanos) {
        return timedOut(e, elapsedNanos, stepTimeoutMillis);
    }

    /**
     * @param e             the failure of a step
     * @param elapsedNanos  how long the step ran
     * @param timeoutMillis the step timeout
     * @return true when the socket timed out (anywhere in the cause chain) or the step lasted the whole timeout
     */
    static boolean timedOut(Throwable e, long elapsedNanos, long timeoutMillis) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException || t instanceof java.sql.SQLTimeoutException) {
                return true;
            }
        }
        return elapsedNanos >= timeoutMillis * 1_000_000L;
    }

    /** Drops a connection after a failed step; it is reopened on next use. */
    void reset(Role role, int node) {
        PreparedStatement ps = statements[role.ordinal()][node];
        statements[role.ordinal()][node] = null;
        if (ps != null) {
            try {
                ps.getConnection().close();
            } catch (SQLException ignored) {
                // already broken
            }
        }
    }

    private PreparedStatement statement(Role role, int node) throws SQLException, DbFailure {
        PreparedStatement ps = statements[role.ordinal()][node];
        if (ps == null) {
            Target t = targets[role.ordinal()];
            Endpoint e = t.endpoints().get(node);
            Connection c = t.open(e);
            try {
                c.setAutoCommit(true);
                c.setNetworkTimeout(DIRECT, stepTimeoutMillis);
                ps = c.prepareStatement(sql[role.ordinal()]);
            } catch (SQLException ex) {
                c.close();
                throw ex;
            }
            statements[role.ordinal()][node] = ps;
        }
        return ps;
    }

    @Override
    public void close() {
        for (Role r : Role.values()) {
            for (int i = 0; i < statements[r.ordinal()].length; i++) {
                reset(r, i);
            }
        }
    }
}
