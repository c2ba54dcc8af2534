package io.clusterbench.runner;

import io.clusterbench.db.TargetSpec;
import io.clusterbench.observe.AsyncObserver;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.db.Topology;
import io.clusterbench.explain.ExplainObservers;
import io.clusterbench.explain.ExplainStep;
import io.clusterbench.fault.FaultRunner;
import io.clusterbench.observe.GaleraObserver;
import io.clusterbench.observe.HostObserver;
import io.clusterbench.observe.Observer;
import io.clusterbench.observe.ServerNodesObserver;
import io.clusterbench.observe.ServerStatusObserver;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.Facts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The observers of one step, chosen once, and their output gathered by observer name. A thin wrapper over
 * the {@link Observer} SPI: sampling itself is the observers' business.
 *
 * <p>Confined to the thread that drives the step.
 */
final class ObserverSet implements AutoCloseable {
    /** The longest the final interval waits for the observers' last readings (a server that does not answer). */
    static final long FINAL_READING_MILLIS = 300;
    /** The same after a Ctrl-C, which must end the process within a second (and never past the step's end deadline). */
    static final long FINAL_READING_AFTER_STOP_MILLIS = 100;
    private final Lifecycle life;
    private final List<Observer> observers;
    /** Each observer as the lifecycle owns it, in the same order. */
    private final List<Lifecycle.Owned> owned;
    /** The first node's name in {@code observed.serverNodes}, filled from {@code observed.server}; null for one endpoint. */
    private final String firstNode;
    /** The background workload's observer (also among {@link #observers}, wrapped), or null. */
    private BackgroundObserver background;
    /** The explain collectors (also among {@link #observers}, wrapped). */
    private ExplainStep explain = ExplainStep.NONE;
    /** The history workloads beside the run (also among {@link #observers}, wrapped), or null. */
    private SideHistoryObserver history;

    /**
     * @param life      the command's lifecycle, which closes the observers with a deadline
     * @param firstNode the first node's name when {@code observed.server} also stands for that node in
     *                  {@code observed.serverNodes}; null when there is one endpoint
     */
    private ObserverSet(Lifecycle life, List<Observer> observers, String firstNode) {
        this.life = life;
        this.observers = List.copyOf(observers);
        this.firstNode = firstNode;
        List<Lifecycle.Owned> handles = new ArrayList<>();
        for (Observer o : this.observers) {
            handles.add(life.own("observer " + o.name(), o::close)); // a stop with nothing measured closes them
        }
        this.owned = List.copyOf(handles);
    }

    /**
     * @param ctx     the run's context (target, topology, plan)
     * @param stepDir the step's result folder (the explain collectors' files), or null for no explain collectors
     * @return the observers to run beside the load: server status, host, the workload's own, Galera, explain
     */
    static ObserverSet forRun(RunContext ctx, Path stepDir) {
        List<Observer> observers = new ArrayList<>();
        Target target = ctx.target().withSessionVariables(Map.of()); // observers never wait for causality
        Endpoint first = target.endpointFor(0);
        observers.add(new ServerStatusObserver(target, first));
        observers.add(new HostObserver(Path.of("/proc"), serverPid(ctx.settings.target(), first)));
        observers.addAll(ctx.settings.workload().workload().observers(ctx.target()));
        BackgroundObserver background = BackgroundObserver.forRun(ctx.settings, ctx.target());
        if (background != null) {
            observers.add(background);
        }
        SideHistoryObserver history = SideHistoryObserver.forRun(ctx, nodeNames(target, ctx.topology()), stepDir);
        if (history != null) {
            observers.add(history);
        }
        ScenarioObserver scenarios = ScenarioObserver.forRun(ctx.settings, ctx.target(), ctx.env.lifecycle(),
                background);
        if (scenarios != null) {
            observers.add(scenarios);
        }
        ExplainStep explain = stepDir == null ? ExplainStep.NONE // resources, waits, profile, counters (docs/explain.md)
                : ExplainObservers.forStep(ctx.settings.reporting().explain(), target, ctx.settings.target().serverPid(), stepDir,
                ctx.env.lifecycle(), ctx.env::line);
        observers.addAll(explain.observers());
        Topology topology = ctx.topology();
        boolean galera = topology != null && topology.galera() && !topology.members().isEmpty();
        if (galera) {
            observers.add(new GaleraObserver(target, topology));
        }
        String firstNode = null;
        if (target.endpoints().size() > 1) { // server counters of every node, labelled by its name
            List<String> names = nodeNames(target, topology);
            firstNode = names.get(0); // read once, by the server observer above (ServerNodesObserver#withFirst)
            List<Endpoint> endpoints = target.endpoints();
            observers.add(new ServerNodesObserver(target, endpoints.subList(1, endpoints.size()),
                    names.subList(1, names.size())));
            observers.add(new ConnectionLimitsObserver(target)); // a wall after a failover is named with its limit
        }
        io.clusterbench.fault.RelayObserver relay = io.clusterbench.fault.RelayObserver.find(
                ctx.settings.cluster().faults().sandboxDir(), target.endpoints());
        if (relay != null) {
            observers.add(relay);
        }
        List<String> names = nodeNames(target, topology);
        Map<String, String> namesByEndpoint = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            namesByEndpoint.put(target.endpoints().get(i).label(), names.get(i));
        }
        observers.forEach(o -> o.nameNodes(namesByEndpoint)); // as the topology, flow control and endpoints name them
        long periodMillis = 1000 * Math.max(1, ctx.settings.reporting().reportIntervalSeconds());
        List<Observer> async = new ArrayList<>();
        observers.forEach(o -> async.add(new AsyncObserver(o, periodMillis))); // the interval loop never waits
        if (galera || !ctx.settings.cluster().faults().schedule().isEmpty()) {
            // never waits: its own threads act and poll; sampling only drains a list
            async.add(new FaultRunner(ctx.settings.cluster().faults().schedule(), ctx.nodeControl(), target, names, galera,
                    ctx.env::line));
        }
        ObserverSet set = new ObserverSet(ctx.env.lifecycle(), async, firstNode);
        set.background = background;
        set.explain = explain;
        set.history = history;
        return set;
    }

    /** The longest the run waits before its start for the background load's sessions to open. */
    static final long BACKGROUND_START_MILLIS = 10_000;

    /**
     * Before the engine runs: opens the observers' connections on their own threads, starts a background workload so that it already runs when the measured phase
     * begins (see {@link BackgroundObserver#startAhead}; nothing without {@code --background}), the same for the
     * history workloads ({@link SideHistoryObserver#startAhead}; nothing without {@code --anomalies}), and starts the
     * on-CPU profiler and waits until it samples ({@link ExplainStep#beforeLoad}; nothing without a profile).
     */
    void beforeRun() {
        for (Observer o : observers) {
            if (o instanceof AsyncObserver a) {
                a.connectAhead(); // baselines read at the measured start, not after a handshake
            }
        }
        if (background != null) {
            background.startAhead(BACKGROUND_START_MILLIS);
        }
        if (history != null) {
            history.startAhead(BACKGROUND_START_MILLIS);
        }
        explain.beforeLoad(); // perf attached before the workers' server threads start (at most 5 s)
    }

    /** @return the member name behind each endpoint, {@code nI} (1-based) where the topology has none */
    private static List<String> nodeNames(Target target, Topology topology) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < target.endpoints().size(); i++) {
            Topology.Member m = topology == null ? null : topology.memberAt(target.endpoints().get(i).label());
            names.add(m == null || m.name().isEmpty() ? "n" + (i + 1) : m.name());
        }
        return names;
    }

    /** @return --server-pid, else the local process listening on the first endpoint's port, else -1 */
    private static long serverPid(TargetSpec spec, Endpoint first) {
        if (spec.serverPid() > 0) {
            return spec.serverPid();
        }
        boolean local = first.socket() == null && (first.host().equals("127.0.0.1") || first.host().equals("localhost")
                || first.host().equals("::1"));
        return local ? HostObserver.findServerPid(first.port()) : -1;
    }

    /** @return the history workloads beside the run ({@code --anomalies}), or null when the step has none */
    SideHistoryObserver history() {
        return history;
    }

    /** @return the fault runner (schedule and quorum watch), or null when the step has none */
    FaultRunner faults() {
        for (Observer o : observers) {
            if (o instanceof FaultRunner f) {
                return f;
            }
        }
        return null;
    }

    /** Starts every observer (measurement begins). */
    void start() {
        observers.forEach(Observer::start);
    }

    /** @return each observer's figures for the interval just ended, by observer name (empty ones left out) */
    Map<String, Object> sample(double intervalSeconds) {
        if (observers.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> all = new LinkedHashMap<>();
        for (Observer o : observers) {
            Map<String, Object> sample = o.sample(intervalSeconds);
            if (!sample.isEmpty()) {
                all.put(o.name(), sample);
            }
        }
        if (firstNode != null && all.get(ServerNodesObserver.NAME) instanceof Map<?, ?> others) {
            @SuppressWarnings("unchecked")
            Map<String, Object> rest = (Map<String, Object>) others;
            all.put(ServerNodesObserver.NAME, ServerNodesObserver.withFirst(firstNode,
                    (Map<?, ?>) all.get(ServerStatusObserver.NAME), rest));
        }
        return all;
    }

    /**
     * The measured phase ended: each observer is told ({@link Observer#measuringEnded}), then each one without an
     * unread reading takes one now, so the final (partial)
     * interval carries the observers' figures for the run's tail ({@link AsyncObserver#requestFinalReading}).
     * Waits for them together.
     *
     * @param waitMillis    the longest wait for all of them ({@link #FINAL_READING_MILLIS}, after a Ctrl-C
     *                      {@link #FINAL_READING_AFTER_STOP_MILLIS})
     * @param endDeadlineNanos the step's end deadline ({@link Lifecycle#endDeadlineNanos}), never waited past
     */
    void takeFinalReadings(long waitMillis, long endDeadlineNanos) {
        observers.forEach(Observer::measuringEnded); // first: the last readings then hold everything counted
        Map<AsyncObserver, Long> asked = new LinkedHashMap<>();
        for (Observer o : observers) {
            if (o instanceof AsyncObserver a) {
                asked.put(a, a.requestFinalReading());
            }
        }
        long wait = System.nanoTime() + waitMillis * 1_000_000L;
        long deadline = endDeadlineNanos - wait < 0 ? endDeadlineNanos : wait;
        asked.forEach((a, request) -> a.awaitFinalReading(request, deadline));
    }

    /** @return the observers' short figures for the interval line, each after a space; "" for none */
    String compactLine() {
        StringBuilder b = new StringBuilder();
        for (Observer o : observers) {
            String line = o.compactLine();
            if (!line.isEmpty()) {
                b.append(' ').append(line);
            }
        }
        return b.toString();
    }

    /**
     * @param before facts found before the run (cluster topology, consistency), put first
     * @return those facts, then each observer's facts in observer order
     */
    Facts facts(Facts before) {
        Facts all = before;
        for (Observer o : observers) {
            all = all.withAll(o.facts());
        }
        return all;
    }

    /**
     * Closes every observer in parallel through the command's lifecycle, waiting at most {@link #CLOSE_DEADLINE} for
     * all of them and never past the step's end deadline ({@link Lifecycle#endDeadlineNanos}): an observer stuck on a
     * server that does not answer is abandoned. Then the explain collectors finish ({@link ExplainStep#afterLoad},
     * under the same end deadline, cut short by a stop), so their facts are there when {@link #facts} is read.
     */
    @Override
    public void close() {
        Duration left = life.endWorkLeft();
        Lifecycle.close(owned, left.compareTo(CLOSE_DEADLINE) < 0 ? left : CLOSE_DEADLINE);
        explain.afterLoad(); // what the explain collectors began at the measured end: perf's samples, end readings
    }

    /** The longest a step's end waits for its observers to close. */
    static final Duration CLOSE_DEADLINE = Duration.ofMillis(200);
}
