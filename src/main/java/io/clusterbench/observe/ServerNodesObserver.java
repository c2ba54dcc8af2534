package io.clusterbench.observe;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code SHOW GLOBAL STATUS} of every node of a multi-endpoint target, per interval, under the node's name: one
 * {@link ServerStatusObserver} per endpoint (its counters as rates per second, its gauges as read), so the report
 * can label server counters by node instead of showing the first endpoint's only (docs/metrics.md, "Server
 * counters per node"). Sample shape: {@code {"n1": {"QuestionsPerSecond": …, …}, "n2": {…}}}.
 *
 * <p>The first node is the run's own {@link ServerStatusObserver} ({@code observed.server}): this observer reads the
 * other nodes only, and {@link #withFirst} puts the first node's sample in front, so every node's status is read
 * once per interval. The first node keeps its own connection and thread, so a stalled other node never takes
 * {@code observed.server} with it.
 *
 * <p>Confined to the thread that samples it (its {@link AsyncObserver}); owns one connection per node. A node that
 * does not answer yields {@code {"readFailures": N}} for that node, never an exception.
 */
public final class ServerNodesObserver implements Observer {
    /** The observer's name: its samples are {@code observed.serverNodes}. */
    public static final String NAME = "serverNodes";
    private final Map<String, ServerStatusObserver> nodes = new LinkedHashMap<>();

    /**
     * @param target    where to connect
     * @param endpoints the endpoints to observe (all but the first), in target order
     * @param names     the member name of each endpoint (same order and size)
     * @throws IllegalArgumentException when the lists differ in size
     */
    public ServerNodesObserver(Target target, List<Endpoint> endpoints, List<String> names) {
        if (endpoints.size() != names.size()) {
            throw new IllegalArgumentException("one name per endpoint: " + endpoints.size() + " vs " + names.size());
        }
        for (int i = 0; i < endpoints.size(); i++) {
            nodes.put(names.get(i), new ServerStatusObserver(target, endpoints.get(i)));
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * @param firstName  the first node's name
     * @param first      the first node's sample ({@code observed.server}), or null or empty when it gave none
     * @param others     this observer's sample of the other nodes
     * @return the sample of every node, the first node first
     */
    public static Map<String, Object> withFirst(String firstName, Map<?, ?> first, Map<String, Object> others) {
        Map<String, Object> all = new LinkedHashMap<>();
        if (first != null && !first.isEmpty()) {
            all.put(firstName, first);
        }
        all.putAll(others);
        return all;
    }

    @Override
    public void connect() {
        nodes.values().forEach(ServerStatusObserver::connect);
    }

    @Override
    public void start() {
        nodes.values().forEach(ServerStatusObserver::start);
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        Map<String, Object> out = new LinkedHashMap<>();
        nodes.forEach((name, o) -> out.put(name, o.sample(intervalSeconds)));
        return out;
    }

    @Override
    public void close() {
        nodes.values().forEach(ServerStatusObserver::close);
    }
}
