package io.clusterbench.workload.oltp;

import io.clusterbench.workload.RandomText;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.wire.BoundStatement;
import io.clusterbench.db.wire.WireLink;
import io.clusterbench.workload.KeySpace;
import io.clusterbench.workload.JdbcSession;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.SplittableRandom;

import static io.clusterbench.workload.StatementRecorder.HIT;
import static io.clusterbench.workload.StatementRecorder.MISS;
import static io.clusterbench.workload.StatementRecorder.NO_TARGET;
import static io.clusterbench.workload.StatementRecorder.OTHER;
import static io.clusterbench.workload.StatementRecorder.READ;
import static io.clusterbench.workload.StatementRecorder.WRITE;

/**
 * One worker's connection and statements for the OLTP family: the statement groups of sysbench 1.0.20
 * {@code oltp_common.lua} ({@code execute_point_selects}, {@code execute_range}, …), each choosing its
 * table uniformly once per group and its keys through the table's {@link KeySpace}.
 *
 * <p>Statements go over the lean path ({@link WireLink}) when {@code --statement-path auto} and the connection
 * allows it, else through JDBC; both give the same rows, counts and errors.
 *
 * <p>Confined to its worker thread. Statements are prepared once per connection, lazily on first use.
 */
final class OltpSession extends JdbcSession {
    private static final OltpStatement[] STATEMENTS = OltpStatement.values();
    private final OltpWorkload workload;
    private final OltpConfig config;
    private final SplittableRandom rng;
    private final RandomText text = new RandomText();
    private BoundStatement[][] statements;
    /** The lean path of the current connection, or null: JDBC. */
    private WireLink wire;
    private StatementRecorder rec;

    OltpSession(OltpWorkload workload, SessionContext context) throws DbFailure {
        super(context);
        this.workload = workload;
        this.config = workload.config();
        this.rng = context.random();
        connect();
    }

    @Override
    protected void configure(Connection c) {
        statements = new BoundStatement[config.tables() + 1][STATEMENTS.length];
        wire = config.leanPath() ? WireLink.attach(c, socket()) : null;
    }

    @Override
    public void event(StatementRecorder recorder) throws DbFailure {
        this.rec = recorder;
        try {
            workload.variant().compose(this);
        } catch (SQLException e) {
            throw fail(e);
        }
    }

    /** @return true when this variant's events write: {@code --routing single-writer} sends them to the writer */
    @Override
    protected boolean routesAsWriter() {
        return workload.variant().eventsWrite();
    }

    // ---- statement groups, composed by OltpVariant ----

    OltpConfig config() {
        return config;
    }


    void begin() throws SQLException {
        if (!config.skipTrx()) {
            other(OltpStatement.BEGIN);
            inTransaction = true;
        }
    }

    void commit() throws SQLException {
        if (!config.skipTrx()) {
            other(OltpStatement.COMMIT);
            inTransaction = false;
        }
    }

    void pointSelects(int count) throws SQLException {
        int t = table();
        for (int i = 0; i < count; i++) {
            BoundStatement ps = prepared(t, OltpStatement.POINT_SELECT);
            ps.setLong(1, key(t));
            query(ps, OltpStatement.POINT_SELECT);
        }
    }

    void ranges(OltpStatement kind, int count) throws SQLException {
        int t = table();
        KeySpace keys = workload.keys(t);
        for (int i = 0; i < count; i++) {
            int rank = rank(keys);
            BoundStatement ps = prepared(t, kind);
            ps.setLong(1, keys.id(rank));
            ps.setLong(2, keys.rangeEnd(rank, config.rangeSize()));
            query(ps, kind);
        }
    }

    void indexUpdates(int count) throws SQLException {
        int t = table();
        for (int i = 0; i < count; i++) {
            BoundStatement ps = prepared(t, OltpStatement.INDEX_UPDATE);
            ps.setLong(1, key(t));
            update(ps, OltpStatement.INDEX_UPDATE, true);
        }
    }

    void nonIndexUpdates(int count) throws SQLException {
        int t = table();
        for (int i = 0; i < count; i++) {
            BoundStatement ps = prepared(t, OltpStatement.NON_INDEX_UPDATE);
            ps.setString(1, text.next(rng, RandomText.C_GROUPS));
            ps.setLong(2, key(t));
            update(ps, OltpStatement.NON_INDEX_UPDATE, true);
        }
    }

    /** sysbench {@code execute_delete_inserts}: delete a row and insert the same id back. */
    void deleteInserts(int count) throws SQLException {
        int t = table();
        KeySpace keys = workload.keys(t);
        for (int i = 0; i < count; i++) {
            long id = keys.id(rank(keys));
            int k = config.distribution().next(rng, 1, config.tableSize());
            BoundStatement del = prepared(t, OltpStatement.DELETE);
            del.setLong(1, id);
            update(del, OltpStatement.DELETE, true);
            BoundStatement ins = prepared(t, OltpStatement.INSERT);
            ins.setLong(1, id);
            ins.setInt(2, k);
            ins.setString(3, text.next(rng, RandomText.C_GROUPS));
            ins.setString(4, text.next(rng, RandomText.PAD_GROUPS));
            update(ins, OltpStatement.INSERT, false);
        }
    }

    /** sysbench {@code oltp_delete.lua}: one DELETE by PK; the row is gone for later draws. */
    void deleteOne() throws SQLException {
        int t = uniformTable();
        KeySpace keys = workload.keys(t);
        long id = keys.claimForDelete(rank(keys)); // claimed: no other worker deletes the same row
        BoundStatement del = prepared(t, OltpStatement.DELETE);
        del.setLong(1, id);
        update(del, OltpStatement.DELETE, true);
    }

    /**
     * sysbench {@code oltp_insert.lua}: one INSERT over the text protocol. With {@code --auto-inc} the id is NULL
     * where sysbench writes 0: both take the next auto-increment id, and NULL still does under sql_mode
     * NO_AUTO_VALUE_ON_ZERO, where 0 would be stored as 0 and the second insert fail with 1062.
     */
    void insertOne() throws SQLException {
        int t = uniformTable();
        int k = config.distribution().next(rng, 1, config.tableSize());
        String id = config.autoInc() ? "NULL" : Long.toString(workload.uniqueId());
        String sql = "INSERT INTO sbtest" + t + " (id, k, c, pad) VALUES (" + id + ", " + k + ", '"
                + text.next(rng, RandomText.C_GROUPS) + "', '" + text.next(rng, RandomText.PAD_GROUPS) + "')";
        statementClass = OltpStatement.INSERT.ordinal();
        long start = rec.start();
        long n = wire != null ? wire.query(sql) : plain.executeUpdate(sql);
        rec.record(OltpStatement.INSERT.ordinal(), n > 0 ? WRITE : OTHER, NO_TARGET, start);
    }

    // ---- helpers ----

    private int table() {
        return uniformTable();
    }

    private int uniformTable() {
        return config.tables() == 1 ? 1 : 1 + (int) (rng.nextDouble() * config.tables());
    }

    private int rank(KeySpace keys) {
        return config.distribution().next(rng, 1, keys.size());
    }

    private long key(int table) {
        KeySpace keys = workload.keys(table);
        return keys.id(rank(keys));
    }

    private BoundStatement prepared(int table, OltpStatement s) throws SQLException {
        BoundStatement ps = statements[table][s.ordinal()];
        if (ps == null) {
            String sql = s.sqlFor(table);
            ps = wire != null ? wire.prepare(sql) : BoundStatement.jdbc(connection().prepareStatement(sql));
            statements[table][s.ordinal()] = ps;
        }
        return ps;
    }

    private void query(BoundStatement ps, OltpStatement s) throws SQLException {
        statementClass = s.ordinal();
        long start = rec.start();
        int rows = ps.countRows();
        rec.record(s.ordinal(), READ, rows > 0 ? HIT : MISS, start);
    }

    /** @return true when the statement affected (found) a row */
    private boolean update(BoundStatement ps, OltpStatement s, boolean targetsRow) throws SQLException {
        statementClass = s.ordinal();
        long start = rec.start();
        long n = ps.update();
        rec.record(s.ordinal(), n > 0 ? WRITE : OTHER, targetsRow ? (n > 0 ? HIT : MISS) : NO_TARGET, start);
        return n > 0;
    }

    private void other(OltpStatement s) throws SQLException {
        statementClass = s == OltpStatement.COMMIT ? Session.COMMIT : s.ordinal();
        long start = rec.start();
        if (wire != null) {
            wire.query(s.sql);
        } else {
            plain.execute(s.sql);
        }
        rec.record(s.ordinal(), OTHER, NO_TARGET, start);
    }
}
