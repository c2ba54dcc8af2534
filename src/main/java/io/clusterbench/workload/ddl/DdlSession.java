package io.clusterbench.workload.ddl;

import io.clusterbench.observe.MarkedWindows;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.workload.JdbcSession;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.SessionSql;
import io.clusterbench.workload.StatementRecorder;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * One worker of the ddl family, on its own table {@code ddl_wN}. An event runs the next kind of the cycle
 * ({@link DdlConfig#kinds()} in order); before it, whatever the kind needs is done and recorded under its own
 * class: the table is created if absent ({@code ddl_create}), filled from {@code ddl_source} to
 * {@code --table-size} rows ({@code ddl_load}, INSERT … SELECT in chunks of
 * {@link DdlConfig#LOAD_CHUNK_ROWS}), the extra column or index added or dropped. So every DDL but CREATE
 * runs on a table of exactly {@code --table-size} rows. Each DDL statement is marked in the workload's
 * {@link MarkedWindows} so the stall it causes is measured per node.
 *
 * <p>Confined to its worker thread. After a failure the table's state is read again from the server at
 * the next event, so a restarted event continues the cycle correctly.
 */
final class DdlSession extends JdbcSession {
    private final DdlWorkload workload;
    private final DdlConfig config;
    private final String table;
    private StatementRecorder rec;
    private int next;
    private TableState state;
    /** RSU: one connection per node of the target, each with wsrep_OSU_method=RSU; opened at first use. */
    private Connection[] rsuNodes;

    DdlSession(DdlWorkload workload, SessionContext context) throws DbFailure {
        super(context);
        this.workload = workload;
        this.config = workload.config();
        this.table = DdlTables.workerTable(context.workerIndex());
        connect(); // the table's state is read at the first event, where a failure restarts the event
    }

    /** NBO: sets the session's schema-change method. */
    @Override
    protected void configure(Connection c) throws SQLException {
        if (config.method() == OsuMethod.NBO) {
            plain.execute(config.method().sessionSql());
        }
    }

    @Override
    public void event(StatementRecorder recorder) throws DbFailure {
        this.rec = recorder;
        DdlKind kind = config.kinds().get(next);
        try {
            if (state == null) {
                state = TableState.read(plain, table);
            }
            run(kind);
            next = (next + 1) % config.kinds().size();
        } catch (SQLException e) {
            state = null;
            throw SessionSql.failEvent(e, plain, false, context.target().causalWaitLevel());
        }
    }

    private void run(DdlKind kind) throws SQLException {
        if (state.rows() > config.tableSize()) {
            ddl(DdlKind.DROP); // left by a run with a larger --table-size: start again at this size
        }
        if (kind == DdlKind.CREATE) {
            if (state.present()) {
                ddl(DdlKind.DROP);
            }
            ddl(DdlKind.CREATE);
            return;
        }
        if (!state.present()) {
            ddl(DdlKind.CREATE);
        }
        fill();
        switch (kind) {
            case ADD_COLUMN -> ensure(state.column(), DdlKind.DROP_COLUMN);
            case DROP_COLUMN -> ensure(!state.column(), DdlKind.ADD_COLUMN);
            case ADD_INDEX -> ensure(state.index(), DdlKind.DROP_INDEX);
            case DROP_INDEX -> ensure(!state.index(), DdlKind.ADD_INDEX);
            default -> { }
        }
        ddl(kind);
    }

    /** Runs {@code undo} first when {@code needed} (the target kind's precondition is not met). */
    private void ensure(boolean needed, DdlKind undo) throws SQLException {
        if (needed) {
            ddl(undo);
        }
    }

    /**
     * Fills the table from ddl_source up to --table-size rows, one chunk per INSERT … SELECT, each marked as a
     * preparation ({@link MarkedWindows#beginPreparation}): a background workload's intervals during a fill are not
     * its steady ones.
     */
    private void fill() throws SQLException {
        if (state.rows() >= config.tableSize()) {
            return;
        }
        Object preparation = workload.marks().beginPreparation();
        try {
            fillChunks();
        } finally {
            workload.marks().endPreparation(preparation);
        }
    }

    private void fillChunks() throws SQLException {
        for (long first = state.rows() + 1; first <= config.tableSize(); first += DdlConfig.LOAD_CHUNK_ROWS) {
            long last = Math.min(config.tableSize(), first + DdlConfig.LOAD_CHUNK_ROWS - 1);
            long t = rec.start();
            int rows = plain.executeUpdate("INSERT INTO " + table + " (id, k, c, pad) SELECT id, k, c, pad FROM "
                    + DdlTables.SOURCE + " WHERE id BETWEEN " + first + " AND " + last);
            rec.record(workload.loadClass(), rows > 0 ? StatementRecorder.WRITE : StatementRecorder.OTHER,
                    StatementRecorder.NO_TARGET, t);
            rec.rows(workload.loadClass(), rows);
            state = state.withRows(last);
        }
    }

    private void ddl(DdlKind kind) throws SQLException {
        String sql = switch (kind) {
            case CREATE -> io.clusterbench.workload.SbRows.createTable(table, "INTEGER", config.tableOptions());
            case ADD_COLUMN -> "ALTER TABLE " + table + " ADD COLUMN ddl_extra INTEGER NOT NULL DEFAULT 0";
            case DROP_COLUMN -> "ALTER TABLE " + table + " DROP COLUMN ddl_extra";
            case ADD_INDEX -> "ALTER TABLE " + table + " ADD INDEX ddl_c (c)";
            case DROP_INDEX -> "ALTER TABLE " + table + " DROP INDEX ddl_c";
            case FORCE -> "ALTER TABLE " + table + " FORCE";
            case TRUNCATE -> "TRUNCATE TABLE " + table;
            case DROP -> "DROP TABLE " + table;
        };
        if (config.method() == OsuMethod.RSU && kind.alters()) {
            rolling(kind, sql);
        } else {
            marked(kind, plain, endpointLabel(), sql);
        }
        state = state.after(kind);
    }

    /** Runs one DDL statement on {@code s}, marked and recorded under its kind's class. */
    private void marked(DdlKind kind, Statement s, String endpoint, String sql) throws SQLException {
        Object mark = workload.marks().begin(kind.className(), endpoint);
        boolean failed = true;
        long t = rec.start();
        try {
            s.execute(sql);
            failed = false;
        } finally {
            workload.marks().end(mark, failed);
        }
        rec.record(kind.ordinal(), StatementRecorder.OTHER, StatementRecorder.NO_TARGET, t);
    }

    /**
     * RSU as a rolling schema upgrade: the ALTER runs on every node of the target in turn, each desynced
     * from the cluster while it runs (one statement of the kind's class per node). CREATE, TRUNCATE, DROP
     * and the fill stay TOI: under RSU they would exist on one node only and break replication.
     */
    private void rolling(DdlKind kind, String sql) throws SQLException {
        List<Endpoint> nodes = context.target().endpoints();
        if (rsuNodes == null) {
            rsuNodes = new Connection[nodes.size()];
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (rsuNodes[i] == null) {
                try {
                    rsuNodes[i] = context.target().open(nodes.get(i));
                } catch (DbFailure f) {
                    throw new SQLException(f.getMessage(), f.sqlState(), f.vendorCode(), f);
                }
                try (Statement s = rsuNodes[i].createStatement()) {
                    s.execute(OsuMethod.RSU.sessionSql());
                }
            }
            try (Statement s = rsuNodes[i].createStatement()) {
                marked(kind, s, nodes.get(i).label(), sql);
            }
        }
    }

    @Override
    public void reconnect(int endpointShift) throws DbFailure {
        state = null;
        super.reconnect(endpointShift);
    }

    /** Closes the worker's connection and the RSU connections, if any. */
    @Override
    public void close() {
        super.close();
        if (rsuNodes != null) {
            for (Connection c : rsuNodes) {
                SessionSql.closeQuietly(c);
            }
            rsuNodes = null;
        }
    }
}
