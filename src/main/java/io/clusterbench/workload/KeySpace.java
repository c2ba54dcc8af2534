package io.clusterbench.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The real-row guarantee: the ids that exist in one table, so that a drawn key always lands on a row.
 *
 * <p>A workload draws a <em>rank</em> r in {@code [1, size()]} with its distribution and reads the id at
 * that rank. On a gap-free table ids equal ranks (plus the first id minus one), so the statements and keys
 * are exactly sysbench's. On a sparse table (Galera's {@code auto_increment_increment}, earlier deletes)
 * the same rank lands on the r-th existing row, so the distribution's shape and a range's row count are
 * kept. A row this run deleted is skipped: the draw moves to the next existing row.
 *
 * <p>Ids are 64-bit ({@code BIGINT}); the id set is held as {@link IdRuns} (memory follows its structure)
 * and the run's deletes as a paged bitmap. Loaded by {@link KeySpaceLoader}.
 *
 * <p>Thread-safe: the id set is immutable after loading; the deleted set is lock-free.
 */
public final class KeySpace {
    private final IdRuns ids;
    private final int drawSize;
    private final DeletedIndexes deleted;
    private final long loadMillis;

    KeySpace(IdRuns ids, long maxDrawSize, boolean trackDeletes, long loadMillis) {
        this.ids = ids;
        this.drawSize = (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.min(ids.size(), maxDrawSize)));
        this.deleted = trackDeletes ? new DeletedIndexes(ids.size()) : null;
        this.loadMillis = loadMillis;
    }

    /**
     * Builds a key space from known ids, for tests and loaders.
     *
     * @param sortedIds    ids in strictly ascending order
     * @param maxDrawSize  ranks are drawn from {@code [1, min(ids, maxDrawSize)]}
     * @param trackDeletes true for workloads that delete rows without re-inserting them
     */
    public static KeySpace of(long[] sortedIds, long maxDrawSize, boolean trackDeletes) {
        IdRuns.Builder b = new IdRuns.Builder();
        for (long id : sortedIds) {
            b.add(id);
        }
        return new KeySpace(b.build(), maxDrawSize, trackDeletes, 0);
    }

    /** @return the number of ranks a draw may return: min(rows at start, --table-size, 2^31 - 1) */
    public int size() {
        return drawSize;
    }

    /** @return rows present when the key space was loaded */
    public long rows() {
        return ids.size();
    }

    /** @return true when ids had no gaps at load time */
    public boolean dense() {
        return ids.gapFree();
    }

    /**
     * @param rank 1-based rank in {@code [1, size()]}
     * @return the id of the row at that rank, moved to the next row not deleted by this run (wrapping
     *         around); or the id at that rank itself when every row is deleted (the statement will then miss)
     */
    public long id(long rank) {
        long index = rank - 1;
        if (deleted != null && deleted.contains(index)) {
            long next = deleted.nextUnmarked(index);
            if (next >= 0) {
                index = next;
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
    public long rangeEnd(long rank, int count) {
        long endIndex = rank - 1 + count - 1;
        long rows = ids.size();
        if (endIndex < rows) {
            return ids.idAt(endIndex);
        }
        long lastId = idAtIndex(rows - 1);
        long beyond = endIndex - (rows - 1);
        return lastId > Long.MAX_VALUE - beyond ? Long.MAX_VALUE : lastId + beyond;
    }

    /**
     * Picks the row a DELETE will remove and marks it deleted in the same step, so two workers never pick one
     * row (the second would miss): the row at {@code rank}, or the next one not yet claimed, wrapping.
     *
     * @param rank 1-based rank in {@code [1, size()]}
     * @return the id to delete; when every row is claimed, the id at {@code rank} (the statement will miss)
     */
    public long claimForDelete(long rank) {
        long index = rank - 1;
        if (deleted == null || ids.size() == 0) {
            return idAtIndex(index);
        }
        for (long next = deleted.nextUnmarked(index); next >= 0; next = deleted.nextUnmarked(next)) {
            if (deleted.mark(next)) {
                return ids.idAt(next);
            }
        }
        return idAtIndex(index);
    }

    /** Marks the row with this id as deleted by the run, so later draws skip it; unknown ids are ignored. */
    public void markDeleted(long id) {
        if (deleted == null) {
            return;
        }
        long index = ids.indexOf(id);
        if (index >= 0) {
            deleted.mark(index);
        }
    }

    /** @return approximate heap bytes of the id set and the deleted set */
    public long memoryBytes() {
        return ids.memoryBytes() + (deleted == null ? 0 : deleted.memoryBytes());
    }

    /**
     * @return the key space's shape for result.json: {@code rows}, {@code idsGapFree}, {@code idRuns},
     *         {@code idStep} (0 unless one progression), {@code keySpaceBytes}, {@code keySpaceLoadMillis}
     */
    public Map<String, Object> facts() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("rows", ids.size());
        f.put("idsGapFree", ids.gapFree());
        f.put("idRuns", ids.runs());
        f.put("idStep", ids.singleStep());
        f.put("keySpaceBytes", memoryBytes());
        f.put("keySpaceLoadMillis", loadMillis);
        return f;
    }

    private long idAtIndex(long index) {
        if (ids.size() == 0) {
            return index + 1;
        }
        return ids.idAt(index);
    }
}
