package io.clusterbench.workload.ddl;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What a ddl worker's table looks like: present or not, rows loaded (ids 1..rows), and whether the family's
 * extra column and index exist. Immutable.
 *
 * @param present whether the table exists
 * @param rows    rows in it (ids 1..rows of {@code ddl_source})
 * @param column  whether {@code ddl_extra} exists
 * @param index   whether index {@code ddl_c} exists
 */
record TableState(boolean present, long rows, boolean column, boolean index) {
    static TableState absent() {
        return new TableState(false, 0, false, false);
    }

    TableState withRows(long n) {
        return new TableState(present, n, column, index);
    }

    /** @return the state after {@code kind} succeeded */
    TableState after(DdlKind kind) {
        return switch (kind) {
            case CREATE -> new TableState(true, 0, false, false);
            case ADD_COLUMN -> new TableState(true, rows, true, index);
            case DROP_COLUMN -> new TableState(true, rows, false, index);
            case ADD_INDEX -> new TableState(true, rows, column, true);
            case DROP_INDEX -> new TableState(true, rows, column, false);
            case FORCE -> this;
            case TRUNCATE -> new TableState(true, 0, column, index);
            case DROP -> absent();
        };
    }

    /** Reads the state from the server (after a failed event, when it is unknown). */
    static TableState read(Statement s, String table) throws SQLException {
        boolean present;
        boolean column = false;
        boolean index = false;
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = "
                + "DATABASE() AND table_name = '" + table + "'")) {
            rs.next();
            present = rs.getInt(1) > 0;
        }
        if (!present) {
            return absent();
        }
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = "
                + "DATABASE() AND table_name = '" + table + "' AND column_name = 'ddl_extra'")) {
            rs.next();
            column = rs.getInt(1) > 0;
        }
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = "
                + "DATABASE() AND table_name = '" + table + "' AND index_name = 'ddl_c'")) {
            rs.next();
            index = rs.getInt(1) > 0;
        }
        long rows;
        try (ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + table)) {
            rs.next();
            rows = rs.getLong(1);
        }
        return new TableState(true, rows, column, index);
    }
}
