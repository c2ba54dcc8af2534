package io.clusterbench.probe;

import io.clusterbench.UserException;
import io.clusterbench.db.Consistency;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.db.Topology;
import io.clusterbench.db.TopologyDiscovery;
import io.clusterbench.observe.HostCpuMeter;
import io.clusterbench.result.ProbeNodeSpell;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The core of {@code probe stale-reads}: discovers the topology, prepares the marker table, and runs
 * {@link StaleReadProbe} once per consistency level with the level set (and read back) on the reader sessions, each
 * level with the host's CPU and the nodes' states while it ran (its validity, {@link ProbeReport#document}).
 *
 * <p>Not thread-safe; one call of {@link #run}.
 */
public final class StaleReadDriver {
    /** GTID waits per ordered pair at most (they only show apply lag, not per level). */
    static final int GTID_SAMPLES_MAX = 50;
    private final Target target;
    private final int samplesPerPair;
    private final Duration timeout;
    private final Duration stepTimeout;
    private final Consumer<String> progress;
    private final String startedAt = Instant.now().toString();
    private boolean perStatement;
    private Topology topology;
    private Map<String, Object> gtidWait = Map.of();
    private List<ProbeNodeSpell> spells;
    private double durationSeconds;
    private ProbeMetrics metrics;

    /**
     * @param target         the cluster's endpoints (two or more)
     * @param samplesPerPair first reads per ordered pair and level, &ge; 1
     * @param timeout        visibility timeout, &gt; 0
     * @param stepTimeout    longest wait for one probe statement (marker commit, first read, poll, GTID wait), &gt; 0
     * @param progress       receives one line per step
     */
    public StaleReadDriver(Target target, int samplesPerPair, Duration timeout, Duration stepTimeout,
                           Consumer<String> progress) {
        this.target = target;
        this.samplesPerPair = samplesPerPair;
        this.timeout = timeout;
        this.stepTimeout = stepTimeout;
        this.progress = progress;
    }

    /**
     * @param levels  consistency levels as given ({@code 0}, {@code 1}, {@code 7}…)
     * @param command the command line (masked), for the header
     * @return one result per level, in order
     * @throws UserException for fewer than two reachable endpoints, a level that does not fit, or a node that
     *                       fails while probing
     */
    public List<LevelResult> run(List<String> levels, List<String> command) {
        return run(levels, command, null);
    }

    /**
     * As {@link #run(List, List)}, with a workload running beside the probe.
     *
     * @param load the background load, not started yet, or null for none; it is stopped before this returns
     */
    public List<LevelResult> run(List<String> levels, List<String> command, BackgroundLoad load) {
        List<Consistency> parsed = new ArrayList<>();
        levels.forEach(l -> parsed.add(Consistency.parse(l)));
        topology = TopologyDiscovery.discover(target);
        topology.describe().forEach(progress);
        if (target.endpoints().size() < 2 || !topology.endpointsNotMembers().isEmpty()) {
            throw new UserException("the stale-read probe needs two or more endpoints that are members of one cluster",
                    "give every node with --host/--port (see the topology above)");
        }
        List<String> names = new ArrayList<>();
        for (Endpoint e : target.endpoints()) {
            Topology.Member m = topology.memberAt(e.label());
            names.add(m == null ? e.label() : m.name());
        }
        StaleReadProbe probe = new StaleReadProbe(target, names, samplesPerPair, timeout, stepTimeout);
        List<LevelResult> results = new ArrayList<>();
        long started = System.nanoTime();
        NodeStateWatch watch = topology.galera() ? new NodeStateWatch(target, names, started) : null;
        HostCpuMeter cpu = HostCpuMeter.of(target.endpoints());
        progress.accept("Bounds: every probe statement waits at most " + stepTimeout.toMillis()
                + " ms (--step-timeout), a stale marker is polled for at most " + timeout.toMillis()
                + " ms (--visibility-timeout)" + (watch == null ? "" : "; node states sampled every "
                + NodeStateWatch.PERIOD_MILLIS + " ms"));
        try {
            if (watch != null) {
                watch.start();
            }
            for (String node : probe.prepareTable()) {
                progress.accept("Note: " + node + " does not show the probe table's rows after " + stepTimeout.toMillis()
                        + " ms (not applying writes?); its pairs may fail with 1146 until it does");
            }
            Target poll = topology.galera() ? target.withSessionVariables(Map.of("wsrep_sync_wait", "0")) : target;
            int pairs = names.size() * (names.size() - 1);
            if (load != null) {
                load.metrics(metrics);
                progress.accept("Starting the background load...");
                load.start();
                Thread.sleep(1000);
            }
            for (Consistency c : parsed) {
                Consistency.Applied applied = perStatement ? perStatement(c) : c.apply(target, topology);
                progress.accept(applied.line());
                progress.accept("Probing " + pairs + " ordered pairs x " + samplesPerPair + " samples at "
                        + c.variable() + "=" + c.level() + "...");
                if (load != null) {
                    load.level(c.level());
                }
                if (watch != null) {
                    watch.window(); // what came before the level is not the level's
                }
                HostCpuMeter.Mark mark = cpu.mark();
                LevelResult r = perStatement ? probe.runLevel(c.level(), applied.target(), poll, applied.line(),
                        statementSelect(c), Integer.parseInt(c.level())) : probe.runLevel(c.level(), applied.target(),
                        poll, applied.line());
                r = r.withWindow(cpu.since(mark), watch == null ? null : watch.window());
                if (load != null) {
                    load.level("");
                    r = r.withBackgroundTps(load.tps(c.level()));
                }
                if (metrics != null) {
                    metrics.levelDone(r);
                }
                results.add(r);
            }
            if (topology.galera()) {
                progress.accept("Timing GTID waits (WSREP_SYNC_WAIT_UPTO_GTID) on every pair...");
                gtidWait = new GtidWaitProbe(target, names, Math.min(samplesPerPair, GTID_SAMPLES_MAX), stepTimeout)
                        .run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted", null, e);
        } catch (DbFailure f) {
            throw new UserException("the probe failed: error " + f.vendorCode() + ": " + f.getMessage(),
                    "check the nodes (clusterbench sandbox status) and rerun");
        } finally {
            if (load != null) {
                load.stop();
            }
            if (watch != null) {
                watch.stop();
                spells = watch.spells();
            }
            durationSeconds = (System.nanoTime() - started) / 1e9;
        }
        if (load != null && load.failure() != null) {
            progress.accept("Note: the background load stopped early: " + load.failure().getMessage());
        }
        return results;
    }

    /**
     * Sets the level on each first read instead of the reader session: MariaDB's
     * {@code SET STATEMENT wsrep_sync_wait=N FOR SELECT …}, or PXC's {@code SELECT /*+ SET_VAR(…) *}{@code /}
     * hint (cluster-consistency.md §1.2; MariaDB ignores the hint, so it is never used there). The reader
     * session runs with {@code wsrep_sync_wait=0}, so only the statement form can make a read fresh.
     *
     * @return this driver
     */
    public StaleReadDriver perStatement(boolean on) {
        this.perStatement = on;
        return this;
    }

    private Consistency.Applied perStatement(Consistency c) {
        if (!c.galera() || !topology.galera()) {
            throw new UserException("--scope statement needs a Galera cluster and a wsrep_sync_wait level (got "
                    + c.level() + " on " + topology.flavor() + ")", "use --scope session");
        }
        String line = "Consistency: wsrep_sync_wait=" + c.level() + " per statement ("
                + statementSelect(c) + " …), reader session wsrep_sync_wait=0";
        return new Consistency.Applied(target.withSessionVariables(Map.of("wsrep_sync_wait", "0")), c.level(),
                "wsrep_sync_wait", List.of(), List.of(), "per statement", line);
    }

    private String statementSelect(Consistency c) {
        return Topology.PXC.equals(topology.flavor()) ? "SELECT /*+ SET_VAR(wsrep_sync_wait=" + c.level() + ") */"
                : "SET STATEMENT wsrep_sync_wait=" + c.level() + " FOR SELECT";
    }

    /**
     * @param m the {@code --metrics-listen} series per level (the background load's too), or null for none
     * @return this driver
     */
    public StaleReadDriver metrics(ProbeMetrics m) {
        this.metrics = m;
        return this;
    }

    /** @return facts for the head of {@code probe.json}: command, start, target, topology, options */
    public Map<String, Object> header(List<String> command) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("startedAt", startedAt);
        h.put("command", command);
        List<String> endpoints = new ArrayList<>();
        target.endpoints().forEach(e -> endpoints.add(e.label()));
        h.put("target", Map.of("endpoints", endpoints, "user", target.user(), "database", target.database()));
        h.put("topology", topology == null ? Map.of() : topology.toMap());
        h.put("samplesPerPair", samplesPerPair);
        h.put("visibilityTimeoutMillis", timeout.toMillis());
        h.put("stepTimeoutMillis", stepTimeout.toMillis());
        h.put("durationSeconds", durationSeconds);
        h.put("nodeStates", spells);
        h.put("clock", "System.nanoTime (one JVM monotonic clock)");
        h.put("gtidWait", gtidWait);
        return h;
    }
}
