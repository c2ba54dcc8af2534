package io.clusterbench.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The base tables of one database as {@code information_schema.TABLES} describes them: the one reader behind the
 * run's table line ({@code result.TableRecord}) and the A/B data check ({@code ab.TableFacts}).
 *
 * <p>Thread-safe (stateless).
 */
public final class BaseTables {
    private BaseTables() {
    }

    /**
     * One row of {@code information_schema.TABLES}. Immutable.
     *
     * @param name          table name
     * @param engine        storage engine
     * @param collation     table default collation
     * @param rowFormat     row format
     * @param createOptions {@code create_options} (e.g. {@code row_format=COMPACT}), possibly empty or null
     * @param dataBytes     data_length + index_length as the server estimates it, bytes
     */
    public record Row(String name, String engine, String collation, String rowFormat, String createOptions,
                      long dataBytes) {
    }

    /**
     * @param schema the database
     * @return its base tables, sorted by name
     * @throws SQLException when information_schema cannot be read
     */
    public static List<Row> read(Connection c, String schema) throws SQLException {
        List<Row> out = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT table_name, engine, table_collation, row_format, "
                + "create_options, COALESCE(data_length, 0) + COALESCE(index_length, 0) FROM information_schema.tables "
                + "WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name")) {
            s.setString(1, schema);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            rs.getLong(6)));
                }
            }
        }
        return out;
    }
}
