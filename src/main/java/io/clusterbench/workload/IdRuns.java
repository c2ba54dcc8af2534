package io.clusterbench.workload;

import java.util.Arrays;

/**
 * A sorted set of 64-bit ids stored by its structure: runs of arithmetic progressions (a gap-free table is
 * one run of step 1; a table prepared under Galera's {@code auto_increment_increment=3} is one run of step 3)
 * and, where no progression of at least {@link #MIN_RUN} ids exists, literal runs of plain ids.
 *
 * <p>Memory: 32 bytes per progression run plus 8 bytes per literal id, so it follows the id set's
 * structure, not its size: 100M ids stepped by 3 take one run; a random sparse set costs what a sorted
 * {@code long[]} would. Lookups are a binary search over runs: {@link #idAt} and {@link #indexOf} are
 * O(log runs) (plus O(log literal run length) for {@code indexOf} in a literal run).
 *
 * <p>Immutable and thread-safe once built; build with {@link Builder} (confined to one thread).
 */
public final class IdRuns {
    /** Shortest progression kept as a run; shorter stretches are stored as literal ids (a run costs 4 ids). */
    public static final int MIN_RUN = 8;

    private final long[] firstIndex; // 0-based index of each run's first id; ascending
    private final long[] firstId;    // each run's first id; ascending
    private final long[] step;       // > 0: progression step; 0: literal run stored in pool[poolOffset..]
    private final long[] poolOffset; // literal runs only
    private final long[] pool;
    private final long size;

    private IdRuns(long[] firstIndex, long[] firstId, long[] step, long[] poolOffset, long[] pool, long size) {
        this.firstIndex = firstIndex;
        this.firstId = firstId;
        this.step = step;
        this.poolOffset = poolOffset;
        this.pool = pool;
        this.size = size;
    }

    /** @return the number of ids */
    public long size() {
        return size;
    }

    /** @return the number of runs (progressions and literal runs) */
    public int runs() {
        return firstId.length;
    }

    /** @return true when the ids form one progression of step 1 (no gaps), or the set is empty */
    public boolean gapFree() {
        return size == 0 || (firstId.length == 1 && step[0] == 1);
    }

    /** @return the common step when the set is a single progression, else 0 */
    public long singleStep() {
        return firstId.length == 1 ? step[0] : 0;
    }

    /** @return approximate heap bytes held: 32 per run, 8 per literal id */
    public long memoryBytes() {
        return 64 + 32L * firstId.length + 8L * pool.length;
    }

    /**
     * @param index 0-based position in ascending order, in {@code [0, size())}
     * @return the id at that position
     * @throws IndexOutOfBoundsException when {@code index} is outside {@code [0, size())}
     */
    public long idAt(long index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " outside [0, " + size + ")");
        }
        int r = runOfIndex(index);
        long offset = index - firstIndex[r];
        return step[r] > 0 ? firstId[r] + offset * step[r] : pool[(int) (poolOffset[r] + offset)];
    }

    /**
     * @param id any id
     * @return its 0-based position, or -1 when the id is not in the set
     */
    public long indexOf(long id) {
        int lo = 0;
        int hi = firstId.length - 1;
        int r = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (firstId[mid] <= id) {
                r = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (r < 0) {
            return -1;
        }
        long count = runLength(r);
        if (step[r] > 0) {
            long d = id - firstId[r];
            return d % step[r] == 0 && d / step[r] < count ? firstIndex[r] + d / step[r] : -1;
        }
        int from = (int) poolOffset[r];
        int at = Arrays.binarySearch(pool, from, (int) (from + count), id);
        return at >= 0 ? firstIndex[r] + (at - from) : -1;
    }

    private long runLength(int r) {
        return (r + 1 < firstIndex.length ? firstIndex[r + 1] : size) - firstIndex[r];
    }

    private int runOfIndex(long index) {
        int lo = 0;
        int hi = firstIndex.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (firstIndex[mid] <= index) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * Builds an {@link IdRuns} from ids given in strictly ascending order, one at a time ({@link #add}) or a
     * whole progression at once ({@link #addRun}); a greedy pass keeps every progression of at least
     * {@link #MIN_RUN} ids as a run and merges adjacent runs with the same step.
     *
     * <p>Confined to one thread.
     */
    public static final class Builder {
        private long[] firstIndex = new long[16];
        private long[] firstId = new long[16];
        private long[] step = new long[16];
        private long[] poolOffset = new long[16];
        private long[] pool = new long[16];
        private int runs;
        private int poolSize;
        private long size;
        private long last = Long.MIN_VALUE;
        // the pending progression candidate, not yet emitted: candStart + i * candStep, i < candCount
        private long candStart;
        private long candStep;
        private long candCount;

        /**
         * @param id the next id, greater than every id added before
         * @throws IllegalArgumentException when ids are not strictly ascending
         */
        public void add(long id) {
            if (size + candCount > 0 && id <= last) {
                throw new IllegalArgumentException("ids must be strictly ascending: " + id + " after " + last);
            }
            last = id;
            if (candCount == 0) {
                candStart = id;
                candCount = 1;
            } else if (candCount == 1) {
                candStep = id - candStart;
                candCount = 2;
            } else if (id == candStart + candCount * candStep) {
                candCount++;
            } else if (candCount >= MIN_RUN) {
                emitRun(candStart, candStep, candCount);
                candStart = id;
                candCount = 1;
            } else {
                long lastOfCandidate = candStart + (candCount - 1) * candStep;
                for (long i = 0; i < candCount - 1; i++) {
                    emitLiteral(candStart + i * candStep);
                }
                candStart = lastOfCandidate;
                candStep = id - lastOfCandidate;
                candCount = 2;
            }
        }

        /**
         * Adds the progression {@code first, first + step, ..., first + (count - 1) * step}.
         *
         * @param first first id, greater than every id added before
         * @param step  &ge; 1
         * @param count &ge; 1
         */
        public void addRun(long first, long step, long count) {
            if (count < MIN_RUN) {
                for (long i = 0; i < count; i++) {
                    add(first + i * step);
                }
                return;
            }
            if (size + candCount > 0 && first <= last) {
                throw new IllegalArgumentException("ids must be strictly ascending: " + first + " after " + last);
            }
            flushCandidate();
            emitRun(first, step, count);
            last = first + (count - 1) * step;
        }

        /** @return the ids added so far, as an immutable set; the builder must not be used afterwards */
        public IdRuns build() {
            flushCandidate();
            return new IdRuns(Arrays.copyOf(firstIndex, runs), Arrays.copyOf(firstId, runs),
                    Arrays.copyOf(step, runs), Arrays.copyOf(poolOffset, runs), Arrays.copyOf(pool, poolSize), size);
        }

        private void flushCandidate() {
            if (candCount >= MIN_RUN) {
                emitRun(candStart, candStep, candCount);
            } else {
                for (long i = 0; i < candCount; i++) {
                    emitLiteral(candStart + i * candStep);
                }
            }
            candCount = 0;
        }

        private void emitRun(long first, long s, long count) {
            int r = runs - 1;
            if (r >= 0 && step[r] == s && firstId[r] + (size - firstIndex[r]) * s == first) {
                size += count; // continues the previous progression
                return;
            }
            newRun(first, s, 0);
            size += count;
        }

        private void emitLiteral(long id) {
            int r = runs - 1;
            if (r < 0 || step[r] != 0) {
                newRun(id, 0, poolSize);
            }
            if (poolSize == pool.length) {
                pool = Arrays.copyOf(pool, Math.max(16, poolSize + (poolSize >> 1)));
            }
            pool[poolSize++] = id;
            size++;
        }

        private void newRun(long first, long s, long offset) {
            if (runs == firstId.length) {
                int n = runs + (runs >> 1);
                firstIndex = Arrays.copyOf(firstIndex, n);
                firstId = Arrays.copyOf(firstId, n);
                step = Arrays.copyOf(step, n);
                poolOffset = Arrays.copyOf(poolOffset, n);
            }
            firstIndex[runs] = size;
            firstId[runs] = first;
            step[runs] = s;
            poolOffset[runs] = offset;
            runs++;
        }
    }
}
