package io.clusterbench.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The chunk bound: 100,000 sbtest rows (512 bytes counted per row) on a single server, 10,000 on Galera unless
 * the node's write-set limits ask for fewer, and proportionally fewer rows for wider rows (docs/loading.md).
 */
class ChunkBoundsTest {
    private static ChunkBounds galera(long maxRows, long maxBytes) {
        return new ChunkBounds(true, maxRows, maxBytes);
    }

    @Test
    void sbtestRowsKeepTheirChunks() {
        assertEquals(100_000, ChunkBounds.SINGLE.rows(512));
        assertEquals(10_000, galera(0, 2_147_483_647L).rows(512));
    }

    @Test
    void widerRowsMakeSmallerChunks() {
        assertEquals(5_000, galera(0, 2_147_483_647L).rows(1024));
        assertEquals(50_000, ChunkBounds.SINGLE.rows(1024));
        assertEquals(40_000, galera(0, 2_147_483_647L).rows(128));
    }

    @Test
    void maxWsRowsBoundsTheChunk() {
        assertEquals(3000, galera(3000, 2_147_483_647L).rows(512));
    }

    @Test
    void maxWsSizeBoundsTheChunkAtHalfTheLimit() {
        // 1 MB limit: 512 KB of room at 512 bytes per row
        assertEquals(1024, galera(0, 1 << 20).rows(512));
        assertEquals(1, galera(0, 100).rows(512));
        assertEquals(1, galera(1, 0).rows(512));
    }
}
