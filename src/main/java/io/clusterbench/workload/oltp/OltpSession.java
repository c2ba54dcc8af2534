package io.clusterbench.workload.oltp;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.workload.KeySpace;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionSql;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
 * <p>Confined to its worker thread. Statements are prepared once per connection, lazily on first use.
 */
final class OltpSession implements Session {
    private static final OltpStatement[] STATEMENTS = OltpStatement.values();
    private final OltpWorkload workload;
    private final OltpConfig config;
    private final SessionContext context;
    private final SplittableRandom rng;
    private final RandomText text = new RandomText();
    private int reroutes;
    /** Volatile: the canceller thread reads it at the end of the run. */
    private volatile Connection connection;
    private PreparedStatement[][] statements;
    private Statement plain;
    private StatementRecorder rec;
    private boolean inTransaction;

    OltpSession(OltpWorkload workload, SessionContext context) throws DbFailure {
        this.workload = workload;
        this.config = workload.config();
        this.context = context;
        this.rng = context.random();
        connect();
    }

    private void connect() throws DbFailure {
        Endpoint endpoint = endpoint();
        connection = context.target().open(endpoint);
        statements = new PreparedStatement[config.tables() + 1][STATEMENTS.length];
        try {
            plain = connection.createStatement();
        } catch (SQLException e) {
            throw SqlErrors.classify(e);
        }
    }

    @Override
    public void event(StatementRecorder recorder) throws DbFailure {
        this.rec = recorder;
        try {
            workload.variant().compose(this);
        } catch (SQLException e) {
            DbFailure failure = SessionSql.failEvent(e, plain, inTransaction,
                    context.target().causalWaitLevel());
            inTransaction = false;
            throw failure;
        }
    }

    @Override
    public void reconnect(int endpointShift) throws DbFailure {
        close();
        reroutes += endpointShift;
        connect();
    }

    @Override
    public String endpointLabel() {
        return endpoint().label();
    }

    /** @return where this worker connects: the target's routing, given whether this workload writes */
    private Endpoint endpoint() {
        return context.target().route(context.workerIndex(), reroutes, workload.variant().eventsWrite());
    }

    @Override
    public void cancel() {
        SessionSql.cancel(connection);
    }

    @Override
    public void abort() {
        SessionSql.abort(connection);
    }

    @Override
    public void close() {
        inTransaction = false;
        SessionSql.closeQuietly(connection);
        connection = null;
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
            PreparedStatement ps = prepared(t, OltpStatement.POINT_SELECT);
            ps.setInt(1, key(t));
            query(ps, OltpStatement.POINT_SELECT);
        }
    }

    void ranges(OltpStatement kind, int count) throws SQLException {
        int t = table();
        KeySpace keys = workload.keys(t);
        for (int i = 0; i < count; i++) {
            int rank = rank(keys);
            PreparedStatement ps = prepared(t, kind);
            ps.setInt(1, keys.id(rank));
            ps.setInt(2, keys.rangeEnd(rank, config.rangeSize()));
            query(ps, kind);
        }
    }

    void indexUpdates(int count) throws SQLException {
        int t = table();
        for (int i = 0; i < count; i++) {
            PreparedStatement ps = prepared(t, OltpStatement.INDEX_UPDATE);
            ps.setInt(1, key(t));
            update(ps, OltpStatement.INDEX_UPDATE, true);
        }
    }

    void nonIndexUpdates(int count) throws SQLException {
        int t = table();
        for (int i = 0; i < count; i++) {
            PreparedStatement ps = prepared(t, OltpStatement.NON_INDEX_UPDATE);
            ps.setString(1, text.next(rng, RandomText.C_GROUPS));
            ps.setInt(2, key(t));
            update(ps, OltpStatement.NON_INDEX_UPDATE, true);
        }
    }

    /** sysbench {@code execute_delete_inserts}: delete a row and insert the same id back. */
    void deleteInserts(int count) throws SQLException {
        int t = table();
        KeySpace keys = workload.keys(t);
        for (int i = 0; i < count; i++) {
            int id = keys.id(rank(keys));
            int k = config.distribution().next(rng, 1, config.tableSize());
            PreparedStatement del = prepared(t, OltpStatement.DELETE);
            del.setInt(1, id);
            update(del, OltpStatement.DELETE, true);
            PreparedStatement ins = prepared(t, OltpStatement.INSERT);
            ins.setInt(1, id);
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
        int id = keys.id(rank(keys));
        PreparedStatement del = prepared(t, OltpStatement.DELETE);
        del.setInt(1, id);
        if (update(del, OltpStatement.DELETE, true)) {
            keys.markDeleted(id);
        }
    }

    /** sysbench {@code oltp_insert.lua}: one INSERT over the text protocol. */
    void insertOne() throws SQLException {
        int t = uniformTable();
        int k = config.distribution().next(rng, 1, config.tableSize());
        long id = config.autoInc() ? 0 : workload.uniqueId();
        String sql = "INSERT INTO sbtest" + t + " (id, k, c, pad) VALUES (" + id + ", " + k + ", '"
                + text.next(rng, RandomText.C_GROUPS) + "', '" + text.next(rng, RandomText.PAD_GROUPS) + "')";
        long start = rec.start();
        int n = plain.executeUpdate(sql);
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

    private int key(int table) {
        KeySpace keys = workload.keys(table);
        return keys.id(rank(keys));
    }

    private PreparedStatement prepared(int table, OltpStatement s) throws SQLException {
        PreparedStatement ps = statements[table][s.ordinal()];
        if (ps == null) {
            ps = connection.prepareStatement(s.sqlFor(table));
            statements[table][s.ordinal()] = ps;
        }
        return ps;
    }

    private void query(PreparedStatement ps, OltpStatement s) throws SQLException {
        long start = rec.start();
        int rows = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows++;
            }
        }
        rec.record(s.ordinal(), READ, rows > 0 ? HIT : MISS, start);
    }

    /** @return true when the statement affected (found) a row */
    private boolean update(PreparedStatement ps, OltpStatement s, boolean targetsRow) throws SQLException {
        long start = rec.start();
        int n = ps.executeUpdate();
        rec.record(s.ordinal(), n > 0 ? WRITE : OTHER, targetsRow ? (n > 0 ? HIT : MISS) : NO_TARGET, start);
        return n > 0;
    }

    private void other(OltpStatement s) throws SQLException {
        long start = rec.start();
        plain.execute(s.sql);
        rec.record(s.ordinal(), OTHER, NO_TARGET, start);
    }
}
