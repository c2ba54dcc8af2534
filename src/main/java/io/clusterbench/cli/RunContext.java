package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.target.ServerInfo;
import io.clusterbench.target.Target;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

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

    private RunContext(RunSettings settings, CliEnv env, ResolvedTarget resolved, ServerInfo server) {
        this.settings = settings;
        this.env = env;
        this.resolved = resolved;
        this.server = server;
    }

    /**
     * @param prepareThreads loader connections when the embedded server needs its tables
     * @throws UserException for an unusable target or missing tables
     */
    static RunContext open(RunSettings settings, CliEnv env, int prepareThreads) {
        ResolvedTarget resolved = ResolvedTarget.resolve(settings.targetOptions(), env, env.out()::println);
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
            return new RunContext(settings, env, resolved, server);
        } catch (RuntimeException e) {
            resolved.close();
            throw e;
        }
    }

    Target target() {
        return resolved.target();
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
