package io.clusterbench.db.wire;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

/**
 * A statement prepared over the lean path ({@link WireLink#prepare}) on its first execution: parameters are kept
 * as set and sent with
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
    /** Server statement id, -1 until prepared. */
    private int id = -1;
    /** Parameters the server expects, known once prepared. */
    private int params;
    private byte[] types = new byte[4];
    private long[] numbers = new long[4];
    private byte[][] texts = new byte[4][];

    WireStatement(WireLink link, String sql) {
        this.link = link;
        this.sql = sql;
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
        if (index < 1 || (id >= 0 && index > params)) {
            throw new SQLException("parameter index " + index + " is out of 1.." + params + ": " + sql, "07009");
        }
        if (index > types.length) {
            types = java.util.Arrays.copyOf(types, index);
            numbers = java.util.Arrays.copyOf(numbers, index);
            texts = java.util.Arrays.copyOf(texts, index);
        }
        types[index - 1] = type;
        numbers[index - 1] = number;
        texts[index - 1] = text;
    }

    /** Writes the COM_STMT_EXECUTE command into the link's buffer; @return its length with the header */
    private int execute() throws SQLException {
        if (id < 0) {
            int[] prepared = link.serverPrepare(sql);
            id = prepared[0];
            params = prepared[1];
        }
        int n = params;
        int size = 10 + (n + 7) / 8 + 1 + 2 * n;
        for (int i = 0; i < n; i++) {
            if (i >= types.length || types[i] == 0) {
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
