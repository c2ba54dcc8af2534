package io.clusterbench.db.wire;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

/**
 * A statement prepared over the lean path ({@link WireLink#prepare}): parameters are kept as set and sent with
 * their types on every COM_STMT_EXECUTE (BIGINT, INT or VAR_STRING in UTF-8, as Connector/J sends
 * {@code setLong}, {@code setInt} and {@code setString}).
 *
 * <p>Confined to the thread that owns the connection.
 */
final class WireStatement implements BoundStatement {
    private static final byte LONGLONG = 0x08;
    private static final byte LONG = 0x03;
    private static final byte VAR_STRING = (byte) 0xFD;

    private final WireLink link;
    private final String sql;
    private final int id;
    private final byte[] types;
    private final long[] numbers;
    private final byte[][] texts;

    WireStatement(WireLink link, String sql, int id, int params) {
        this.link = link;
        this.sql = sql;
        this.id = id;
        this.types = new byte[params];
        this.numbers = new long[params];
        this.texts = new byte[params][];
    }

    @Override
    public void setLong(int index, long value) throws SQLException {
        set(index, LONGLONG, value, null);
    }

    @Override
    public void setInt(int index, int value) throws SQLException {
        set(index, LONG, value, null);
    }

    @Override
    public void setString(int index, String value) throws SQLException {
        set(index, VAR_STRING, 0, value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public int countRows() throws SQLException {
        return (int) link.run(sql, execute(), true);
    }

    @Override
    public long update() throws SQLException {
        return link.run(sql, execute(), true);
    }

    private void set(int index, byte type, long number, byte[] text) throws SQLException {
        if (index < 1 || index > types.length) {
            throw new SQLException("parameter index " + index + " is out of 1.." + types.length + ": " + sql, "07009");
        }
        types[index - 1] = type;
        numbers[index - 1] = number;
        texts[index - 1] = text;
    }

    /** Writes the COM_STMT_EXECUTE command into the link's buffer; @return its length with the header */
    private int execute() throws SQLException {
        int n = types.length;
        int size = 10 + (n + 7) / 8 + 1 + 2 * n;
        for (int i = 0; i < n; i++) {
            if (types[i] == 0) {
                throw new SQLException("parameter " + (i + 1) + " is not set: " + sql, "07004");
            }
            size += types[i] == VAR_STRING ? 9 + texts[i].length : 8;
        }
        int p = link.begin(size);
        byte[] b = link.command;
        b[p++] = 0x17;
        p = int4(b, p, id);
        b[p++] = 0; // no cursor
        p = int4(b, p, 1); // iteration count
        if (n > 0) {
            for (int i = 0; i < (n + 7) / 8; i++) {
                b[p++] = 0; // no NULL parameter
            }
            b[p++] = 1; // types follow
            for (int i = 0; i < n; i++) {
                b[p++] = types[i];
                b[p++] = 0;
            }
            for (int i = 0; i < n; i++) {
                p = value(b, p, i);
            }
        }
        return p;
    }

    private int value(byte[] b, int p, int i) {
        if (types[i] == VAR_STRING) {
            byte[] t = texts[i];
            p = lengthEncoded(b, p, t.length);
            System.arraycopy(t, 0, b, p, t.length);
            return p + t.length;
        }
        long v = numbers[i];
        int bytes = types[i] == LONGLONG ? 8 : 4;
        for (int k = 0; k < bytes; k++) {
            b[p++] = (byte) (v >>> (8 * k));
        }
        return p;
    }

    private static int int4(byte[] b, int p, int v) {
        b[p] = (byte) v;
        b[p + 1] = (byte) (v >>> 8);
        b[p + 2] = (byte) (v >>> 16);
        b[p + 3] = (byte) (v >>> 24);
        return p + 4;
    }

    private static int lengthEncoded(byte[] b, int p, int v) {
        if (v < 0xFB) {
            b[p] = (byte) v;
            return p + 1;
        }
        if (v < 0x10000) {
            b[p] = (byte) 0xFC;
            b[p + 1] = (byte) v;
            b[p + 2] = (byte) (v >>> 8);
            return p + 3;
        }
        b[p] = (byte) 0xFD;
        b[p + 1] = (byte) v;
        b[p + 2] = (byte) (v >>> 8);
        b[p + 3] = (byte) (v >>> 16);
        return p + 4;
    }
}
