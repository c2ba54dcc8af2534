package io.clusterbench.workload.joins;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Row values of the joins tables as SQL tuples, drawn from a caller's generator (loader and
 * {@code delete_inserts} share them). Unique and server-made values ({@code uuid = REVERSE(UUID())},
 * {@code uuid_bin}, {@code record_name = UUID()}) are SQL expressions, as in the reference.
 *
 * <p>Thread-safe (stateless); the generator is the caller's.
 */
final class JoinRows {
    /** Columns of a main table after {@code id}, in the order {@link #appendMain} writes them. */
    static final String MAIN_COLUMNS = "l1_id, l2_id, l3_id, l4_id, l5_id, small_number, integer_number, myvalue,"
            + " decimal_number, float_number, char_field, varchar_field, color, continent, uuid, uuid_bin,"
            + " text_field, datetime_field, timestamp_field, year_field, binary_field, varbinary_field,"
            + " enum_field, set_field, is_active";
    /** Columns of a level table, in the order {@link #appendLevel} writes them. */
    static final String LEVEL_COLUMNS = "id, continent, parent_id, l1_id, l2_id, l3_id, l4_id, l5_id, record_name,"
            + " record_code, record_value, record_status, record_priority";
    /** 2000-01-01 and 2030-01-01 UTC, in seconds: the range of the date columns (inside TIMESTAMP's). */
    private static final long FIRST_EPOCH_SECONDS = 946_684_800L;
    private static final long LAST_EPOCH_SECONDS = 1_893_456_000L;
    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private JoinRows() {
    }

    /**
     * Appends one main-table tuple: {@code (id, …)} when {@code id > 0}, else without the id column.
     *
     * @param tableSize rows per table: the range of the {@code lN_id} references, &ge; 1
     */
    static void appendMain(StringBuilder b, SplittableRandom rng, int tableSize, long id) {
        b.append('(');
        if (id > 0) {
            b.append(id).append(", ");
        }
        for (int k = 1; k <= 5; k++) {
            b.append(1 + rng.nextInt(tableSize)).append(", ");
        }
        b.append(rng.nextInt(32_767)).append(", ")
                .append(rng.nextInt(Integer.MAX_VALUE)).append(", ")
                .append(rng.nextLong(1_000_000_000L)).append(", ")
                .append(String.format(Locale.ROOT, "%d.%02d", rng.nextInt(10_000_000), rng.nextInt(100))).append(", ")
                .append(String.format(Locale.ROOT, "%.3f", rng.nextDouble() * 1_000_000)).append(", ")
                .append(JoinValues.quote(text(rng, 10, 10))).append(", ")
                .append(JoinValues.quote(text(rng, 32, 64))).append(", ")
                .append(JoinValues.quote(JoinValues.pick(rng, JoinValues.COLORS))).append(", ")
                .append(JoinValues.quote(JoinValues.pick(rng, JoinValues.CONTINENTS))).append(", ")
                .append("REVERSE(UUID()), UNHEX(REPLACE(UUID(), '-', '')), ")
                .append(JoinValues.quote(text(rng, 64, 200))).append(", ")
                .append("FROM_UNIXTIME(").append(epoch(rng)).append("), ")
                .append("FROM_UNIXTIME(").append(epoch(rng)).append("), ")
                .append(JoinValues.FIRST_YEAR + rng.nextInt(JoinValues.LAST_YEAR - JoinValues.FIRST_YEAR + 1))
                .append(", X'").append(hex(rng, 16)).append("', X'").append(hex(rng, 8 + rng.nextInt(24)))
                .append("', ")
                .append(JoinValues.quote(JoinValues.pick(rng, JoinValues.STATUSES))).append(", ")
                .append(JoinValues.quote(set(rng))).append(", ")
                .append(rng.nextInt(2)).append(')');
    }

    /** Appends one level-table tuple for row {@code id}; references point into {@code [1, tableSize]}. */
    static void appendLevel(StringBuilder b, SplittableRandom rng, int tableSize, long id) {
        b.append('(').append(id).append(", ")
                .append(JoinValues.quote(JoinValues.pick(rng, JoinValues.CONTINENTS))).append(", ")
                .append(1 + rng.nextInt(tableSize)).append(", ");
        for (int k = 1; k <= 5; k++) {
            b.append(1 + rng.nextInt(tableSize)).append(", ");
        }
        b.append("UUID(), ")
                .append(JoinValues.quote(JoinValues.recordCode(rng.nextInt(JoinValues.RECORD_CODES)))).append(", ")
                .append(1 + rng.nextLong(1_000_000L)).append(", ")
                .append(JoinValues.quote(JoinValues.pick(rng, JoinValues.STATUSES))).append(", ")
                .append(1 + rng.nextInt(10)).append(')');
    }

    private static long epoch(SplittableRandom rng) {
        return FIRST_EPOCH_SECONDS + rng.nextLong(LAST_EPOCH_SECONDS - FIRST_EPOCH_SECONDS);
    }

    private static String text(SplittableRandom rng, int min, int max) {
        int len = min + (max > min ? rng.nextInt(max - min + 1) : 0);
        char[] c = new char[len];
        for (int i = 0; i < len; i++) {
            c[i] = LETTERS.charAt(rng.nextInt(LETTERS.length()));
        }
        return new String(c);
    }

    private static String hex(SplittableRandom rng, int bytes) {
        StringBuilder b = new StringBuilder(bytes * 2);
        for (int i = 0; i < bytes; i++) {
            b.append(String.format(Locale.ROOT, "%02x", rng.nextInt(256)));
        }
        return b.toString();
    }

    private static String set(SplittableRandom rng) {
        StringBuilder b = new StringBuilder();
        int mask = 1 + rng.nextInt(15);
        for (int i = 0; i < JoinValues.SET_VALUES.size(); i++) {
            if ((mask & (1 << i)) != 0) {
                b.append(b.length() > 0 ? "," : "").append(JoinValues.SET_VALUES.get(i));
            }
        }
        return b.toString();
    }
}
