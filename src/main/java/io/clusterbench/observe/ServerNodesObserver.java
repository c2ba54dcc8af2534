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
 * <p>Confined to the thread that samples it (its {@link AsyncObserver}); owns one connection per node. A node that
 * does not answer yields {@code {"readFailures": N}} for that node, never an exception.
 */
public final class ServerNodesObserver implements Observer {
    private final Map<String, ServerStatusObserver> nodes = new LinkedHashMap<>();

    /**
     * @param target    where to connect
     * @param endpoints the endpoints to observe, in target order
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
        return "serverNodes";
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
