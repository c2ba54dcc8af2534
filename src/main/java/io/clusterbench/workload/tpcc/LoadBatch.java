package io.clusterbench.workload.tpcc;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One multi-row {@code INSERT … VALUES (…),(…)} under construction: rows are appended as SQL text and the
 * statement is sent when it passes {@value #MAX_CHARS} characters (well under the default
 * {@code max_allowed_packet}), the fastest plain-SQL way to load.
 *
 * <p>Confined to one loader thread. Also holds the text helpers the row generators use, which append to
 * the statement without intermediate strings.
 */
final class LoadBatch {
    static final int MAX_CHARS = 1 << 20;
    private static final char[] ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    private final Statement statement;
    private final String head;
    private final AtomicLong loaded;
    private final StringBuilder sql = new StringBuilder(MAX_CHARS + 4096);
    private int rows;
    private long unitRows;

    /**
     * @param head   {@code INSERT INTO t (cols) VALUES}
     * @param loaded the load's row counter, advanced when a statement succeeds
     */
    LoadBatch(Statement statement, String head, AtomicLong loaded) {
        this.statement = statement;
        this.head = head;
        this.loaded = loaded;
    }

    /** Starts a row: @return the builder to append the row's values to (without parentheses) */
    StringBuilder row() throws SQLException {
        if (sql.length() >= MAX_CHARS) {
            flush();
        }
        sql.append(rows == 0 ? head : ",").append('(');
        rows++;
        return sql;
    }

    /** Ends the row started by {@link #row()}. */
    void end() {
        sql.append(')');
    }

    /** Sends the pending rows, if any. */
    void flush() throws SQLException {
        if (rows > 0) {
            statement.executeUpdate(sql.toString());
            loaded.addAndGet(rows);
            unitRows += rows;
            rows = 0;
            sql.setLength(0);
        }
    }

    /** @return rows this batch sent so far */
    long sentRows() {
        return unitRows;
    }

    /** Appends {@code 'xxxx'}: a quoted random alphanumeric string of {@code len} characters. */
    static StringBuilder text(StringBuilder b, SplittableRandom rng, int len) {
        b.append('\'');
        for (int i = 0; i < len; i++) {
            b.append(ALNUM[rng.nextInt(ALNUM.length)]);
        }
        return b.append('\'');
    }

    /** Appends a quoted random string whose length is uniform in {@code [min, max]}. */
    static StringBuilder text(StringBuilder b, SplittableRandom rng, int min, int max) {
        return text(b, rng, NuRand.uniform(rng, min, max));
    }

    /** Appends a quoted string of random digits of {@code len} characters. */
    static StringBuilder digits(StringBuilder b, SplittableRandom rng, int len) {
        b.append('\'');
        for (int i = 0; i < len; i++) {
            b.append((char) ('0' + rng.nextInt(10)));
        }
        return b.append('\'');
    }

    /** Appends {@code hundredths / 100} as a decimal with two digits, e.g. 1234 → {@code 12.34}. */
    static StringBuilder cents(StringBuilder b, long hundredths) {
        long whole = hundredths / 100;
        int frac = (int) (hundredths % 100);
        b.append(whole).append('.');
        if (frac < 10) {
            b.append('0');
        }
        return b.append(frac);
    }
}
