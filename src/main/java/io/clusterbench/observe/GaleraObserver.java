package io.clusterbench.observe;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.GaleraFacts;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.db.Topology;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Per-node Galera figures at every interval, read from all nodes at nearly the same moment: one connection
 * and one thread per node, all started together; the spread of the read times is reported as
 * {@code sampleSkewMicros}. Between samples it polls every node every {@link #POLL_MILLIS} ms (its
 * {@link AsyncObserver} calls {@link #pollBetweenSamples}), so queues that fill and drain, flow-control episodes and state
 * changes within one report interval are seen. Figures (defined in docs/metrics.md, "Galera per node"):
 * flow-control paused fraction and time, episodes, FC_PAUSE messages sent and received, receive and send queues
 * (at the reading, max, mean), certification failures, brute-force aborts, replays, commit lag in transactions
 * (max {@code wsrep_last_committed} − the node's; at the reading and max), state changes, cluster size and
 * status, local state.
 *
 * <p>Confined to the coordinator thread (as every {@link Observer}); its own reader threads only run the
 * status query. A node that does not answer within {@link #READ_TIMEOUT_MILLIS} is reported with an
 * {@code error} and reconnected at the next interval; the observer never throws.
 */
public final class GaleraObserver implements Observer {
    /** Longest wait for one node's status read. */
    public static final int READ_TIMEOUT_MILLIS = 2000;
    /** Cadence of the polls between samples (queues, episodes, state changes), whatever the report interval. */
    public static final long POLL_MILLIS = 250;
    private final Target target;
    private final List<String> names = new ArrayList<>();
    private final List<Endpoint> endpoints = new ArrayList<>();
    private final Connection[] connections;
    private final WsrepReading[] previous;
    private final NodePolls[] polls;
    private final NodePolls[] runPolls;
    private final WsrepReading[] first;
    /** Per node, the counters of the intervals that were differenced: the totals never span a restart. */
    private final NodeFigures.RunCounters[] runCounters;
    /** {@code name=endpoint} of each observed node. */
    private final List<String> observedNodes = new ArrayList<>();
    /** The provider's flow-control settings, read at the baseline; guarded by the observer's thread. */
    private final Map<String, String> provider = new LinkedHashMap<>();
    private ExecutorService readers;
    /** Whether {@link #start} took the baseline (connections may be open before, {@link #connect}). */
    private boolean started;
    private String compact = "";

    /**
     * @param target   credentials and the endpoints given
     * @param topology the discovered members: every member with a known SQL address is observed
     */
    public GaleraObserver(Target target, Topology topology) {
        this.target = target.withSessionVariables(Map.of()); // no causal wait on the observer's own reads
        for (Topology.Member m : topology.members()) {
            Endpoint e = endpointOf(target, m);
            if (e != null) {
                names.add(m.name());
                endpoints.add(e);
            }
        }
        this.connections = new Connection[endpoints.size()];
        this.previous = new WsrepReading[endpoints.size()];
        this.polls = new NodePolls[endpoints.size()];
        this.runPolls = new NodePolls[endpoints.size()];
        this.first = new WsrepReading[endpoints.size()];
        this.runCounters = new NodeFigures.RunCounters[endpoints.size()];
        for (int i = 0; i < runCounters.length; i++) {
            runCounters[i] = new NodeFigures.RunCounters();
        }
        for (int i = 0; i < names.size(); i++) {
            observedNodes.add(names.get(i) + "=" + endpoints.get(i).label());
        }
    }

    @Override
    public String name() {
        return "galera";
    }

    @Override
    public void start() {
        startReaders();
        started = true;
        WsrepReading[] now = readAll();
        System.arraycopy(now, 0, previous, 0, now.length);
        System.arraycopy(now, 0, first, 0, now.length);
        for (int i = 0; i < polls.length; i++) {
            polls[i] = new NodePolls(now[i]);
            runPolls[i] = new NodePolls(now[i]);
        }
        for (int i = 0; i < connections.length; i++) {
            if (connections[i] != null) {
                provider.putAll(FlowControlSettings.read(connections[i]));
                break;
            }
        }
    }

    @Override
    public long pollMillis() {
        return POLL_MILLIS;
    }

    @Override
    public void pollBetweenSamples() {
        if (started) {
            addPolls(readAll());
        }
    }

    /** Adds one reading of every node to its {@link NodePolls}; @return the highest last-committed seqno read */
    private long addPolls(WsrepReading[] now) {
        long maxCommitted = Long.MIN_VALUE;
        for (WsrepReading r : now) {
            if (r != null) {
                maxCommitted = Math.max(maxCommitted, r.lastCommitted());
            }
        }
        for (int i = 0; i < now.length; i++) {
            if (now[i] != null) {
                polls[i].add(now[i], maxCommitted);
                runPolls[i].add(now[i], maxCommitted);
            }
        }
        return maxCommitted;
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        if (!started) {
            return Map.of();
        }
        WsrepReading[] now = readAll();
        long maxCommitted = addPolls(now);
        long minAt = Long.MAX_VALUE;
        long maxAt = Long.MIN_VALUE;
        for (WsrepReading r : now) {
            if (r != null) {
                minAt = Math.min(minAt, r.atNanos());
                maxAt = Math.max(maxAt, r.atNanos());
            }
        }
        Map<String, Object> nodes = new LinkedHashMap<>();
        List<NodeFigures> figures = new ArrayList<>();
        for (int i = 0; i < now.length; i++) {
            if (now[i] == null) {
                nodes.put(names.get(i), Map.of("error", "no answer within " + READ_TIMEOUT_MILLIS + " ms"));
                figures.add(null);
            } else {
                NodeFigures f = NodeFigures.of(previous[i], now[i], maxCommitted, intervalSeconds, polls[i]);
                runCounters[i].add(f, previous[i] == null ? 0 : now[i].atNanos() - previous[i].atNanos());
                nodes.put(names.get(i), f.toMap());
                figures.add(f);
                previous[i] = now[i];
                polls[i].reset();
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sampleSkewMicros", maxAt >= minAt ? (maxAt - minAt) / 1000 : 0);
        out.put("nodes", nodes);
        compact = NodeFigures.compact(names, figures);
        return out;
    }

    @Override
    public String compactLine() {
        return compact;
    }

    /**
     * @return the observed nodes and flow-control settings, and once sampling has begun the totals: per node, the
     *         figures of "Galera per node" from the baseline at the measured start to the last reading (the final
     *         sample covers the run's tail), with the time they cover; counters are the sums of the intervals that
     *         were differenced, and {@code gapIntervals} counts those that were not ({@link CounterReset})
     */
    @Override
    public Facts facts() {
        Map<String, GaleraFacts.NodeTotals> totals = new LinkedHashMap<>();
        long maxCommitted = Long.MIN_VALUE;
        for (WsrepReading r : previous) {
            if (r != null) {
                maxCommitted = Math.max(maxCommitted, r.lastCommitted());
            }
        }
        for (int i = 0; i < names.size(); i++) {
            if (first[i] == null || previous[i] == null || runPolls[i] == null || previous[i] == first[i]) {
                continue;
            }
            double seconds = (previous[i].atNanos() - first[i].atNanos()) / 1e9;
            totals.put(names.get(i), runCounters[i].figures(previous[i], maxCommitted, runPolls[i], null)
                    .totals(Math.round(seconds * 1000) / 1000.0, runCounters[i].gapIntervals));
        }
        return Facts.NONE.with(FactKeys.GALERA, new GaleraFacts(observedNodes, provider, totals));
    }

    @Override
    public void close() {
        if (readers != null) {
            readers.shutdownNow();
        }
        for (int i = 0; i < connections.length; i++) {
            closeQuietly(i);
        }
    }

    /** Opens every node's connection in parallel, waiting as long as one reading may take (a node that does not
     * answer is tried again by the baseline). */
    @Override
    public void connect() {
        startReaders();
        List<Future<?>> opening = new ArrayList<>();
        for (int i = 0; i < endpoints.size(); i++) {
            int node = i;
            opening.add(readers.submit(() -> openIfNeeded(node)));
        }
        long deadline = System.nanoTime() + READ_TIMEOUT_MILLIS * 1_000_000L;
        for (Future<?> f : opening) {
            try {
                f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                // the baseline's read opens it again, or counts the node as unanswered
            }
        }
    }

    private void startReaders() {
        if (readers == null) {
            readers = Executors.newFixedThreadPool(Math.max(1, endpoints.size()), r -> {
                Thread t = new Thread(r, "galera-observer");
                t.setDaemon(true);
                return t;
            });
        }
    }

    private void openIfNeeded(int node) {
        try {
            if (connections[node] == null) {
                Connection c = target.open(endpoints.get(node));
                c.setNetworkTimeout(Runnable::run, READ_TIMEOUT_MILLIS);
                connections[node] = c;
            }
        } catch (DbFailure | SQLException e) {
            closeQuietly(node);
        }
    }

    /** Reads every node in parallel; a slot is null when that node did not answer in time. */
    private WsrepReading[] readAll() {
        List<Future<WsrepReading>> futures = new ArrayList<>();
        for (int i = 0; i < endpoints.size(); i++) {
            int node = i;
            futures.add(readers.submit(() -> readOne(node)));
        }
        WsrepReading[] out = new WsrepReading[endpoints.size()];
        long deadline = System.nanoTime() + READ_TIMEOUT_MILLIS * 1_000_000L;
        for (int i = 0; i < futures.size(); i++) {
            try {
                out[i] = futures.get(i).get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                futures.get(i).cancel(true);
                out[i] = null;
            }
        }
        return out;
    }

    private WsrepReading readOne(int node) {
        try {
            openIfNeeded(node);
            if (connections[node] == null) {
                return null;
            }
            return WsrepReading.read(connections[node]);
        } catch (SQLException e) {
            closeQuietly(node);
            return null;
        }
    }

    private void closeQuietly(int node) {
        Connection c = connections[node];
        connections[node] = null;
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already broken
            }
        }
    }

    private static Endpoint endpointOf(Target target, Topology.Member m) {
        for (Endpoint e : target.endpoints()) {
            if (e.label().equals(m.endpoint())) {
                return e;
            }
        }
        int colon = m.address().lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        try {
            return new Endpoint(m.address().substring(0, colon), Integer.parseInt(m.address().substring(colon + 1)), null);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
