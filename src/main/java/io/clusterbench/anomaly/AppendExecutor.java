package io.clusterbench.anomaly;

import io.clusterbench.db.DbFailure;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Runs one list-append transaction on a given connection and records it in the history: each append is
 * {@code INSERT … ON DUPLICATE KEY UPDATE v = CONCAT(v, ',', ?)} on {@code cb_anomaly_append} (one row per key, the
 * list as comma-separated text), each read a {@code SELECT v} (or {@code SELECT … FOR UPDATE} with locking reads),
 * all in one transaction at the session's isolation level and consistency settings, which the caller sets.
 *
 * <p>Outcome: ok when the COMMIT returned; failed when a statement failed before COMMIT or the server answered the
 * COMMIT with an error; unknown when the COMMIT's answer was lost ({@link SqlOutcome}). After a failure the
 * transaction is rolled back when the connection still works; the caller reconnects when
 * {@link Executed#failure()} says the connection is gone.
 *
 * <p>Thread-safe: no state besides the clock and sink, which are thread-safe; one connection per call, never shared.
 */
public final class AppendExecutor {
    private static final String APPEND = "INSERT INTO " + AnomalyTables.Table.APPEND.tableName()
            + " (k, v) VALUES (?, ?) ON DUPLICATE KEY UPDATE v = CONCAT(v, ',', ?)";
    private final HistoryClock clock;
    private final HistorySink sink;
    private final String read;

    /** A transaction as recorded, and the failure that ended it (null when acknowledged). */
    public record Executed(Txn txn, DbFailure failure) {
    }

    /**
     * @param clock        the history's clock
     * @param sink         where each transaction is recorded when it completes
     * @param lockingReads true for {@code SELECT … FOR UPDATE}
     */
    public AppendExecutor(HistoryClock clock, HistorySink sink, boolean lockingReads) {
        this.clock = clock;
        this.sink = sink;
        this.read = "SELECT v FROM " + AnomalyTables.Table.APPEND.tableName() + " WHERE k = ?"
                + (lockingReads ? " FOR UPDATE" : "");
    }

    /**
     * Runs {@code plan} as one transaction on {@code c} (autocommit is switched off) and records it.
     *
     * @param session the client session's number
     * @param node    the endpoint's name, as the history names it
     * @return the recorded transaction and its failure
     */
    public Executed run(Connection c, TxnPlan plan, int session, String node) {
        return run(c, plan.id(), plan.ops(), session, node, false);
    }

    /**
     * Reads every key of {@code keys} in one transaction, as a final read: call it after the load stopped and the
     * node applied every write (e.g. with {@code wsrep_sync_wait=1} on the session).
     *
     * @param id the transaction's id (unique in the history)
     * @return the recorded transaction and its failure
     */
    public Executed finalRead(Connection c, long id, Collection<Long> keys, int session, String node) {
        List<MicroOp> ops = keys.stream().map(MicroOp::pendingRead).toList();
        return run(c, id, ops, session, node, true);
    }

    private Executed run(Connection c, long id, List<MicroOp> planned, int session, String node, boolean finalRead) {
        List<MicroOp> ops = new ArrayList<>(planned);
        long invoke = clock.micros();
        boolean commitSent = false;
        try {
            if (c.getAutoCommit()) {
                c.setAutoCommit(false);
            }
            for (int i = 0; i < ops.size(); i++) {
                MicroOp op = ops.get(i);
                if (op.isAppend()) {
                    append(c, op);
                } else {
                    ops.set(i, op.withRead(read(c, op.key())));
                }
            }
            commitSent = true;
            c.commit();
            return record(new Txn(id, session, node, invoke, clock.micros(), Outcome.OK, ops, null, finalRead), null);
        } catch (SQLException e) {
            long complete = clock.micros();
            DbFailure f = SqlOutcome.classify(e);
            if (f.kind() != DbFailure.Kind.CONNECTION) {
                SqlOutcome.rollbackQuietly(c);
            }
            Outcome o = SqlOutcome.of(f, e, commitSent);
            return record(new Txn(id, session, node, invoke, complete, o, ops, SqlOutcome.text(f), finalRead), f);
        }
    }

    private Executed record(Txn t, DbFailure f) {
        sink.add(t);
        return new Executed(t, f);
    }

    private static void append(Connection c, MicroOp op) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(APPEND)) {
            s.setLong(1, op.key());
            s.setString(2, Long.toString(op.value()));
            s.setString(3, Long.toString(op.value()));
            s.executeUpdate();
        }
    }

    private long[] read(Connection c, long key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(read)) {
            s.setLong(1, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? parse(key, rs.getString(1)) : new long[0];
            }
        }
    }

    /** @throws IllegalStateException when the row does not hold a comma-separated list of numbers */
    static long[] parse(long key, String text) {
        if (text == null || text.isEmpty()) {
            return new long[0];
        }
        String[] parts = text.split(",", -1);
        long[] out = new long[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                out[i] = Long.parseLong(parts[i]);
            }
        } catch (NumberFormatException e) {
            throw new IllegalStateException("key " + key + " of " + AnomalyTables.Table.APPEND.tableName()
                    + " does not hold a list of numbers: '" + text + "'", e);
        }
        return out;
    }
}
