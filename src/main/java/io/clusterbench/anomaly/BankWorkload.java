package io.clusterbench.anomaly;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bank-transfer invariant (Jepsen's bank test): {@code accounts} rows of {@code cb_anomaly_bank} start with
 * {@code initialBalance} each; a transfer reads two balances and writes both back as absolute values computed from
 * what it read (a read-modify-write, so an isolation level that lets two transfers read the same balance creates or
 * destroys money); a read takes every balance in one statement. Every acknowledged read must total
 * {@link #expectedTotal()} ({@link BankCheck}).
 *
 * <p>Thread-safe: the id counter is atomic; each call runs on the caller's connection, never shared.
 */
public final class BankWorkload {
    private static final String TABLE = AnomalyTables.Table.BANK.tableName();
    private final int accounts;
    private final long initialBalance;
    private final String readPair;
    private final HistoryClock clock;
    private final HistorySink sink;
    private final AtomicLong ids = new AtomicLong();

    /**
     * @param accounts       number of accounts, &ge; 2
     * @param initialBalance each account's starting balance, &ge; 0
     * @param lockingReads   true to read the two balances with {@code SELECT … FOR UPDATE}
     * @throws IllegalArgumentException for fewer than 2 accounts or a negative balance
     */
    public BankWorkload(int accounts, long initialBalance, boolean lockingReads, HistoryClock clock, HistorySink sink) {
        if (accounts < 2 || initialBalance < 0) {
            throw new IllegalArgumentException("a bank needs at least 2 accounts and no negative balance");
        }
        this.accounts = accounts;
        this.initialBalance = initialBalance;
        this.readPair = "SELECT id, balance FROM " + TABLE + " WHERE id IN (?, ?)" + (lockingReads ? " FOR UPDATE" : "");
        this.clock = clock;
        this.sink = sink;
    }

    /** @return accounts × initial balance: what every read must total */
    public long expectedTotal() {
        return accounts * initialBalance;
    }

    /** @return the number of accounts */
    public int accounts() {
        return accounts;
    }

    /** Recreates the table with every account at its initial balance. @throws SQLException on a server error */
    public void setUp(Connection c) throws SQLException {
        AnomalyTables.recreate(c, AnomalyTables.Table.BANK);
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(true);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO " + TABLE + " (id, balance) VALUES (?, ?)")) {
            for (int i = 0; i < accounts; i++) {
                s.setInt(1, i);
                s.setLong(2, initialBalance);
                s.executeUpdate();
            }
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /**
     * Moves 1–5 from a random account to another in one transaction, when the source holds enough, and records it.
     *
     * @param random the session's random source
     * @return the recorded transfer
     */
    public BankTransfer transfer(Connection c, int session, String node, SplittableRandom random) {
        int from = random.nextInt(accounts);
        int to = (from + 1 + random.nextInt(accounts - 1)) % accounts;
        long amount = 1 + random.nextInt(5);
        long id = ids.incrementAndGet();
        long invoke = clock.micros();
        boolean commitSent = false;
        boolean applied = false;
        try {
            c.setAutoCommit(false);
            long[] balance = readPair(c, from, to);
            if (balance[0] >= amount) {
                write(c, from, balance[0] - amount);
                write(c, to, balance[1] + amount);
                applied = true;
            }
            commitSent = true;
            c.commit();
            return record(new BankTransfer(id, session, node, invoke, clock.micros(), Outcome.OK, from, to, amount,
                    applied, null));
        } catch (SQLException e) {
            var f = SqlOutcome.classify(e);
            long complete = clock.micros();
            SqlOutcome.rollbackQuietly(c);
            return record(new BankTransfer(id, session, node, invoke, complete, SqlOutcome.of(f, e, commitSent), from,
                    to, amount, applied, SqlOutcome.text(f)));
        }
    }

    /** Reads every balance in one statement inside a transaction and records it. @return the recorded read */
    public BankRead read(Connection c, int session, String node) {
        long id = ids.incrementAndGet();
        long invoke = clock.micros();
        try {
            c.setAutoCommit(false);
            List<Long> balances = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, balance FROM " + TABLE + " ORDER BY id");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    balances.add(rs.getLong(2));
                }
            }
            c.commit();
            return record(new BankRead(id, session, node, invoke, clock.micros(), Outcome.OK,
                    balances.stream().mapToLong(Long::longValue).toArray(), null));
        } catch (SQLException e) {
            var f = SqlOutcome.classify(e);
            long complete = clock.micros();
            SqlOutcome.rollbackQuietly(c);
            return record(new BankRead(id, session, node, invoke, complete, Outcome.FAILED, null, SqlOutcome.text(f)));
        }
    }

    private long[] readPair(Connection c, int from, int to) throws SQLException {
        long[] b = new long[2];
        try (PreparedStatement s = c.prepareStatement(readPair)) {
            s.setInt(1, from);
            s.setInt(2, to);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    b[rs.getInt(1) == from ? 0 : 1] = rs.getLong(2);
                }
            }
        }
        return b;
    }

    private static void write(Connection c, int account, long balance) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET balance = ? WHERE id = ?")) {
            s.setLong(1, balance);
            s.setInt(2, account);
            s.executeUpdate();
        }
    }

    private <T extends HistoryRecord> T record(T r) {
        sink.add(r);
        return r;
    }
}
