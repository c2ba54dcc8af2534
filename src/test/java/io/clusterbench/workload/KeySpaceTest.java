package io.clusterbench.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeySpaceTest {
    @Test
    void gapFreeIdsAreTheRanksAsInSysbench() {
        KeySpace k = KeySpace.of(new long[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 10, false);
        assertEquals(7, k.id(7));
        // sysbench: BETWEEN id AND id + range_size - 1, also past the end of the table
        assertEquals(9, k.rangeEnd(5, 5));
        assertEquals(14, k.rangeEnd(10, 5));
    }

    @Test
    void steppedIdsMapEveryRankToARealRow() {
        long[] ids = new long[1000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = 1 + 3 * i; // Galera, auto_increment_increment=3
        }
        KeySpace k = KeySpace.of(ids, 10_000, false);
        assertEquals(1000, k.size());
        for (int rank = 1; rank <= 1000; rank++) {
            assertEquals(1, k.id(rank) % 3);
        }
        // a range of 100 rows spans 100 real rows, as on a gap-free table
        assertEquals(k.id(1) + 99 * 3, k.rangeEnd(1, 100));
    }

    @Test
    void drawSizeIsCappedByTableSize() {
        KeySpace k = KeySpace.of(new long[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 4, false);
        assertEquals(4, k.size());
    }

    @Test
    void deletedRowsMoveTheDrawToTheNextExistingRow() {
        KeySpace k = KeySpace.of(new long[]{10, 20, 30, 40}, 4, true);
        k.markDeleted(20);
        assertEquals(30, k.id(2));
        k.markDeleted(30);
        assertEquals(40, k.id(2));
        k.markDeleted(40);
        assertEquals(10, k.id(4)); // wraps around
        k.markDeleted(10);
        assertTrue(k.id(1) > 0); // all gone: returns an id, the statement will miss
    }

    @Test
    void concurrentDeletesNeverClaimTheSameRow() throws Exception {
        long[] ids = new long[10_000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = (1L << 33) + 3L * i;
        }
        KeySpace k = KeySpace.of(ids, ids.length, true);
        java.util.Set<Long> claimed = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.atomic.AtomicInteger duplicates = new java.util.concurrent.atomic.AtomicInteger();
        Thread[] workers = new Thread[4];
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new Thread(() -> {
                for (int i = 0; i < 2000; i++) {
                    if (!claimed.add(k.claimForDelete(1 + (i % 10)))) { // a hot spot, as --rand-type=special
                        duplicates.incrementAndGet();
                    }
                }
            });
            workers[w].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        assertEquals(0, duplicates.get());
        assertEquals(8000, claimed.size());
    }
}
