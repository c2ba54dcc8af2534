package io.clusterbench.workload.joins;

import io.clusterbench.db.DbFailure;
import io.clusterbench.workload.KeySpace;
import io.clusterbench.workload.JdbcSession;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

import static io.clusterbench.workload.StatementRecorder.HIT;
import static io.clusterbench.workload.StatementRecorder.MISS;
import static io.clusterbench.workload.StatementRecorder.NO_TARGET;
import static io.clusterbench.workload.StatementRecorder.OTHER;
import static io.clusterbench.workload.StatementRecorder.READ;
import static io.clusterbench.workload.StatementRecorder.WRITE;

/**
 * One worker's connection for the joins family. An event runs every enabled scenario its count of times
 * in {@link JoinScenario} declaration order, then {@code index_updates}, then {@code delete_inserts}; an
 * event with any write is one transaction (BEGIN … COMMIT), a read-only event runs in autocommit. Each
 * statement picks its main table uniformly and draws its parameters from the worker's seeded generator;
 * it is sent as text (as the reference does) and reported under its scenario's class with the rows it
 * returned (reads) or affected (writes). A read that returns no row counts as a miss.
 *
 * <p>Confined to its worker thread. On a failure the open transaction is rolled back and a classified
 * {@link DbFailure} is thrown, as {@code OltpSession} does.
 */
final class JoinsSession extends JdbcSession {
    private static final JoinScenario[] SCENARIOS = JoinScenario.values();
    private final JoinsWorkload workload;
    private final JoinsConfig config;
    private final SplittableRandom rng;
    private final boolean transactional;
    private StatementRecorder rec;

    JoinsSession(JoinsWorkload workload, SessionContext context) throws DbFailure {
        super(context);
        this.workload = workload;
        this.config = workload.config();
        this.rng = context.random();
        this.transactional = config.writes();
        connect();
    }

    @Override
    public void event(StatementRecorder recorder) throws DbFailure {
        this.rec = recorder;
        try {
            if (transactional) {
                other(JoinsWorkload.BEGIN, "BEGIN");
                inTransaction = true;
            }
            for (JoinScenario s : SCENARIOS) {
                for (int i = config.count(s); i > 0; i--) {
                    scenario(s);
                }
            }
            for (int i = 0; i < config.indexUpdates(); i++) {
                write(JoinsWorkload.INDEX_UPDATES, JoinSql.substitute(JoinShapes.INDEX_UPDATE, table(), rng));
            }
            for (int i = 0; i < config.deleteInserts(); i++) {
                deleteInsert();
            }
            if (transactional) {
                other(JoinsWorkload.COMMIT, "COMMIT");
                inTransaction = false;
            }
        } catch (SQLException e) {
            throw fail(e);
        }
    }

    private void scenario(JoinScenario s) throws SQLException {
        String sql = JoinSql.render(s, table(), workload.form(), rng);
        if (s.kind() == JoinScenario.Kind.WRITE) {
            write(s.ordinal(), sql);
            return;
        }
        long start = rec.start();
        long rows = 0;
        try (ResultSet rs = plain.executeQuery(sql)) {
            while (rs.next()) {
                rows++;
            }
        }
        rec.record(s.ordinal(), READ, rows > 0 ? HIT : MISS, start);
        rec.rows(s.ordinal(), rows);
    }

    /** The reference's {@code delete_inserts}: delete a row by id and insert it again (ON DUPLICATE KEY). */
    private void deleteInsert() throws SQLException {
        int t = table();
        KeySpace keys = workload.keys(t);
        long id = keys.id(config.distribution().next(rng, 1, Math.max(1, keys.size())));
        write(JoinsWorkload.DELETE, "DELETE FROM main" + t + " WHERE id = " + id);
        StringBuilder insert = new StringBuilder(600).append("INSERT INTO main").append(t).append(" (id, ")
                .append(JoinRows.MAIN_COLUMNS).append(") VALUES ");
        JoinRows.appendMain(insert, rng, Math.max(1, config.tableSize()), id);
        insert.append(" ON DUPLICATE KEY UPDATE myvalue = VALUES(myvalue)");
        long start = rec.start();
        int n = plain.executeUpdate(insert.toString());
        rec.record(JoinsWorkload.INSERT, n > 0 ? WRITE : OTHER, NO_TARGET, start);
        rec.rows(JoinsWorkload.INSERT, n);
    }

    private void write(int classId, String sql) throws SQLException {
        long start = rec.start();
        int n = plain.executeUpdate(sql);
        rec.record(classId, n > 0 ? WRITE : OTHER, n > 0 ? HIT : MISS, start);
        rec.rows(classId, n);
    }

    private void other(int classId, String sql) throws SQLException {
        long start = rec.start();
        plain.execute(sql);
        rec.record(classId, OTHER, NO_TARGET, start);
    }

    private int table() {
        return config.tables() == 1 ? 1 : 1 + rng.nextInt(config.tables());
    }
}
