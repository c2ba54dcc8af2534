package io.clusterbench.ab;

import io.clusterbench.db.BaseTables;

import java.sql.Connection;
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
        for (BaseTables.Row t : BaseTables.read(c, database)) {
            out.add(new TableFacts(t.name(), t.engine(), t.collation(), t.rowFormat(), t.dataBytes()));
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
