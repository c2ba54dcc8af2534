package io.clusterbench.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Whether a server on a loopback port is ready: a real login over TCP as {@code root} with an empty password (the
 * embedded server's {@code root@127.0.0.1}, or any account of a server started with {@code --skip-grant-tables}),
 * then {@code COM_QUIT}, so a probe leaves no aborted connection in the server's counters. The client/server protocol
 * as MariaDB documents it (Connection phase: Initial handshake packet, Handshake response packet,
 * {@code mysql_native_password}); no TLS, no database.
 *
 * <p>Stateless and thread-safe.
 */
final class LoginProbe {
    private static final int CLIENT_LONG_PASSWORD = 1;
    private static final int CLIENT_PROTOCOL_41 = 0x200;
    private static final int CLIENT_SECURE_CONNECTION = 0x8000;
    private static final int CLIENT_PLUGIN_AUTH = 0x80000;
    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final String PLUGIN = "mysql_native_password";

    private LoginProbe() {
    }

    /** What one probe found. */
    enum Answer {
        /** Nothing accepted the connection, or it closed before the login's answer: not (yet) serving. */
        NOT_SERVING,
        /** Logged in and quit. */
        READY,
        /** The server answered, but refused the login (the message is in {@link Result#error}). */
        REFUSED
    }

    /** @param error the server's error message when {@link Answer#REFUSED}, else null */
    record Result(Answer answer, String error) {
    }

    /**
     * @param port          TCP port on 127.0.0.1
     * @param timeoutMillis bound of the connect and of each read, &gt; 0
     * @return what the server did
     */
    static Result probe(int port, int timeoutMillis) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] greeting = packet(in);
            if (greeting[0] == (byte) 0xFF) {
                return new Result(Answer.REFUSED, error(greeting)); // e.g. too many connections, host blocked
            }
            if (greeting[0] != 10) {
                return new Result(Answer.NOT_SERVING, null);
            }
            out.write(loginPacket());
            out.flush();
            byte[] reply = packet(in);
            if (reply[0] == (byte) 0xFE) { // authentication switch: answer with the empty password's empty response
                out.write(new byte[] {0, 0, 0, 3});
                out.flush();
                reply = packet(in);
            }
            if (reply[0] == (byte) 0xFF) {
                return new Result(Answer.REFUSED, error(reply));
            }
            if (reply[0] != 0) {
                return new Result(Answer.NOT_SERVING, null);
            }
            out.write(new byte[] {1, 0, 0, 0, 1}); // COM_QUIT
            out.flush();
            return new Result(Answer.READY, null);
        } catch (IOException e) {
            return new Result(Answer.NOT_SERVING, null);
        }
    }

    /** @return one packet's payload (at least one byte) */
    private static byte[] packet(InputStream in) throws IOException {
        byte[] header = in.readNBytes(4);
        if (header.length < 4) {
            throw new IOException("closed");
        }
        int length = (header[0] & 0xFF) | (header[1] & 0xFF) << 8 | (header[2] & 0xFF) << 16;
        byte[] payload = in.readNBytes(length);
        if (payload.length < Math.max(1, length)) {
            throw new IOException("closed");
        }
        return payload;
    }

    /** @return the handshake response (sequence 1): root, empty password, no database */
    private static byte[] loginPacket() {
        byte[] user = "root".getBytes(StandardCharsets.US_ASCII);
        byte[] plugin = PLUGIN.getBytes(StandardCharsets.US_ASCII);
        int length = 4 + 4 + 1 + 23 + user.length + 1 + 1 + plugin.length + 1;
        byte[] p = new byte[4 + length];
        p[0] = (byte) length;
        p[1] = (byte) (length >> 8);
        p[2] = (byte) (length >> 16);
        p[3] = 1;
        int flags = CLIENT_LONG_PASSWORD | CLIENT_PROTOCOL_41 | CLIENT_SECURE_CONNECTION | CLIENT_PLUGIN_AUTH;
        int at = 4;
        for (int i = 0; i < 4; i++) {
            p[at++] = (byte) (flags >> (8 * i));
        }
        p[at + 2] = 0; // max packet size 16 MB: bytes 00 00 00 01
        p[at + 3] = 1;
        at += 4;
        p[at++] = (byte) UTF8MB4_GENERAL_CI;
        at += 23; // filler
        System.arraycopy(user, 0, p, at, user.length);
        at += user.length + 1;
        p[at++] = 0; // auth response length: the empty password's response is empty
        System.arraycopy(plugin, 0, p, at, plugin.length);
        return p;
    }

    /** @return the message of an ERR packet (after its code and SQLSTATE marker) */
    private static String error(byte[] err) {
        int from = err.length > 9 && err[3] == '#' ? 9 : Math.min(3, err.length);
        int code = err.length >= 3 ? (err[1] & 0xFF) | (err[2] & 0xFF) << 8 : 0;
        return "(" + code + ") " + new String(err, from, err.length - from, StandardCharsets.UTF_8);
    }
}
