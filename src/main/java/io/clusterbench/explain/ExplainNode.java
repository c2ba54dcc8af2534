package io.clusterbench.explain;

import io.clusterbench.db.Endpoint;
import io.clusterbench.observe.HostObserver;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One endpoint of the target as the explain collectors see it: its place, its label and, when the server runs on
 * this host, its process id.
 *
 * <p>Immutable.
 *
 * @param index    0-based place among the target's endpoints
 * @param endpoint the endpoint
 * @param pid      the server's process id on this host, or -1 when it is elsewhere (or not found)
 */
record ExplainNode(int index, Endpoint endpoint, long pid) {
    /** The reason every collector that reads a process gives for a server elsewhere. */
    static final String NOT_ON_THIS_HOST = "server not on this host";

    /** @return true when the server runs on this host */
    boolean local() {
        return pid > 0;
    }

    /** @return the node's name in {@code namesByEndpoint} ({@code n1}, ... by place when it has none) */
    String name(Map<String, String> namesByEndpoint) {
        String n = namesByEndpoint.get(endpoint.label());
        return n == null || n.isEmpty() ? "n" + (index + 1) : n;
    }

    /**
     * @param endpoints       the target's endpoints, in order
     * @param serverPidOption {@code --server-pid} (the first endpoint's server), 0 when not given
     * @return each endpoint with its local server's process id (-1 when elsewhere)
     */
    static List<ExplainNode> of(List<Endpoint> endpoints, long serverPidOption) {
        java.util.ArrayList<ExplainNode> nodes = new java.util.ArrayList<>();
        for (int i = 0; i < endpoints.size(); i++) {
            Endpoint e = endpoints.get(i);
            long pid = i == 0 && serverPidOption > 0 ? serverPidOption : localPid(e);
            nodes.add(new ExplainNode(i, e, pid));
        }
        return nodes;
    }

    /** @return the pid of the local process behind {@code e} (loopback TCP or a unix socket), or -1 */
    private static long localPid(Endpoint e) {
        if (e.socket() != null) {
            return HostObserver.findServerPidOnSocket(e.socket());
        }
        boolean loopback = e.host().equals("127.0.0.1") || e.host().equals("localhost") || e.host().equals("::1");
        return loopback ? HostObserver.findServerPid(e.port()) : -1;
    }
}
