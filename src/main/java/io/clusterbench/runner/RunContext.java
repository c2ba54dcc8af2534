package io.clusterbench.runner;

import io.clusterbench.workload.TableProperties;
import io.clusterbench.fault.NodeControl;
import io.clusterbench.fault.NodeControls;
import io.clusterbench.UserException;
import io.clusterbench.result.Finding;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.TableRecord;
import io.clusterbench.db.Consistency;
import io.clusterbench.db.ServerInfo;
import io.clusterbench.db.Target;
import io.clusterbench.db.Topology;
import io.clusterbench.db.TopologyDiscovery;
import io.clusterbench.prom.MetricsServer;
import io.clusterbench.workload.InitContext;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every step of a run or sweep shares: the resolved target (and embedded server), what the server
 * said about itself at start, and the document header. Opening it prepares the tables on the embedded
 * server when they are missing and initialises the workload (key spaces).
 *
 * <p>Confined to the command's thread.
 */
final class RunContext implements AutoCloseable {
    final RunPlan settings;
    final Console env;
    final ResolvedTarget resolved;
    final ServerInfo server;
    final String startedAt = Instant.now().toString();

    private final Topology topology;
    private final Target runTarget;
    private final io.clusterbench.result.Facts clusterFacts;
    private final NodeControl nodeControl;
    private final List<Finding> preflight;
    private final List<TableRecord> tables;
    /** The {@code --metrics-listen} endpoint shared by every step, or null; closed by the base context only. */
    private MetricsServer metrics;

    private RunContext(RunPlan settings, Console env, ResolvedTarget resolved, ServerInfo server,
                       Topology topology, Target runTarget, io.clusterbench.result.Facts clusterFacts, NodeControl nodeControl,
                       List<Finding> preflight, List<TableRecord> tables) {
        this.settings = settings;
        this.env = env;
        this.resolved = resolved;
        this.server = server;
        this.topology = topology;
        this.runTarget = runTarget;
        this.clusterFacts = clusterFacts;
        this.nodeControl = nodeControl;
        this.preflight = List.copyOf(preflight);
        this.tables = List.copyOf(tables);
    }

    /**
     * @param prepareThreads loader connections when the embedded server needs its tables
     * @throws UserException for an unusable target or missing tables
     */
    static RunContext open(RunPlan settings, Console env, int prepareThreads) {
        // bound first: a port in use fails the command before a server starts or a table is loaded
        MetricsServer metrics = settings.reporting().metrics() == null ? null : MetricsServer.start(settings.reporting().metrics(), env::line);
        try {
            RunContext ctx = open(settings, env, prepareThreads, ResolvedTarget.resolve(settings.target(), env));
            ctx.metrics = metrics;
            return ctx;
        } catch (RuntimeException e) {
            if (metrics != null) {
                metrics.skipLinger();
                metrics.close();
            }
            throw e;
        }
    }

    /**
     * As {@link #open(RunPlan, Console, int)}, on a target already resolved (e.g. one side of {@code ab});
     * closing the context closes {@code resolved}.
     */
    static RunContext open(RunPlan settings, Console env, int prepareThreads, ResolvedTarget resolved) {
        try {
            Target target = resolved.target();
            NodeControl nodeControl = NodeControls.resolve(settings.cluster().faults(), target.endpoints());
            Workload workload = settings.workload().workload();
            ServerInfo server;
            List<TableRecord> tables;
            io.clusterbench.workload.TableShape.refuseForeign(target, workload, "run", false);
            try (Connection c = target.openChecked(target.endpointFor(0), true)) {
                server = ServerInfo.read(c);
                boolean createdNow = resolved.embedded() != null && !workload.tablesExist(c);
                if (createdNow) {
                    env.line("Preparing " + workload.name() + " on the embedded server...");
                    workload.prepare(target, Math.max(1, prepareThreads), true, line -> { });
                }
                workload.init(c, new InitContext(() -> target.openChecked(target.endpointFor(0), true),
                        Math.max(1, Math.min(4, prepareThreads)), System::nanoTime, env::line));
                workload.startReport().forEach(env::line);
                tables = tables(c, target.database(), settings, createdNow, env);
            } catch (SQLException e) {
                throw new UserException("cannot read the target: " + e.getMessage(), "check the server and --db", e);
            }
            Topology topology = TopologyDiscovery.discover(target);
            topology.describe().forEach(env::line);
            io.clusterbench.fault.RelayObserver relay = io.clusterbench.fault.RelayObserver.find(
                    settings.cluster().faults().sandboxDir(), target.endpoints());
            if (relay != null) {
                env.line(relay.linksLine());
            }
            List<Finding> preflight = settings.output().inspect()
                    ? Preflight.beforeRun(target.withRouting(settings.cluster().routing()), workload,
                    settings.load().maxThreads(), settings.reporting().explain(), env) : List.of();
            Target runTarget = target.withRouting(settings.cluster().routing()).withReadTimeout(settings.readTimeoutMillis());
            Consistency.Applied applied = null;
            if (settings.cluster().consistency() != null) {
                applied = settings.cluster().consistency().apply(runTarget, topology);
                env.line(applied.line());
                runTarget = applied.target();
            }
            return new RunContext(settings, env, resolved, server, topology, runTarget,
                    ClusterFacts.of(topology, settings.readTimeoutMillis(), applied), nodeControl, preflight, tables);
        } catch (RuntimeException e) {
            resolved.close();
            throw e;
        }
    }

    /**
     * A context on a target resolved and read elsewhere, as it stands: no table is made, no workload initialised,
     * nothing discovered or checked (the step runner's tests, on a synthetic workload without a server). Closing it
     * closes {@code resolved}.
     *
     * @param server   what the server said about itself
     * @param topology what discovery found, or null for none
     */
    static RunContext of(RunPlan settings, Console env, ResolvedTarget resolved, ServerInfo server, Topology topology) {
        return new RunContext(settings, env, resolved, server, topology, resolved.target(),
                io.clusterbench.result.Facts.NONE, null, List.of(), List.of());
    }

    /**
     * The same target, server and topology at another consistency level (a step of a consistency sweep): the level
     * is set and read back on every endpoint. Shares this context's connections to the target; close only this one.
     *
     * @param levelPlan the plan at that level ({@link RunPlan#withConsistency})
     * @return the context to run that level's steps in
     */
    RunContext atLevel(RunPlan levelPlan) {
        Target t = resolved.target().withRouting(levelPlan.cluster().routing());
        Consistency.Applied applied = null;
        if (levelPlan.cluster().consistency() != null) {
            applied = levelPlan.cluster().consistency().apply(t, topology);
            env.line(applied.line());
            t = applied.target();
        }
        RunContext level = new RunContext(levelPlan, env, resolved, server, topology, t,
                ClusterFacts.of(topology, levelPlan.readTimeoutMillis(), applied), nodeControl, preflight, tables);
        level.metrics = metrics;
        return level;
    }

    /** @return the metrics endpoint every step feeds, or null when {@code --metrics-listen} was not given */
    MetricsServer metrics() {
        return metrics;
    }

    /** @return the target the load runs on: endpoints and credentials with --routing and --consistency applied */
    Target target() {
        return runTarget;
    }

    /** @return what carries out the fault schedule's node actions, or null when it has none */
    NodeControl nodeControl() {
        return nodeControl;
    }

    /** @return what topology discovery found at start */
    Topology topology() {
        return topology;
    }

    /** @return facts found before the run (topology, read timeout, consistency), for the result's facts */
    io.clusterbench.result.Facts clusterFacts() {
        return clusterFacts;
    }

    boolean embedded() {
        return resolved.embedded() != null;
    }

    /** @return the result document holding {@code runs} */
    ResultDocument document(List<io.clusterbench.result.RunRecord> runs) {
        return new ResultDocument(ResultDocument.SCHEMA, Versions.tool(), startedAt, settings.output().command(),
                settings.targetMap(target(), server), new ResultDocument.ServerRecord(server.version(), embedded(),
                server.variables()), runs, preflight, tables);
    }

    /**
     * Reads the properties of the workload's (and any background workload's and scenario's) tables, prints what they are and
     * notes where they differ from what the options asked.
     *
     * @param createdNow true when this run has just created the workload's tables
     */
    private static List<TableRecord> tables(Connection c, String schema, RunPlan settings, boolean createdNow,
                                            Console env) throws SQLException {
        Workload workload = settings.workload().workload();
        java.util.Set<String> names = new java.util.LinkedHashSet<>(workload.tables());
        if (settings.cluster().background() != null) {
            names.addAll(settings.cluster().background().workload().tables());
        }
        settings.cluster().scenarios().forEach(sc -> names.addAll(sc.workload().tables()));
        List<TableRecord> tables = TableProperties.read(c, schema, names);
        String line = TableProperties.line(tables);
        if (line != null) {
            env.line(line);
        }
        TableProperties.notes(workload.tableOptions(), tables, createdNow).forEach(env::line);
        return tables;
    }

    /** @return {@code max_connections} as the server reported it at start, or "unknown" */
    String maxConnections() {
        return server.variables().getOrDefault("max_connections", "unknown");
    }

    /**
     * Nothing reads the server any more (the command's last step has its facts): an embedded server is killed now,
     * so its teardown overlaps the step's record and the report instead of holding the process's exit (the JVM waits
     * for the reaper of a child still being torn down).
     */
    void serverDone() {
        env.lifecycle().mark("server no longer needed");
        resolved.closeSoon();
    }

    /** Closes the metrics endpoint (after its linger) and the target (the embedded server, if any). */
    @Override
    public void close() {
        try {
            if (metrics != null) {
                metrics.close();
            }
        } finally {
            resolved.close();
        }
    }
}
