package io.clusterbench.runner;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The shard arithmetic: blocks of workers cover the whole run once; events and rate shares add up exactly. */
class ShardSpecTest {
    @Test
    void workerBlocksCoverTheWholeRunOnce() {
        for (int shards = 1; shards <= 5; shards++) {
            for (int threads = 1; threads <= 13; threads++) {
                int next = 0;
                long events = 0;
                double rate = 0;
                for (int i = 0; i < shards; i++) {
                    ShardSpec s = new ShardSpec(i, shards, 0, 1);
                    assertEquals(next, s.firstWorker(threads), shards + " shards, " + threads + " threads, shard " + i);
                    next += s.threadsOf(threads);
                    events += s.eventsOf(1001, threads);
                    rate += s.rateOf(500, threads);
                }
                assertEquals(threads, next);
                assertEquals(1001, events);
                assertEquals(500, rate, 1e-9);
            }
        }
    }

    @Test
    void threadsPerShardMakesTheWholeRun() {
        ShardSpec s = new ShardSpec(2, 4, 16, 1);
        assertEquals(64, s.wholeThreads(1));
        assertEquals(32, s.firstWorker(64));
        assertEquals(16, s.threadsOf(64));
        assertEquals("shard 2/4 (workers 32-47 of 64)", s.describe(64));
    }

    @Test
    void notShardedIsTheWholeRun() {
        assertEquals(8, ShardSpec.NONE.threadsOf(8));
        assertEquals(0, ShardSpec.NONE.firstWorker(8));
        assertEquals(100, ShardSpec.NONE.eventsOf(100, 8));
        assertEquals(0, ShardSpec.NONE.startAtOfStep(3, 10));
    }

    @Test
    void sweepStepsGetFixedStarts() {
        ShardSpec s = new ShardSpec(0, 2, 0, 1_000_000);
        assertEquals(1_000_000, s.startAtOfStep(0, 10));
        assertEquals(1_000_000 + 2 * (10 + ShardSpec.SWEEP_SLOT_MARGIN_SECONDS) * 1000, s.startAtOfStep(2, 10));
    }

    @Test
    void parsesShardAndStart() {
        assertArrayEquals(new int[]{1, 4}, ShardSpec.parseShard("1/4"));
        for (String bad : new String[]{"4/4", "-1/2", "1", "a/b", "1/0"}) {
            assertThrows(UserException.class, () -> ShardSpec.parseShard(bad), bad);
        }
        assertEquals(1_893_553_445_000L, ShardSpec.parseStartAt("2030-01-02T03:04:05Z"));
        assertEquals(1_893_553_445_500L, ShardSpec.parseStartAt("1893553445.5"));
        assertThrows(UserException.class, () -> ShardSpec.parseStartAt("tomorrow"));
    }
}
