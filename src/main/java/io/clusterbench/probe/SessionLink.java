package io.clusterbench.probe;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.db.WatchedSocketFactory;

import java.net.Socket;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One connection of a history session to one endpoint, with the sockets it opened, so another thread can free a
 * statement blocked on a node that stopped answering by closing its socket ({@link WatchedSocketFactory}).
 *
 * <p>Thread-safe for {@link #abort} (any thread); the connection itself is used by its session only.
 */
final class SessionLink {
    private final int endpoint;
    private final String node;
    private final Connection connection;
    private final List<Socket> sockets;

    private SessionLink(int endpoint, String node, Connection connection, List<Socket> sockets) {
        this.endpoint = endpoint;
        this.node = node;
        this.connection = connection;
        this.sockets = sockets;
    }

    /**
     * Opens a connection with the target's session settings (isolation, consistency) and timeouts.
     *
     * @param endpoint 0-based endpoint
     * @param node     its name, as the history records it
     * @throws DbFailure when the server refuses or cannot be reached (within the target's connect timeout)
     */
    static SessionLink open(Target target, int endpoint, String node) throws DbFailure {
        List<Socket> sockets = new CopyOnWriteArrayList<>();
        Connection c = WatchedSocketFactory.capture(sockets::add, () -> target.open(target.endpoints().get(endpoint)));
        return new SessionLink(endpoint, node, c, sockets);
    }

    int endpoint() {
        return endpoint;
    }

    String node() {
        return node;
    }

    Connection connection() {
        return connection;
    }

    /** @return true when the driver saw the connection break */
    boolean broken() {
        try {
            return connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    /** Frees whatever blocks on this connection at once: closes its sockets (a unix socket: the driver's abort). */
    void abort() {
        for (Socket s : sockets) {
            WatchedSocketFactory.close(s);
        }
        if (sockets.isEmpty()) {
            try {
                connection.abort(Runnable::run);
            } catch (SQLException | RuntimeException ignored) {
                // already gone
            }
        }
    }

    /** Closes the connection, ignoring errors (a dead connection has nothing to close). */
    void close() {
        try {
            connection.close();
        } catch (SQLException | RuntimeException ignored) {
            // already gone
        }
    }
}
