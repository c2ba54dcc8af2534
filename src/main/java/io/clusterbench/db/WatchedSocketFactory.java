package io.clusterbench.db;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.function.Consumer;

/**
 * The driver's socket factory for every TCP connection a {@link Target} opens ({@code socketFactory} in its URL):
 * it makes the same plain {@link Socket} the driver would, and hands it to a sink the opening thread registered
 * with {@link #capture}. A worker's session keeps that socket so that another thread can close it under a read
 * that blocks on a node that stopped answering ({@code engine.StuckStatements}): closing a socket frees a
 * blocked read at once, without a round trip to the silent node (the driver's own {@code abort} first opens a
 * connection there to send {@code KILL}, and then reads from the socket the worker is blocked on).
 *
 * <p>So worker connections need no socket read timeout ({@code socketTimeout}), which makes the JDK turn every
 * read into read, poll, read (docs/metrics.md, "Read timeout"). Unix-socket endpoints do not use a socket
 * factory; their sessions fall back to the driver's abort.
 *
 * <p>Thread-safe: the sink is per thread; the driver creates one factory per connection (public no-argument
 * constructor, MariaDB Connector/J 3.x {@code ConnectionHelper}).
 */
public final class WatchedSocketFactory extends javax.net.SocketFactory {
    private static final ThreadLocal<Consumer<Socket>> SINK = new ThreadLocal<>();
    /** Every socket made and not yet seen closed; pruned as it grows. */
    private static final java.util.Set<Socket> OPEN = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final java.util.concurrent.atomic.AtomicInteger MADE = new java.util.concurrent.atomic.AtomicInteger();

    /** Called by the driver. */
    public WatchedSocketFactory() {
    }

    /**
     * Runs {@code open} on this thread with {@code sink} receiving every socket a connection opened meanwhile
     * creates (before it connects, so a hanging handshake can be broken too).
     *
     * @param sink receives each new socket, on this thread
     * @param open opens the connection
     * @param <T>  what {@code open} returns
     * @param <E>  what {@code open} throws
     * @return what {@code open} returned
     * @throws E what {@code open} threw
     */
    public static <T, E extends Exception> T capture(Consumer<Socket> sink, Opener<T, E> open) throws E {
        Consumer<Socket> before = SINK.get();
        SINK.set(sink);
        try {
            return open.open();
        } finally {
            SINK.set(before);
        }
    }

    /** What {@link #capture} runs. */
    @FunctionalInterface
    public interface Opener<T, E extends Exception> {
        /** @return the opened connection @throws E when it cannot be opened */
        T open() throws E;
    }

    @Override
    public Socket createSocket() {
        Socket s = new Socket();
        OPEN.add(s);
        if (MADE.incrementAndGet() % 1024 == 0) {
            OPEN.removeIf(Socket::isClosed); // reconnects make sockets all run long: keep only the open ones
        }
        Consumer<Socket> sink = SINK.get();
        if (sink != null) {
            sink.accept(s);
        }
        return s;
    }

    @Override
    public Socket createSocket(String host, int port) {
        throw connectedNotSupported();
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
        throw connectedNotSupported();
    }

    @Override
    public Socket createSocket(InetAddress host, int port) {
        throw connectedNotSupported();
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
        throw connectedNotSupported();
    }

    /** The driver creates unconnected sockets ({@link #createSocket()}) and connects them itself. */
    private static UnsupportedOperationException connectedNotSupported() {
        return new UnsupportedOperationException("the driver creates unconnected sockets");
    }

    /**
     * Closes every socket this factory made that is still open, so every read or write blocked on one (a worker, an
     * observer or a cancel stuck on a server that does not answer) fails at once. For the end of a command only:
     * the JVM waits up to 300 ms at exit for threads blocked in native reads.
     *
     * @return the sockets closed
     */
    public static int closeAll() {
        int n = 0;
        for (Socket s : OPEN) {
            if (!s.isClosed() && close(s)) {
                n++;
            }
        }
        OPEN.clear();
        return n;
    }

    /**
     * Closes a captured socket from any thread, so a read or write blocked on it fails at once.
     *
     * @param socket a socket {@link #capture} handed out
     * @return false when closing it failed (the caller may fall back to the driver's abort)
     */
    public static boolean close(Socket socket) {
        try {
            socket.close();
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
