package io.clusterbench.ab;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One table of the benchmark database as {@code information_schema.TABLES} describes it, to check that both
 * sides of an A/B comparison run on the same data. Immutable.
 *
 * @param name       table name
 * @param engine     storage engine
 * @param collation  table default collation
 * @param rowFormat  row format
 * @param dataBytes  data_length + index_length as the server estimates it, bytes
 */
public record TableFacts(String name, String engine, String collation, String rowFormat, long dataBytes) {

    /**
     * @param database the benchmark database
     * @return its base tables, by name
     * @throws SQLException when the query fails
     */
    public static List<TableFacts> read(Connection c, String database) throws SQLException {
        List<TableFacts> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT table_name, engine, table_collation, row_format, "
                + "COALESCE(data_length, 0) + COALESCE(index_length, 0) FROM information_schema.tables "
                + "WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new TableFacts(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5)));
                }
            }
        }
        return out;
    }

    /**
     * Reads every row of every table through its clustered index ({@code SELECT COUNT(*) … FORCE INDEX
     * (PRIMARY)} scans it for InnoDB), so the buffer pool holds the data before measuring. Tables without a
     * primary key are scanned whole.
     *
     * @return seconds it took
     * @throws SQLException when a scan fails
     */
    public static double warmBufferPool(Connection c, String database) throws SQLException {
        long start = System.nanoTime();
        for (TableFacts t : read(c, database)) {
            String table = "`" + database + "`.`" + t.name().replace("`", "``") + "`";
            try (var s = c.createStatement()) {
                try {
                    s.executeQuery("SELECT COUNT(*) FROM " + table + " FORCE INDEX (PRIMARY)").close();
                } catch (SQLException noPrimary) {
                    s.executeQuery("SELECT COUNT(*) FROM " + table).close();
                }
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
