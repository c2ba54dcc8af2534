package io.clusterbench.workload.tpcc;

import io.clusterbench.db.DbFailure;
import io.clusterbench.workload.JdbcSession;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * One worker's connection for the TPC-C derivative: draws a transaction from the mix, runs it as one
 * explicit transaction, and after a failure replays the <em>same</em> transaction input when the engine
 * restarts the event (a deadlock, 1213, is retried as a whole transaction, not as a new one).
 *
 * <p>Each session has a home warehouse and table set, fixed for the whole run (TPC-C terminals; the fix of
 * sysbench-tpcc issue #38) unless the workload uses random homes. The connection runs with autocommit on,
 * the chosen isolation level, and foreign key checks left on when the foreign keys exist.
 *
 * <p>Confined to its worker thread.
 */
final class TpccSession extends JdbcSession {
    private final TpccWorkload workload;
    private final TpccConfig config;
    private final SplittableRandom rng;
    private final int fixedSet;
    private final int fixedWarehouse;
    private PreparedStatement[][] statements;
    private StatementRecorder rec;
    private long statementStart;
    private TxInput pending;
    /** The transaction type the event in progress committed, until the worker settles it (null: none). */
    private TxType committedType;
    /** True when the event in progress rolled back on purpose, until the worker settles it. */
    private boolean rolledBack;

    TpccSession(TpccWorkload workload, SessionContext context) throws DbFailure {
        super(context);
        this.workload = workload;
        this.config = workload.config();
        this.rng = context.random();
        this.fixedWarehouse = context.workerIndex() % config.scale() + 1;
        this.fixedSet = (context.workerIndex() / config.scale()) % config.tables() + 1;
        connect();
    }

    /** Sets the isolation level and foreign key checks; empties the statement cache. */
    @Override
    protected void configure(Connection c) throws SQLException {
        statements = new PreparedStatement[config.tables() + 1][TpccStatement.values().length];
        plain.execute("SET SESSION TRANSACTION ISOLATION LEVEL " + config.isolation().sql());
        plain.execute("SET SESSION foreign_key_checks = " + (config.useFk() ? 1 : 0));
    }

    @Override
    public void event(StatementRecorder recorder) throws DbFailure {
        this.rec = recorder;
        if (pending == null) {
            TxType type = config.mix().choose(rng);
            pending = TxInput.draw(this, type);
            eventClass = type.ordinal(); // a replayed input keeps its type
        }
        TxInput input = pending;
        try {
            input.run(this);
            pending = null;
        } catch (SQLException e) {
            throw fail(e);
        }
    }

    // ---- for the transactions ----

    TpccConfig config() {
        return config;
    }

    SplittableRandom rng() {
        return rng;
    }

    NuRand nuRand() {
        return workload.nuRand();
    }

    /** @return the table set of the next transaction: the session's own, or a random one */
    int pickSet() {
        return config.fixedHome() ? fixedSet : NuRand.uniform(rng, 1, config.tables());
    }

    /** @return the home warehouse of the next transaction: the session's own, or a random one */
    int pickWarehouse() {
        return config.fixedHome() ? fixedWarehouse : NuRand.uniform(rng, 1, config.scale());
    }

    /** Starts an explicit transaction; @return its start token (for the type's latency) */
    long begin(boolean readOnly) throws SQLException {
        long start = rec.start();
        statementClass = (readOnly ? TpccStatement.BEGIN_READ_ONLY : TpccStatement.BEGIN).classId();
        plain.execute(readOnly ? TpccStatement.BEGIN_READ_ONLY.sql : TpccStatement.BEGIN.sql);
        inTransaction = true;
        rec.record((readOnly ? TpccStatement.BEGIN_READ_ONLY : TpccStatement.BEGIN).classId(),
                StatementRecorder.OTHER, StatementRecorder.NO_TARGET, start);
        return start;
    }

    /** Commits; the transaction is recorded under its type, timed from {@code txStart}. */
    void commit(TxType type, long txStart) throws SQLException {
        statementClass = Session.COMMIT;
        plain.execute("COMMIT");
        inTransaction = false;
        rec.record(type.ordinal(), StatementRecorder.OTHER, StatementRecorder.NO_TARGET, txStart);
        committedType = type;
    }

    /** Rolls back on purpose (new_order's invalid item): an expected rollback, not an error. */
    void rollbackExpected(long txStart) throws SQLException {
        statementClass = TpccWorkload.ROLLBACK_CLASS_ID;
        plain.execute("ROLLBACK");
        inTransaction = false;
        rec.record(TpccWorkload.ROLLBACK_CLASS_ID, StatementRecorder.OTHER, StatementRecorder.NO_TARGET, txStart);
        rolledBack = true;
    }

    /**
     * Adds the event's commit (or expected rollback) to the workload's per-type counts only when the worker counted
     * the event: a transaction cut off by the end of the run is neither a commit of its type nor a transaction.
     */
    @Override
    public void settled(boolean counted) {
        if (counted) {
            if (committedType != null) {
                workload.counted(committedType);
            }
            if (rolledBack) {
                workload.countedRollback();
            }
        }
        committedType = null;
        rolledBack = false;
    }

    /** @return the prepared statement of {@code s} for {@code set}, prepared on first use */
    PreparedStatement ps(int set, TpccStatement s) throws SQLException {
        statementClass = s.classId(); // the statement that runs next, for errors by statement class
        PreparedStatement p = statements[set][s.ordinal()];
        if (p == null) {
            p = connection().prepareStatement(s.sqlFor(set));
            statements[set][s.ordinal()] = p;
        }
        return p;
    }

    /** Runs a query; pass the result to {@link #done} after reading it. */
    ResultSet query(PreparedStatement p) throws SQLException {
        statementStart = rec.start();
        return p.executeQuery();
    }

    /** Closes a result of {@link #query} and records it: a hit when it found what it looked for. */
    void done(ResultSet rs, TpccStatement s, boolean found) throws SQLException {
        done(rs, s, found, true);
    }

    /**
     * Closes a result of {@link #query} and records it.
     *
     * @param targeted false for a lookup meant to find nothing (the unused item of an intended new-order
     *                 rollback, TPC-C 2.4.1.4): neither hit nor miss, so intended rollbacks do not lower the hit rate
     */
    void done(ResultSet rs, TpccStatement s, boolean found, boolean targeted) throws SQLException {
        rs.close();
        rec.record(s.classId(), StatementRecorder.READ, !targeted ? StatementRecorder.NO_TARGET
                : found ? StatementRecorder.HIT : StatementRecorder.MISS, statementStart);
    }

    /**
     * Runs a write and records it (sysbench class write when it changed rows, other when not).
     *
     * @param targetsRow true when the statement was meant to change an existing row (hit/miss recorded)
     * @return rows affected
     */
    int update(PreparedStatement p, TpccStatement s, boolean targetsRow) throws SQLException {
        long start = rec.start();
        int n = p.executeUpdate();
        rec.record(s.classId(), n > 0 ? StatementRecorder.WRITE : StatementRecorder.OTHER,
                targetsRow ? (n > 0 ? StatementRecorder.HIT : StatementRecorder.MISS) : StatementRecorder.NO_TARGET,
                start);
        return n;
    }

    /** For tests: @return the input that the next event will replay, or null when it draws a new one */
    TxInput pending() {
        return pending;
    }

    /** For tests: runs {@code sql} on this session's connection (e.g. a lock wait timeout). */
    void executeForTest(String sql) throws SQLException {
        plain.execute(sql);
    }

    /**
     * For tests: a session variable of this session's connection.
     *
     * @param name a variable name, e.g. {@code in_transaction} (letters and underscores)
     * @return its value as a number
     */
    long sessionVariable(String name) throws SQLException {
        if (!name.matches("[a-z_]+")) {
            throw new IllegalArgumentException("not a variable name: " + name);
        }
        try (ResultSet rs = plain.executeQuery("SELECT @@SESSION." + name)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
