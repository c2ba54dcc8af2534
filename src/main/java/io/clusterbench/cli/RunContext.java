package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.target.Consistency;
import io.clusterbench.target.ServerInfo;
import io.clusterbench.target.Target;
import io.clusterbench.target.Topology;
import io.clusterbench.target.TopologyDiscovery;
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
    final RunSettings settings;
    final CliEnv env;
    final ResolvedTarget resolved;
    final ServerInfo server;
    final String startedAt = Instant.now().toString();

    private final Topology topology;
    private final Target runTarget;
    private final Map<String, Object> clusterFacts;

    private RunContext(RunSettings settings, CliEnv env, ResolvedTarget resolved, ServerInfo server,
                       Topology topology, Target runTarget, Map<String, Object> clusterFacts) {
        this.settings = settings;
        this.env = env;
        this.resolved = resolved;
        this.server = server;
        this.topology = topology;
        this.runTarget = runTarget;
        this.clusterFacts = clusterFacts;
    }

    /**
     * @param prepareThreads loader connections when the embedded server needs its tables
     * @throws UserException for an unusable target or missing tables
     */
    static RunContext open(RunSettings settings, CliEnv env, int prepareThreads) {
        return open(settings, env, prepareThreads, ResolvedTarget.resolve(settings.targetOptions(), env, env.out()::println));
    }

    /**
     * As {@link #open(RunSettings, CliEnv, int)}, on a target already resolved (e.g. one side of {@code ab});
     * closing the context closes {@code resolved}.
     */
    static RunContext open(RunSettings settings, CliEnv env, int prepareThreads, ResolvedTarget resolved) {
        try {
            Target target = resolved.target();
            Workload workload = settings.workload();
            ServerInfo server;
            try (Connection c = target.openChecked(target.endpointFor(0), true)) {
                server = ServerInfo.read(c);
                if (resolved.embedded() != null && !workload.tablesExist(c)) {
                    env.out().println("Preparing " + workload.name() + " on the embedded server...");
                    workload.prepare(target, Math.max(1, prepareThreads), true, line -> { });
                }
                workload.init(c);
                workload.startReport().forEach(env.out()::println);
            } catch (SQLException e) {
                throw new UserException("cannot read the target: " + e.getMessage(), "check the server and --db", e);
            }
            Topology topology = TopologyDiscovery.discover(target);
            topology.describe().forEach(env.out()::println);
            Map<String, Object> clusterFacts = new LinkedHashMap<>();
            clusterFacts.put("topology", topology.toMap());
            Target runTarget = target.withRouting(settings.routing());
            if (settings.consistency() != null) {
                Consistency.Applied applied = settings.consistency().apply(runTarget, topology);
                env.out().println(applied.line());
                runTarget = applied.target();
                clusterFacts.put("consistency", applied.facts());
            }
            return new RunContext(settings, env, resolved, server, topology, runTarget,
                    Collections.unmodifiableMap(clusterFacts));
        } catch (RuntimeException e) {
            resolved.close();
            throw e;
        }
    }

    /** @return the target the load runs on: endpoints and credentials with --routing and --consistency applied */
    Target target() {
        return runTarget;
    }

    /** @return what topology discovery found at start */
    Topology topology() {
        return topology;
    }

    /** @return facts found before the run (topology, consistency), for the result's observer facts */
    Map<String, Object> clusterFacts() {
        return clusterFacts;
    }

    boolean embedded() {
        return resolved.embedded() != null;
    }

    /** @return the result document holding {@code runs} */
    ResultDocument document(List<io.clusterbench.result.RunRecord> runs) {
        return new ResultDocument(ResultDocument.SCHEMA, Versions.tool(), startedAt, settings.command(),
                settings.targetMap(target()), new ResultDocument.ServerRecord(server.version(), embedded(),
                server.variables()), runs);
    }

    /** @return {@code max_connections} as the server reported it at start, or "unknown" */
    String maxConnections() {
        return server.variables().getOrDefault("max_connections", "unknown");
    }

    @Override
    public void close() {
        resolved.close();
    }
}
