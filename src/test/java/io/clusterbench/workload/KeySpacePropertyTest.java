package io.clusterbench.workload;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 20: the compact key space maps rank → id exactly as a plain sorted array does, on random sparse id
 * sets of every shape (gap-free, stepped, stepped with holes, random, beyond 2^32), before and after deletes.
 */
class KeySpacePropertyTest {

    @Test
    void rankToIdEqualsASortedArrayOnRandomSparseSetsIncludingDeletes() {
        SplittableRandom rng = new SplittableRandom(20);
        for (int trial = 0; trial < 300; trial++) {
            long[] ids = randomIdSet(rng, trial);
            KeySpace k = KeySpace.of(ids, Long.MAX_VALUE, true);
            assertEquals(ids.length, k.rows());
            boolean[] deleted = new boolean[ids.length];
            for (int round = 0; round < 4; round++) {
                for (int rank = 1; rank <= ids.length; rank++) {
                    assertEquals(reference(ids, deleted, rank - 1), k.id(rank), "trial " + trial + " rank " + rank);
                }
                int deletes = ids.length == 0 ? 0 : rng.nextInt(1 + ids.length / 3);
                for (int d = 0; d < deletes; d++) {
                    int at = rng.nextInt(ids.length);
                    deleted[at] = true;
                    k.markDeleted(ids[at]);
                }
                k.markDeleted(ids.length == 0 ? 7 : ids[ids.length - 1] + 1); // not in the set: ignored
            }
        }
    }

    @Test
    void indexOfInvertsIdAtAndRejectsAbsentIds() {
        SplittableRandom rng = new SplittableRandom(21);
        for (int trial = 0; trial < 200; trial++) {
            long[] ids = randomIdSet(rng, trial);
            IdRuns.Builder b = new IdRuns.Builder();
            Arrays.stream(ids).forEach(b::add);
            IdRuns runs = b.build();
            TreeSet<Long> present = new TreeSet<>();
            for (int i = 0; i < ids.length; i++) {
                assertEquals(ids[i], runs.idAt(i));
                assertEquals(i, runs.indexOf(ids[i]));
                present.add(ids[i]);
            }
            for (int probe = 0; probe < 50 && ids.length > 0; probe++) {
                long id = ids[0] - 2 + rng.nextLong(ids[ids.length - 1] - ids[0] + 5);
                assertEquals(present.contains(id) ? Arrays.binarySearch(ids, id) : -1, runs.indexOf(id));
            }
        }
    }

    @Test
    void aSteppedSetOf100MillionIdsIsOneRun() {
        IdRuns.Builder b = new IdRuns.Builder();
        long first = 3_000_000_000L;
        b.addRun(first, 3, 50_000_000);
        for (long i = 50_000_000; i < 100_000_000; i++) {
            b.add(first + 3 * i); // the same progression continued id by id
        }
        IdRuns runs = b.build();
        assertEquals(1, runs.runs());
        assertEquals(100_000_000, runs.size());
        assertTrue(runs.memoryBytes() < 1024, runs.memoryBytes() + " bytes");
        assertEquals(first + 3 * 99_999_999L, runs.idAt(99_999_999));
    }

    /** Ids in ascending order, with a shape picked by {@code trial}. */
    private static long[] randomIdSet(SplittableRandom rng, int trial) {
        int n = rng.nextInt(0, 400);
        long base = trial % 2 == 0 ? 1 + rng.nextInt(10) : (1L << 32) + rng.nextLong(1L << 40);
        long[] ids = new long[n];
        long id = base;
        int shape = trial % 5;
        long step = 1 + rng.nextInt(5);
        for (int i = 0; i < n; i++) {
            ids[i] = id;
            id += switch (shape) {
                case 0 -> 1;                                               // gap-free
                case 1 -> step;                                            // Galera-stepped
                case 2 -> rng.nextInt(20) == 0 ? step * (2 + rng.nextInt(4)) : step; // stepped with holes
                case 3 -> 1 + rng.nextInt(1000);                           // random sparse
                default -> rng.nextInt(3) == 0 ? 1 + rng.nextInt(50) : 1 + rng.nextInt(2); // mixed
            };
        }
        return ids;
    }

    /** A plain sorted array's answer: the id at index, moved to the next one not deleted, wrapping. */
    private static long reference(long[] ids, boolean[] deleted, int index) {
        if (ids.length == 0) {
            return index + 1;
        }
        for (int step = 0; step < ids.length; step++) {
            int i = (index + step) % ids.length;
            if (!deleted[i]) {
                return ids[i];
            }
        }
        return ids[index];
    }
}
