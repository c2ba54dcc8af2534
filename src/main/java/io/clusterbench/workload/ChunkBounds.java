package io.clusterbench.workload;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * How many rows one load chunk (one {@code LOAD DATA}, one transaction, on Galera one write set) may hold on a
 * server, for rows counted at a per-table bound of bytes (row data plus keys, above the real size).
 *
 * <p>On a single server a chunk may count up to {@value #SINGLE_CHUNK_BYTES} bytes (100,000 sbtest rows at 512
 * bytes, ~20 MB of real data). On Galera ({@code wsrep_on=ON}) up to {@value #GALERA_CHUNK_BYTES} bytes
 * (10,000 sbtest rows, a ~2 MB write set), and fewer when the node would refuse that: at most
 * {@code wsrep_max_ws_rows} rows (0 = unlimited) and at most half of {@code wsrep_max_ws_size} bytes.
 * docs/loading.md ("Chunk size") has the measurements behind these figures.
 *
 * <p>Immutable.
 *
 * @param galera     the server runs {@code wsrep_on=ON}
 * @param maxWsRows  {@code wsrep_max_ws_rows}, 0 when unlimited or not Galera
 * @param maxWsBytes {@code wsrep_max_ws_size} in bytes, 0 when not Galera
 */
public record ChunkBounds(boolean galera, long maxWsRows, long maxWsBytes) {
    /** Bytes (counted at the rows' bounds) of one chunk on a single server. */
    public static final long SINGLE_CHUNK_BYTES = 100_000L * 512;
    /** Bytes (counted at the rows' bounds) of one chunk on Galera before the node's own limits. */
    public static final long GALERA_CHUNK_BYTES = 10_000L * 512;

    /** The bounds of a single server (no wsrep). */
    public static final ChunkBounds SINGLE = new ChunkBounds(false, 0, 0);

    /**
     * @param s a statement on the server to load
     * @return its bounds: {@link #SINGLE} unless {@code wsrep_on=ON}
     */
    public static ChunkBounds of(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'wsrep_on'")) {
            if (!rs.next() || !"ON".equalsIgnoreCase(rs.getString(2))) {
                return SINGLE;
            }
        }
        try (ResultSet rs = s.executeQuery("SELECT @@wsrep_max_ws_rows, @@wsrep_max_ws_size")) {
            rs.next();
            return new ChunkBounds(true, rs.getLong(1), rs.getLong(2));
        }
    }

    /**
     * @param rowBytes bytes counted per row (&ge; 1): an upper bound of the table's row data plus keys
     * @return rows per chunk, &ge; 1
     */
    public int rows(int rowBytes) {
        long per = Math.max(1, rowBytes);
        if (!galera) {
            return (int) Math.max(1, SINGLE_CHUNK_BYTES / per);
        }
        long rows = GALERA_CHUNK_BYTES / per;
        if (maxWsRows > 0) {
            rows = Math.min(rows, maxWsRows);
        }
        if (maxWsBytes > 0) {
            rows = Math.min(rows, maxWsBytes / 2 / per);
        }
        return (int) Math.max(1, rows);
    }
}
