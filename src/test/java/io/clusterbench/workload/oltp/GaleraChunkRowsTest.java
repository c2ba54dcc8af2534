package io.clusterbench.workload.oltp;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Galera chunk bound: 10,000 rows unless the node's write-set limits ask for fewer (docs/loading.md). */
class GaleraChunkRowsTest {
    @Test
    void defaultLimitsKeepTenThousandRows() {
        assertEquals(OltpLoader.GALERA_CHUNK_ROWS, OltpLoader.chunkRowsWithin(0, 2_147_483_647L));
    }

    @Test
    void maxWsRowsBoundsTheChunk() {
        assertEquals(3000, OltpLoader.chunkRowsWithin(3000, 2_147_483_647L));
    }

    @Test
    void maxWsSizeBoundsTheChunkAtHalfTheLimit() {
        // 1 MB limit: 512 KB of room at 512 bytes per row
        assertEquals(1024, OltpLoader.chunkRowsWithin(0, 1 << 20));
        assertEquals(1, OltpLoader.chunkRowsWithin(0, 100));
        assertEquals(1, OltpLoader.chunkRowsWithin(1, 0));
    }
}
