package io.clusterbench.fault;

import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.observe.Observer;
import io.clusterbench.relay.RelayConfig;
import io.clusterbench.relay.RelayStats;
import io.clusterbench.sandbox.SandboxNetwork;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The relay's view of a run on a sandbox deployed with the relay (docs/relay.md): per node and interval the group
 * and IST bytes it received and sent through the relay (write-set traffic), the mean delay the relay added to what
 * it received from the other nodes, and its link, partition and slowdown then. Its facts are the links at the start
 * and at the end, so every result of a run against a relayed sandbox records the distance it ran at. The relay
 * writes its counters every 250 ms, so an interval's bytes may lag the interval by that much.
 *
 * <p>Sampled from one thread (wrapped in an {@code AsyncObserver}).
 */
public final class RelayObserver implements Observer {
    private final SandboxNetwork network;
    private Map<String, RelayStats.Link> last = new HashMap<>();
    private Map<String, io.clusterbench.result.RelayFacts.NodeLink> atStart = Map.of();

    private RelayObserver(SandboxNetwork network) {
        this.network = network;
    }

    /**
     * @param sandboxDir {@code --sandbox}, or null to find the registered sandbox by the endpoints' ports
     * @return the observer, or null when the endpoints are not a sandbox behind a relay
     */
    public static RelayObserver find(Path sandboxDir, List<Endpoint> endpoints) {
        try {
            SandboxControl control = SandboxControl.open(sandboxDir, endpoints);
            if (control == null) {
                return null;
            }
            SandboxNetwork net = control.network();
            return net.relayed() ? new RelayObserver(net) : null;
        } catch (UserException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    @Override
    public String name() {
        return "relay";
    }

    /**
     * @return the line a run prints with its topology, e.g. {@code Links (sandbox relay /tmp/far): n1 off, n2 off,
     *         n3 25ms} (docs/relay.md): a far node changes every figure of a cluster run
     */
    public String linksLine() {
        return "Links (sandbox relay " + network.dir() + "): " + network.describeLinks();
    }

    @Override
    public void start() {
        atStart = network.links();
        last = byName(network.stats());
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        RelayStats stats = network.stats();
        if (stats == null) {
            return Map.of();
        }
        RelayConfig config = network.config();
        Map<String, RelayStats.Link> now = byName(stats);
        Map<String, Object> nodes = new LinkedHashMap<>();
        boolean reset = now.values().stream().anyMatch(l -> l.bytes() < last.getOrDefault(l.name(), l).bytes()
                || l.chunks() < last.getOrDefault(l.name(), l).chunks());
        for (RelayConfig.NodeLink n : config.nodes()) {
            long in = 0;
            long out = 0;
            long chunks = 0;
            long addedSum = 0;
            for (RelayStats.Link l : now.values()) {
                RelayStats.Link before = last.getOrDefault(l.name(), new RelayStats.Link(l.name(), 0, 0, 0, 0));
                long bytes = l.bytes() - before.bytes();
                if (l.to().equals(n.name())) {
                    in += bytes;
                    if (!l.from().equals(n.name()) && !l.from().equals("?")) {
                        chunks += l.chunks() - before.chunks();
                        addedSum += l.addedMicrosSum() - before.addedMicrosSum();
                    }
                }
                if (l.from().equals(n.name())) {
                    out += bytes;
                }
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("link", n.link().describe());
            m.put("partitioned", n.partitioned());
            m.put("slowPercent", n.slowPercent());
            if (reset) { // the relay started again: its counters began from 0 (docs/metrics.md, "Counter resets")
                m.put("gap", io.clusterbench.observe.CounterReset.RESTART);
            } else {
                m.put("relayInBytesPerSecond", Math.round(in / intervalSeconds));
                m.put("relayOutBytesPerSecond", Math.round(out / intervalSeconds));
                m.put("relayAddedDelayMicrosMean", chunks == 0 ? 0 : Math.round((double) addedSum / chunks));
            }
            nodes.put(n.name(), m);
        }
        last = now;
        return Map.of("nodes", nodes);
    }

    @Override
    public io.clusterbench.result.Facts facts() {
        return io.clusterbench.result.Facts.NONE.with(io.clusterbench.result.FactKeys.RELAY,
                new io.clusterbench.result.RelayFacts(true, atStart, network.describeLinks()));
    }

    private static Map<String, RelayStats.Link> byName(RelayStats stats) {
        Map<String, RelayStats.Link> m = new HashMap<>();
        if (stats != null) {
            stats.links().forEach(l -> m.put(l.name(), l));
        }
        return m;
    }

    @Override
    public void close() {
        // nothing held: the daemon's files are read on each sample
    }
}
