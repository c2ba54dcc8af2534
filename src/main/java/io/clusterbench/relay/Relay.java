package io.clusterbench.relay;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Listens on one node's public address and port ({@link RelayAddresses}) and relays each connection to the
 * node's private address, through two {@link Pump}s that add the path's delay. The caller is recognised by its
 * source address (a node's private address); the relay connects onward from the caller's public address, so the
 * node sees the caller where the others reach it. A connection to or from a partitioned node is closed as soon as
 * it is accepted.
 *
 * <p>Thread-safe: one accept thread; {@link #close} from any thread.
 */
final class Relay implements AutoCloseable {
    /** How long the onward connection may take. */
    static final int CONNECT_TIMEOUT_MILLIS = 2000;
    private final RelayState state;
    private final int node;
    private final int port;
    private final ServerSocket server;
    private final Thread acceptor;

    /**
     * @param node 1-based index of the node behind this relay
     * @param port the port, the same on the public and the private address
     * @throws IOException when the public address cannot be bound
     */
    Relay(RelayState state, int node, int port) throws IOException {
        this.state = state;
        this.node = node;
        this.port = port;
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getByName(RelayAddresses.publicHost(node)), port), 128);
        acceptor = new Thread(this::acceptLoop, "relay-accept-" + node + "-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                handle(client);
            } catch (IOException e) {
                // closed, or one failed accept: go on while open
            }
        }
    }

    private void handle(Socket client) {
        int from = RelayAddresses.nodeOfPrivate(client.getInetAddress().getHostAddress());
        if (state.cutOff(from) || state.cutOff(node)) {
            Pump.closeQuietly(client);
            return;
        }
        Socket onward = new Socket();
        try {
            if (from > 0) {
                onward.bind(new InetSocketAddress(InetAddress.getByName(RelayAddresses.publicHost(from)), 0));
            }
            onward.connect(new InetSocketAddress(InetAddress.getByName(RelayAddresses.privateHost(node)), port),
                    CONNECT_TIMEOUT_MILLIS);
            client.setTcpNoDelay(true);
            onward.setTcpNoDelay(true);
        } catch (IOException e) {
            Pump.closeQuietly(client);
            Pump.closeQuietly(onward);
            return;
        }
        RelayState.Open open = new RelayState.Open(from, node, client, onward);
        state.register(open);
        AtomicInteger ended = new AtomicInteger();
        Runnable onEnd = () -> {
            if (ended.incrementAndGet() == 2) {
                state.unregister(open);
                Pump.closeQuietly(client);
                Pump.closeQuietly(onward);
            }
        };
        String name = from + "-" + node + "-" + port;
        new Pump(client, onward, () -> state.path(from, node), state.counters(from, node), onEnd).start(name + "-in");
        new Pump(onward, client, () -> state.path(node, from), state.counters(node, from), onEnd).start(name + "-out");
    }

    /**
     * Stops listening; returns once the address is free again (up to 5 s): a listener closed while its accept
     * thread is blocked stays bound until that thread wakes up (the JDK defers the close), so a relay bound again
     * at once on the same address would fail with "Address already in use".
     */
    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        try {
            acceptor.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
