package io.clusterbench.relay;

import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The relay daemon's shared state: the control file's content as last applied, the counters per directed link
 * and the open connections (so a partition can cut them).
 *
 * <p>Thread-safe: the config is swapped atomically; accept threads register connections, the control loop cuts
 * them.
 */
final class RelayState {
    /** An open relayed connection between node {@code from} (0 when unknown) and node {@code to}. */
    record Open(int from, int to, Socket client, Socket server) {
    }

    private volatile RelayConfig config;
    private final Map<String, LinkCounters> counters = new ConcurrentHashMap<>();
    private final List<Open> open = new ArrayList<>();

    RelayState(RelayConfig config) {
        this.config = config;
    }

    RelayConfig config() {
        return config;
    }

    /** Applies a new config: cuts every open connection of a node that is now partitioned. */
    void apply(RelayConfig next) {
        config = next;
        List<Open> cut = new ArrayList<>();
        synchronized (open) {
            for (Open o : open) {
                if (cutOff(o.from()) || cutOff(o.to())) {
                    cut.add(o);
                }
            }
            open.removeAll(cut);
        }
        for (Open o : cut) {
            Pump.closeQuietly(o.client());
            Pump.closeQuietly(o.server());
        }
    }

    /** @return true when node {@code index} (0: unknown) is partitioned now */
    boolean cutOff(int index) {
        RelayConfig.NodeLink n = config.byIndex(index);
        return n != null && n.partitioned();
    }

    /** @return the path's link now: both ends' links added; an unknown source adds nothing */
    LinkSpec path(int from, int to) {
        if (from == to) {
            return LinkSpec.NONE;
        }
        RelayConfig c = config;
        LinkSpec a = c.byIndex(from) == null ? LinkSpec.NONE : c.byIndex(from).link();
        LinkSpec b = c.byIndex(to) == null ? LinkSpec.NONE : c.byIndex(to).link();
        return a.plus(b);
    }

    /** @return the counters of a directed link, created on first use; names are {@code n1>n3}, {@code ?>n3} */
    LinkCounters counters(int from, int to) {
        return counters.computeIfAbsent(name(from) + ">" + name(to), k -> new LinkCounters());
    }

    private String name(int index) {
        RelayConfig.NodeLink n = config.byIndex(index);
        return n == null ? "?" : n.name();
    }

    void register(Open o) {
        synchronized (open) {
            open.add(o);
        }
    }

    void unregister(Open o) {
        synchronized (open) {
            open.remove(o);
        }
    }

    /** @return a reading of every link's counters, by name */
    List<RelayStats.Link> read() {
        List<RelayStats.Link> out = new ArrayList<>();
        counters.forEach((k, v) -> out.add(v.read(k)));
        out.sort(java.util.Comparator.comparing(RelayStats.Link::name));
        return out;
    }
}
