package io.clusterbench.workload;

import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one table loader on the embedded server: the same chunk gives the same rows through {@code LOAD DATA LOCAL
 * INFILE} and through the INSERT fallback of a server with {@code local_infile=OFF}, NULL fields ({@code \N})
 * included, and the returned count is the rows the server took.
 */
class TableLoaderIT {
    private static final String COLUMNS = "id, price, note, at";

    /** Row i: id i+1, price i/100, note "n{i}", at NULL for odd rows. */
    private static TableLoader.Chunk chunk(String table, long rows) {
        return new TableLoader.Chunk(table, COLUMNS, rows, (row, line) -> {
            line.field().number(row + 1).field().fixed2(row).field().text("n" + row);
            if (row % 2 == 1) {
                line.field().nul();
            } else {
                line.field().text("2026-01-02 03:04:05");
            }
        });
    }

    @Test
    void loadDataAndTheInsertFallbackGiveTheSameRowsWithNulls() throws SQLException {
        String db = TestServer.freshDatabase("loader");
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            for (String t : new String[]{"viaload", "viainsert"}) {
                s.execute("CREATE TABLE " + t + " (id INT PRIMARY KEY, price DECIMAL(8,2), note VARCHAR(20), "
                        + "at DATETIME NULL)");
            }
            TableLoader infile = new TableLoader();
            assertEquals(2500, infile.load(c, chunk("viaload", 2500)));
            assertFalse(infile.usesInserts());
            TableLoader fallback = new TableLoader();
            s.execute("SET GLOBAL local_infile = 0");
            try {
                assertEquals(2500, fallback.load(c, chunk("viainsert", 2500)));
            } finally {
                s.execute("SET GLOBAL local_infile = 1");
            }
            assertTrue(fallback.usesInserts());
            for (String t : new String[]{"viaload", "viainsert"}) {
                assertEquals(1250, count(s, "SELECT COUNT(*) FROM " + t + " WHERE at IS NULL"), t);
                assertEquals(1, count(s, "SELECT COUNT(*) FROM " + t + " WHERE id = 1250 AND note = 'n1249' "
                        + "AND price = 12.49 AND at IS NULL"), t);
            }
            assertEquals(0, count(s, "SELECT COUNT(*) FROM viaload a JOIN viainsert b USING (id) WHERE NOT "
                    + "(a.price <=> b.price AND a.note <=> b.note AND a.at <=> b.at)"));
            assertEquals(2500, count(s, "SELECT COUNT(*) FROM viaload a JOIN viainsert b USING (id)"));
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
