package io.clusterbench.workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The real-row guarantee: the ids that exist in one table, so that a drawn key always lands on a row.
 *
 * <p>A workload draws a <em>rank</em> r in {@code [1, size()]} with its distribution and reads the id at
 * that rank. On a gap-free table ids equal ranks, so the statements and keys are exactly sysbench's. On a
 * sparse table (Galera's {@code auto_increment_increment}, earlier deletes) the same rank lands on the
 * r-th existing row, so the distribution's shape and a range's row count are kept. A row this run
 * deleted is skipped: the draw moves to the next existing row.
 *
 * <p>Thread-safe: the id array is immutable after {@link #load}; the deleted set is an atomic bitmap.
 * Dense tables keep no array (O(1) memory), sparse ones 4 bytes per row.
 */
public final class KeySpace {
    private final int[] ids;        // null when dense: id = firstId + rank - 1
    private final int firstId;
    private final int rows;
    private final int drawSize;
    private final AtomicLongArray deleted;

    private KeySpace(int[] ids, int firstId, int rows, int drawSize, boolean trackDeletes) {
        this.ids = ids;
        this.firstId = firstId;
        this.rows = rows;
        this.drawSize = drawSize;
        this.deleted = trackDeletes ? new AtomicLongArray((rows + 63) / 64 + 1) : null;
    }

    /**
     * Reads a table's id set: {@code COUNT/MIN/MAX} first, the full {@code ORDER BY id} list only when the
     * table has gaps.
     *
     * @param table        table name
     * @param idColumn     primary key column (INT)
     * @param maxDrawSize  the workload's {@code --table-size}: ranks are drawn from {@code [1, min(rows, maxDrawSize)]}
     * @param trackDeletes true for workloads that delete rows without re-inserting them
     * @throws SQLException when the queries fail
     */
    public static KeySpace load(Connection c, String table, String idColumn, int maxDrawSize,
                                boolean trackDeletes) throws SQLException {
        long count;
        long min;
        long max;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*), COALESCE(MIN(" + idColumn + "),0), COALESCE(MAX("
                     + idColumn + "),0) FROM " + table)) {
            rs.next();
            count = rs.getLong(1);
            min = rs.getLong(2);
            max = rs.getLong(3);
        }
        int rows = (int) count;
        int drawSize = Math.max(0, Math.min(rows, maxDrawSize));
        if (count == 0 || max - min + 1 == count) {
            return new KeySpace(null, (int) min, rows, drawSize, trackDeletes);
        }
        int[] ids = new int[rows];
        int n = 0;
        try (Statement s = c.createStatement()) {
            s.setFetchSize(10_000);
            try (ResultSet rs = s.executeQuery("SELECT " + idColumn + " FROM " + table + " ORDER BY " + idColumn)) {
                while (rs.next() && n < ids.length) {
                    ids[n++] = rs.getInt(1);
                }
            }
        }
        return new KeySpace(n == rows ? ids : Arrays.copyOf(ids, n), (int) min, n, Math.min(drawSize, n),
                trackDeletes);
    }

    /** Builds a key space from known ids (sorted ascending), for tests and loaders. */
    public static KeySpace of(int[] sortedIds, int maxDrawSize, boolean trackDeletes) {
        int rows = sortedIds.length;
        return new KeySpace(sortedIds.clone(), rows == 0 ? 0 : sortedIds[0], rows, Math.min(rows, maxDrawSize),
                trackDeletes);
    }

    /** @return the number of ranks a draw may return: min(rows at start, --table-size) */
    public int size() {
        return drawSize;
    }

    /** @return rows present when the key space was loaded */
    public int rows() {
        return rows;
    }

    /** @return true when ids had no gaps at load time */
    public boolean dense() {
        return ids == null;
    }

    /**
     * @param rank 1-based rank in {@code [1, size()]}
     * @return the id of the row at that rank, moved to the next row not deleted by this run; or
     *         {@code idAt(rank)} itself when every row is deleted (the statement will then miss)
     */
    public int id(int rank) {
        int index = rank - 1;
        if (deleted != null && isDeleted(index)) {
            for (int step = 1; step < rows; step++) {
                int candidate = (index + step) % rows;
                if (!isDeleted(candidate)) {
                    return idAtIndex(candidate);
                }
            }
        }
        return idAtIndex(index);
    }

    /**
     * End of a range of {@code count} rows starting at {@code rank}: the id {@code count - 1} rows further,
     * or past the last row by the missing number of ids (so a gap-free table gives sysbench's
     * {@code id + range_size - 1} exactly).
     *
     * @param rank  1-based start rank
     * @param count rows in the range, &ge; 1
     * @return the inclusive end id
     */
    public int rangeEnd(int rank, int count) {
        long endIndex = (long) rank - 1 + count - 1;
        if (endIndex < rows) {
            return idAtIndex((int) endIndex);
        }
        return (int) Math.min(Integer.MAX_VALUE, (long) idAtIndex(rows - 1) + (endIndex - (rows - 1)));
    }

    /** Marks the row with this id as deleted by the run, so later draws skip it. */
    public void markDeleted(int id) {
        if (deleted == null) {
            return;
        }
        int index = ids == null ? id - firstId : Arrays.binarySearch(ids, id);
        if (index >= 0 && index < rows) {
            int word = index >>> 6;
            long bit = 1L << (index & 63);
            long prev;
            do {
                prev = deleted.get(word);
            } while ((prev & bit) == 0 && !deleted.compareAndSet(word, prev, prev | bit));
        }
    }

    private boolean isDeleted(int index) {
        return (deleted.get(index >>> 6) & (1L << (index & 63))) != 0;
    }

    private int idAtIndex(int index) {
        if (rows == 0) {
            return index + 1;
        }
        return ids == null ? firstId + index : ids[index];
    }
}
