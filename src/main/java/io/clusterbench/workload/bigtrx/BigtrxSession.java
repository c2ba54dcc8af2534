package io.clusterbench.workload.bigtrx;

import io.clusterbench.db.DbFailure;
import io.clusterbench.workload.SbRows;
import io.clusterbench.workload.JdbcSession;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * One worker of the bigtrx family, on its own id range of {@code bigtrx_1}
 * ({@link BigtrxWorkload#firstId}). An event runs the next transaction of the cycle; what it needs first is
 * done as its own transaction under its own class (an UPDATE or DELETE needs the rows: an INSERT runs
 * first; an INSERT needs them gone: a DELETE runs first). Each transaction is BEGIN, statements of
 * {@code --bigtrx-batch-rows} rows, COMMIT; its class ({@code bigtrx_insert} …) records the whole
 * transaction's latency and rows, {@code bigtrx_commit} the COMMIT alone (replication and certification).
 *
 * <p>Confined to its worker thread.
 */
final class BigtrxSession extends JdbcSession {
    private final BigtrxWorkload workload;
    private final BigtrxConfig config;
    private final SplittableRandom rng;
    private final SbRows text = new SbRows();
    private final long first;
    private StatementRecorder rec;
    private int next;
    /** Whether the worker's N rows exist; null when unknown (after a failure). */
    private Boolean present;

    BigtrxSession(BigtrxWorkload workload, SessionContext context) throws DbFailure {
        super(context);
        this.workload = workload;
        this.config = workload.config();
        this.rng = context.random();
        this.first = BigtrxWorkload.firstId(context.workerIndex());
        connect();
    }

    /** Streaming replication: sets the fragment unit and size of the session. */
    @Override
    protected void configure(Connection c) throws SQLException {
        if (config.streaming()) {
            plain.execute("SET SESSION wsrep_trx_fragment_unit = '" + config.fragmentUnit() + "'");
            plain.execute("SET SESSION wsrep_trx_fragment_size = " + config.fragmentSize());
        }
    }

    @Override
    public void event(StatementRecorder recorder) throws DbFailure {
        this.rec = recorder;
        BigtrxOp op = config.ops().get(next);
        try {
            if (present == null) {
                present = resetRange();
            }
            if (op == BigtrxOp.INSERT && present) {
                transaction(BigtrxOp.DELETE);
            } else if (op != BigtrxOp.INSERT && !present) {
                transaction(BigtrxOp.INSERT);
            }
            transaction(op);
            next = (next + 1) % config.ops().size();
        } catch (SQLException e) {
            present = null;
            throw fail(e);
        }
    }

    private void transaction(BigtrxOp op) throws SQLException {
        long[] before = workload.wsrep() ? replicated() : null;
        Object mark = workload.marks().begin(op.className(), endpointLabel());
        boolean failed = true;
        long t = rec.start();
        long rows = 0;
        try {
            plain.execute("BEGIN");
            inTransaction = true;
            for (long lo = first; lo < first + config.rows(); lo += config.batchRows()) {
                int n = (int) Math.min(config.batchRows(), first + config.rows() - lo);
                rows += plain.executeUpdate(switch (op) {
                    case INSERT -> text.insert(BigtrxWorkload.TABLE, lo, n, config.rows(), rng);
                    case UPDATE -> "UPDATE " + BigtrxWorkload.TABLE + " SET k = k + 1 WHERE id BETWEEN " + lo
                            + " AND " + (lo + n - 1);
                    case DELETE -> "DELETE FROM " + BigtrxWorkload.TABLE + " WHERE id BETWEEN " + lo + " AND "
                            + (lo + n - 1);
                });
            }
            long c = rec.start();
            plain.execute("COMMIT");
            inTransaction = false;
            rec.record(workload.commitClass(), StatementRecorder.OTHER, StatementRecorder.NO_TARGET, c);
            failed = false;
        } finally {
            workload.marks().end(mark, failed);
        }
        rec.record(op.ordinal(), StatementRecorder.WRITE, StatementRecorder.NO_TARGET, t);
        rec.rows(op.ordinal(), rows);
        long[] after = before == null ? null : replicated();
        workload.stats().add(op, rows, config.rows(), after == null ? -1 : after[1] - before[1],
                after == null ? -1 : after[0] - before[0]);
        present = op != BigtrxOp.DELETE;
    }

    /** @return {wsrep_replicated, wsrep_replicated_bytes} of this node now */
    private long[] replicated() throws SQLException {
        long[] v = new long[2];
        try (ResultSet rs = plain.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN "
                + "('wsrep_replicated', 'wsrep_replicated_bytes')")) {
            while (rs.next()) {
                v[rs.getString(1).equalsIgnoreCase("wsrep_replicated") ? 0 : 1] = rs.getLong(2);
            }
        }
        return v;
    }

    /**
     * Brings the worker's range to a known state (after a failure or rows left by an earlier run): all N
     * rows or none, deleting leftovers in autocommit batches (not measured as a class).
     *
     * @return whether the N rows are present
     */
    private boolean resetRange() throws SQLException {
        long last = first + config.rows() - 1;
        try (ResultSet rs = plain.executeQuery("SELECT COUNT(*) FROM " + BigtrxWorkload.TABLE + " WHERE id BETWEEN "
                + first + " AND " + last)) {
            rs.next();
            if (rs.getLong(1) == config.rows()) {
                return true;
            }
        }
        String delete = "DELETE FROM " + BigtrxWorkload.TABLE + " WHERE id BETWEEN " + first + " AND "
                + BigtrxWorkload.lastId(context.workerIndex()) + " LIMIT " + config.batchRows();
        while (plain.executeUpdate(delete) > 0) {
            // autocommit batches: never one big transaction of leftovers
        }
        return false;
    }

    @Override
    public void reconnect(int endpointShift) throws DbFailure {
        present = null;
        super.reconnect(endpointShift);
    }
}
