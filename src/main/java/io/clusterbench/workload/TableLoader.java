package io.clusterbench.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Loads one chunk of generated rows into one table on one connection, the way every family's loader does:
 * {@code LOAD DATA LOCAL INFILE} streamed from memory through MariaDB Connector/J's
 * {@code setLocalInfileInputStream} (one statement and one transaction per chunk), or, when the server
 * refuses local infile ({@code local_infile=OFF}: error 1148 or 4166), multi-row {@code INSERT}s of
 * {@value #ROWS_PER_INSERT} rows as sysbench does.
 *
 * <p>A chunk is the unit of commit, of resume and (on Galera) of write-set size: its rows are either all
 * there or none are (InnoDB), so a resumed load counts rows per chunk range.
 *
 * <p>Stateless apart from remembering, per instance, that local infile was refused; thread-safe.
 */
public final class TableLoader {
    /** Rows per multi-row INSERT in the fallback, as sysbench's bulk insert. */
    public static final int ROWS_PER_INSERT = 1000;
    private static final int NOT_ALLOWED = 1148;
    private static final int LOCAL_INFILE_DISABLED = 4166;
    private volatile boolean infileRefused;

    /**
     * One chunk: {@code rows} rows for {@code columns} of {@code table}, written by {@code writer}.
     *
     * @param table   table name
     * @param columns comma-separated column list, in the order the writer writes fields
     * @param rows    rows in the chunk, &ge; 0
     * @param writer  writes row {@code i} (0-based within the chunk, called in order 0, 1, ... once each);
     *                fields hold no tab, newline, quote or backslash, except a whole field {@code \N}
     *                ({@link RowStream.Line#nul()}), which is SQL NULL
     */
    public record Chunk(String table, String columns, long rows, RowStream.Rows writer) { }

    /** @return true once a server refused {@code LOAD DATA LOCAL}, so chunks go as INSERTs */
    public boolean usesInserts() {
        return infileRefused;
    }

    /**
     * @param c     the loader connection (autocommit on)
     * @param chunk what to load
     * @return rows the server reports loaded
     * @throws SQLException when the server fails the load
     */
    public long load(Connection c, Chunk chunk) throws SQLException {
        if (chunk.rows() == 0) {
            return 0;
        }
        if (!infileRefused) {
            try (Statement s = c.createStatement()) {
                s.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(
                        new RowStream(chunk.writer(), chunk.rows()));
                return s.executeLargeUpdate("LOAD DATA LOCAL INFILE 'clusterbench-" + chunk.table()
                        + ".tsv' INTO TABLE " + chunk.table() + " CHARACTER SET latin1 (" + chunk.columns() + ")");
            } catch (SQLException e) {
                if (e.getErrorCode() != NOT_ALLOWED && e.getErrorCode() != LOCAL_INFILE_DISABLED) {
                    throw e;
                }
                infileRefused = true;
            }
        }
        return insert(c, chunk);
    }

    /** The fallback: multi-row INSERTs in one transaction, so the chunk still commits whole. */
    private static long insert(Connection c, Chunk chunk) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            long n = inserts(c, chunk);
            c.commit();
            return n;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    /** Opens a quoted value; @return where its text starts. */
    private static int openField(StringBuilder sql) {
        sql.append('\'');
        return sql.length();
    }

    /** Closes the value opened at {@code start}: a field {@code \N} becomes NULL, as LOAD DATA reads it. */
    private static void closeField(StringBuilder sql, int start) {
        if (sql.length() - start == 2 && sql.charAt(start) == '\\' && sql.charAt(start + 1) == 'N') {
            sql.setLength(start - 1);
            sql.append("NULL");
        } else {
            sql.append('\'');
        }
    }

    private static long inserts(Connection c, Chunk chunk) throws SQLException {
        RowStream in = new RowStream(chunk.writer(), chunk.rows());
        String head = "INSERT INTO " + chunk.table() + " (" + chunk.columns() + ") VALUES ";
        StringBuilder sql = new StringBuilder(ROWS_PER_INSERT * 256).append(head);
        byte[] buf = new byte[64 * 1024];
        long loaded = 0;
        int inBatch = 0;
        boolean rowOpen = false;
        int fieldStart = 0;
        try (Statement s = c.createStatement()) {
            for (int n = in.read(buf, 0, buf.length); n > 0; n = in.read(buf, 0, buf.length)) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (!rowOpen) {
                        sql.append(inBatch == 0 ? "(" : ",(");
                        rowOpen = true;
                        fieldStart = openField(sql);
                    }
                    if (b == '\t') {
                        closeField(sql, fieldStart);
                        sql.append(',');
                        fieldStart = openField(sql);
                    } else if (b == '\n') {
                        closeField(sql, fieldStart);
                        sql.append(')');
                        rowOpen = false;
                        if (++inBatch == ROWS_PER_INSERT) {
                            loaded += s.executeUpdate(sql.toString());
                            sql.setLength(0);
                            sql.append(head);
                            inBatch = 0;
                        }
                    } else {
                        sql.append((char) (b & 0xff));
                    }
                }
            }
            if (inBatch > 0) {
                loaded += s.executeUpdate(sql.toString());
            }
        }
        return loaded;
    }
}
