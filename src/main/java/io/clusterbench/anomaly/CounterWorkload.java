package io.clusterbench.anomaly;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The counter invariant: one row of {@code cb_anomaly_counter} starts at 0; an increment is one autocommit
 * {@code UPDATE … SET n = n + 1}; a read is one autocommit {@code SELECT n}. The final value must lie between the
 * acknowledged increments and those plus the unknown ones ({@link CounterCheck}).
 *
 * <p>Thread-safe: the id counter is atomic; each call runs on the caller's connection, never shared.
 */
public final class CounterWorkload {
    private static final String TABLE = AnomalyTables.Table.COUNTER.tableName();
    private final HistoryClock clock;
    private final HistorySink sink;
    private final AtomicLong ids = new AtomicLong();

    /** @param clock the history's clock @param sink where each operation is recorded */
    public CounterWorkload(HistoryClock clock, HistorySink sink) {
        this.clock = clock;
        this.sink = sink;
    }

    /** Recreates the table with the counter at 0. @throws SQLException on a server error */
    public void setUp(Connection c) throws SQLException {
        AnomalyTables.recreate(c, AnomalyTables.Table.COUNTER);
        c.setAutoCommit(true);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO " + TABLE + " (id, n) VALUES (1, 0)")) {
            s.executeUpdate();
        }
    }

    /** Adds 1 in autocommit and records it. @return the recorded increment */
    public CounterOp increment(Connection c, int session, String node) {
        long id = ids.incrementAndGet();
        long invoke = clock.micros();
        try {
            c.setAutoCommit(true);
            try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET n = n + 1 WHERE id = 1")) {
                s.executeUpdate();
            }
            return record(new CounterOp(CounterOp.Kind.INCREMENT, id, session, node, invoke, clock.micros(),
                    Outcome.OK, 0, false, null));
        } catch (SQLException e) {
            var f = SqlOutcome.classify(e);
            return record(new CounterOp(CounterOp.Kind.INCREMENT, id, session, node, invoke, clock.micros(),
                    SqlOutcome.of(f, e, true), 0, false, SqlOutcome.text(f)));
        }
    }

    /**
     * Reads the counter in autocommit and records it.
     *
     * @param finalRead true for the reads taken after the load stopped and the node caught up
     * @return the recorded read
     */
    public CounterOp read(Connection c, int session, String node, boolean finalRead) {
        long id = ids.incrementAndGet();
        long invoke = clock.micros();
        try {
            c.setAutoCommit(true);
            long n = 0;
            try (PreparedStatement s = c.prepareStatement("SELECT n FROM " + TABLE + " WHERE id = 1");
                 ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    n = rs.getLong(1);
                }
            }
            return record(new CounterOp(CounterOp.Kind.READ, id, session, node, invoke, clock.micros(), Outcome.OK, n,
                    finalRead, null));
        } catch (SQLException e) {
            var f = SqlOutcome.classify(e);
            return record(new CounterOp(CounterOp.Kind.READ, id, session, node, invoke, clock.micros(),
                    Outcome.FAILED, 0, finalRead, SqlOutcome.text(f)));
        }
    }

    private CounterOp record(CounterOp op) {
        sink.add(op);
        return op;
    }
}
