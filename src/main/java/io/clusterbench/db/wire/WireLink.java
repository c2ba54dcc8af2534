package io.clusterbench.db.wire;

import org.mariadb.jdbc.client.Context;
import org.mariadb.jdbc.export.ExceptionFactory;
import org.mariadb.jdbc.util.constants.Capabilities;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The lean statement path: statements sent over the MariaDB/MySQL client/server protocol directly on the socket of
 * a connection MariaDB Connector/J opened, for the OLTP statements (COM_STMT_PREPARE once, then COM_STMT_EXECUTE;
 * COM_QUERY for text statements). The driver keeps the handshake, authentication, session set-up, cancel and
 * close; this class takes the socket only between the driver's own commands (the connection is idle when a worker
 * starts a statement), so both can be used on one connection. It reads what the driver negotiated: the end of a
 * column list (CLIENT_DEPRECATE_EOF), MariaDB's metadata caching (MARIADB_CLIENT_CACHE_METADATA).
 * Protocol as documented by MariaDB ("Client/Server Protocol": COM_STMT_EXECUTE, result set packets, OK/ERR/EOF).
 *
 * <p>Errors as Connector/J gives them: an ERR packet becomes the driver's own exception for the same message,
 * SQLSTATE and vendor code (built by the connection's {@link ExceptionFactory}); a failed read or write (closed
 * socket, read timeout, lost server) closes the socket and becomes the driver's {@code "Socket error"} with
 * SQLSTATE 08000, as the driver does on the same failure. Anything the protocol says that this class does not
 * expect is treated the same way: the connection is closed, never read out of step.
 *
 * <p>Confined to the thread that owns the connection (the socket may be closed from another thread, which fails
 * the read in progress).
 */
public final class WireLink {
    private static final int MAX_PAYLOAD = 0xFFFFFF;
    private static final int SERVER_MORE_RESULTS_EXIST = 8;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final Context context;
    private final ExceptionFactory errors;
    private final boolean eofDeprecated;
    private final boolean metadataCached;
    /**
     * Socket read buffer: 8 KB, because Java 17's classic socket implementation reads up to 8 KB through a buffer on
     * the native stack and allocates one on the C heap for every larger read.
     */
    private final byte[] inBuf = new byte[8192];
    private int inPos;
    private int inLimit;
    /** Read position in {@link #packet} of {@link #lengthEncoded()}. */
    private int cursor;
    /** The payload of the last packet read, in {@code packet[0..packetLength)}. */
    byte[] packet = new byte[1024];
    int packetLength;
    /** Outgoing command: 4 header bytes then the payload; grows as needed. */
    byte[] command = new byte[512];

    private WireLink(Socket socket, Context context, ExceptionFactory errors) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.context = context;
        this.errors = errors;
        this.eofDeprecated = context.isEofDeprecated();
        this.metadataCached = context.canSkipMeta();
    }

    /**
     * The lean path for a connection, when it can take one: a MariaDB Connector/J connection over plain TCP
     * ({@code socket} is the TCP socket the driver opened), without TLS or compression, with server-side prepared
     * statements (what the JDBC path runs) and the 4.1 protocol.
     *
     * @param connection an open connection, idle
     * @param socket     its TCP socket, or null (a unix socket, or not captured)
     * @return the lean path, or null when the connection must stay on JDBC
     */
    public static WireLink attach(Connection connection, Socket socket) {
        if (connection == null || socket == null || socket.isClosed() || socket instanceof javax.net.ssl.SSLSocket) {
            return null;
        }
        try {
            if (!connection.isWrapperFor(org.mariadb.jdbc.Connection.class)) {
                return null;
            }
            org.mariadb.jdbc.Connection c = connection.unwrap(org.mariadb.jdbc.Connection.class);
            Context ctx = c.getContext();
            if (ctx.hasClientCapability(Capabilities.SSL) || ctx.hasClientCapability(Capabilities.COMPRESS)
                    || !ctx.hasClientCapability(Capabilities.CLIENT_PROTOCOL_41) || !ctx.getConf().useServerPrepStmts()
                    || ctx.getConf().useCompression()) {
                return null;
            }
            return new WireLink(socket, ctx, ctx.getExceptionFactory());
        } catch (SQLException | IOException | RuntimeException e) {
            return null; // any doubt: the JDBC path
        }
    }

    /**
     * A statement to prepare on the server (COM_STMT_PREPARE) on its first execution, as Connector/J prepares a
     * server-side statement: a statement the server rejects fails when it runs, not here.
     *
     * @param sql one statement with {@code ?} parameters
     * @return the statement, bound to this connection
     */
    public BoundStatement prepare(String sql) {
        return new WireStatement(this, sql);
    }

    /**
     * Prepares {@code sql} on the server.
     *
     * @return {statement id, parameter count}
     * @throws SQLException the server's error, or a lost connection (SQLSTATE 08000)
     */
    int[] serverPrepare(String sql) throws SQLException {
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        int p = begin(1 + text.length);
        command[p++] = 0x16;
        System.arraycopy(text, 0, command, p, text.length);
        try {
            send(p + text.length);
            readPacket();
            if (header() == 0xFF) {
                throw serverError(sql);
            }
            if (header() != 0) {
                throw unexpected(sql);
            }
            int id = int4(1);
            int columns = int2(5);
            int params = int2(7);
            skipDefinitions(params);
            skipDefinitions(columns);
            expectIdle(sql);
            return new int[]{id, params};
        } catch (IOException e) {
            throw lost(sql, e);
        }
    }

    /**
     * Runs a text statement (COM_QUERY), e.g. BEGIN, COMMIT or an INSERT with literal values.
     *
     * @return rows affected, or rows returned for a statement with a result set
     * @throws SQLException the server's error, or a lost connection (SQLSTATE 08000)
     */
    public long query(String sql) throws SQLException {
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        int p = begin(1 + text.length);
        command[p++] = 0x03;
        System.arraycopy(text, 0, command, p, text.length);
        return run(sql, p + text.length, false);
    }

    /** Grows {@link #command} to hold {@code payload} bytes; @return the offset of the payload */
    int begin(int payload) {
        if (command.length < payload + 4) {
            command = java.util.Arrays.copyOf(command, Math.max(payload + 4, 2 * command.length));
        }
        return 4;
    }

    /**
     * Sends the command in {@code command[0..length)} and reads its whole response.
     *
     * @param binary true for a binary-protocol result set (COM_STMT_EXECUTE), false for text
     * @return rows returned for a result set, else rows affected
     */
    long run(String sql, int length, boolean binary) throws SQLException {
        try {
            send(length);
            long result = readResponse(sql, binary);
            while ((context.getServerStatus() & SERVER_MORE_RESULTS_EXIST) != 0) {
                readResponse(sql, binary); // further results (a procedure's): read and dropped
            }
            expectIdle(sql);
            return result;
        } catch (IOException e) {
            throw lost(sql, e);
        }
    }

    private long readResponse(String sql, boolean binary) throws IOException, SQLException {
        readPacket();
        int h = header();
        if (h == 0) {
            return ok(1);
        }
        if (h == 0xFF) {
            throw serverError(sql);
        }
        if (h == 0xFB) {
            throw unexpected(sql); // LOCAL INFILE request: never asked by these statements
        }
        cursor = 0;
        long columns = lengthEncoded();
        boolean definitions = !metadataCached || packet[cursor] != 0;
        if (definitions) {
            skipDefinitions((int) columns);
        }
        long rows = 0;
        while (true) {
            readPacket();
            h = header();
            if (h == 0xFE && packetLength < MAX_PAYLOAD) {
                if (eofDeprecated) {
                    ok(1);
                } else {
                    context.setWarning(int2(1));
                    context.setServerStatus(int2(3));
                }
                return rows;
            }
            if (h == 0xFF) {
                throw serverError(sql);
            }
            if (binary && h != 0) {
                throw unexpected(sql);
            }
            rows++;
        }
    }

    /** Reads an OK packet's body from {@code offset}: updates the driver's session state; @return affected rows */
    private long ok(int offset) {
        cursor = offset;
        long affected = lengthEncoded();
        long insertId = lengthEncoded();
        context.setServerStatus(int2(cursor));
        context.setWarning(int2(cursor + 2));
        if (insertId != 0) {
            context.setAutoIncrement(insertId);
        }
        return affected;
    }

    /** Skips {@code count} column or parameter definitions and their EOF packet (none with DEPRECATE_EOF). */
    private void skipDefinitions(int count) throws IOException {
        if (count <= 0) {
            return;
        }
        for (int i = 0; i < count; i++) {
            readPacket();
        }
        if (!eofDeprecated) {
            readPacket();
        }
    }

    private SQLException serverError(String sql) throws IOException {
        int code = int2(1);
        while (code == 0xFFFF) { // a progress report (MariaDB), not an error: the response follows
            readPacket();
            if (header() != 0xFF) {
                throw new IOException("packet after a progress report is not an error");
            }
            code = int2(1);
        }
        String state = "HY000";
        int messageAt = 3;
        if (packetLength > 8 && packet[3] == '#') {
            state = new String(packet, 4, 5, StandardCharsets.US_ASCII);
            messageAt = 9;
        }
        String message = new String(packet, messageAt, packetLength - messageAt, StandardCharsets.UTF_8);
        context.setServerStatus(context.getServerStatus() | 1); // as the driver: a ROLLBACK may be due
        try {
            expectIdle(sql);
        } catch (SQLException lost) {
            return lost;
        }
        return errors.withSql(sql).create(message, state, code);
    }

    /** The response ended: nothing may be left unread, or the driver would read out of step. */
    private void expectIdle(String sql) throws SQLException {
        if (inPos != inLimit) {
            throw lost(sql, new IOException("unexpected bytes after the end of a response"));
        }
    }

    private SQLException unexpected(String sql) {
        return lost(sql, new IOException("unexpected packet 0x" + Integer.toHexString(header()) + " in a response"));
    }

    /** Closes the socket (the driver destroys it on the same failure) and makes the driver's lost-connection error. */
    private SQLException lost(String sql, IOException e) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
        return errors.withSql(sql).create(e instanceof SocketTimeoutException ? "Socket timout error" : "Socket error",
                "08000", e);
    }

    // ---- packets ----

    private void send(int length) throws IOException {
        int payload = length - 4;
        if (payload >= MAX_PAYLOAD) {
            throw new IOException("command of " + payload + " bytes exceeds one packet");
        }
        command[0] = (byte) payload;
        command[1] = (byte) (payload >>> 8);
        command[2] = (byte) (payload >>> 16);
        command[3] = 0; // a command starts a new sequence
        out.write(command, 0, length);
    }

    /** Reads one logical packet (joining 16 MB parts) into {@link #packet}. */
    private void readPacket() throws IOException {
        int total = 0;
        int part;
        do {
            part = readByte() | readByte() << 8 | readByte() << 16;
            readByte(); // sequence number
            if (packet.length < total + part) {
                packet = java.util.Arrays.copyOf(packet, Math.max(total + part, 2 * packet.length));
            }
            int off = total;
            int end = total + part;
            while (off < end) {
                fill();
                int n = Math.min(end - off, inLimit - inPos);
                System.arraycopy(inBuf, inPos, packet, off, n);
                inPos += n;
                off += n;
            }
            total = end;
        } while (part == MAX_PAYLOAD);
        packetLength = total;
        if (total == 0) {
            throw new IOException("empty packet");
        }
    }

    private int readByte() throws IOException {
        fill();
        return inBuf[inPos++] & 0xFF;
    }

    private void fill() throws IOException {
        if (inPos == inLimit) {
            int n = in.read(inBuf, 0, inBuf.length);
            if (n <= 0) {
                throw new EOFException("connection closed by the server");
            }
            inPos = 0;
            inLimit = n;
        }
    }

    private int header() {
        return packet[0] & 0xFF;
    }

    private int int2(int at) {
        return (packet[at] & 0xFF) | (packet[at + 1] & 0xFF) << 8;
    }

    private int int4(int at) {
        return int2(at) | int2(at + 2) << 16;
    }

    /** Reads a length-encoded integer at {@link #cursor} and moves past it. */
    private long lengthEncoded() {
        int i = cursor;
        int first = packet[i] & 0xFF;
        if (first < 0xFB) {
            cursor = i + 1;
            return first;
        }
        int bytes = first == 0xFC ? 2 : first == 0xFD ? 3 : 8;
        long v = 0;
        for (int b = 0; b < bytes; b++) {
            v |= (long) (packet[i + 1 + b] & 0xFF) << (8 * b);
        }
        cursor = i + 1 + bytes;
        return v;
    }
}
