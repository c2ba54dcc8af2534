package io.clusterbench.db.wire;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A server-side prepared statement of one connection whose parameters are set by position and which runs to
 * a row count or an affected-row count: the shape of every OLTP statement. Two implementations: over JDBC
 * ({@link #jdbc}) and over the binary protocol on the connection's socket ({@link WireLink#prepare}); both
 * throw the same {@link SQLException}s (vendor code, SQLSTATE and class as MariaDB Connector/J makes them).
 *
 * <p>Confined to the thread that owns the connection.
 */
public interface BoundStatement {
    /** Sets parameter {@code index} (1-based) to a BIGINT. */
    void setLong(int index, long value) throws SQLException;

    /** Sets parameter {@code index} (1-based) to an INT. */
    void setInt(int index, int value) throws SQLException;

    /** Sets parameter {@code index} (1-based) to a string (sent as UTF-8). */
    void setString(int index, String value) throws SQLException;

    /**
     * Runs the statement and reads its whole result set.
     *
     * @return rows returned, &ge; 0
     */
    int countRows() throws SQLException;

    /**
     * Runs a statement that returns no rows.
     *
     * @return rows affected (found, as Connector/J's default {@code useAffectedRows=false} asks the server), &ge; 0
     */
    long update() throws SQLException;

    /** @return a bound statement over a JDBC prepared statement */
    static BoundStatement jdbc(PreparedStatement ps) {
        return new BoundStatement() {
            @Override
            public void setLong(int index, long value) throws SQLException {
                ps.setLong(index, value);
            }

            @Override
            public void setInt(int index, int value) throws SQLException {
                ps.setInt(index, value);
            }

            @Override
            public void setString(int index, String value) throws SQLException {
                ps.setString(index, value);
            }

            @Override
            public int countRows() throws SQLException {
                int rows = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows++;
                    }
                }
                return rows;
            }

            @Override
            public long update() throws SQLException {
                return ps.executeUpdate();
            }
        };
    }
}
