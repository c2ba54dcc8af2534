package io.clusterbench.ab;

import io.clusterbench.UserException;
import io.clusterbench.db.ServerInfo;
import io.clusterbench.db.Target;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The SQL an A/B comparison needs besides the steps: making the tables once on the prepared data, reading
 * each side's description, warming a buffer pool.
 *
 * <p>Thread-safe (stateless).
 */
public final class AbData {
    private AbData() {
    }

    /**
     * Creates the database and the workload's tables when they are missing.
     *
     * @param threads loader connections
     * @throws UserException when the server cannot be used
     */
    public static void prepareIfMissing(Workload workload, Target target, int threads, Consumer<String> announce) {
        try (Connection c = target.openChecked(target.endpointFor(0), false); var s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS `" + target.database() + "`");
            c.setCatalog(target.database());
            if (!workload.tablesExist(c)) {
                announce.accept("Preparing " + workload.name() + " on the prepared copy...");
                workload.prepare(target, Math.max(1, threads), true, line -> { });
            }
        } catch (SQLException e) {
            throw new UserException("cannot prepare the data directory: " + e.getMessage(), "check the template and options", e);
        }
    }

    /**
     * @param kind          {@code endpoint}, {@code server} or {@code embedded}
     * @param binary        the started binary, or null
     * @param serverOptions options given to a started server
     * @param targetMap     endpoints, user, database (no password)
     * @param server        what the side's server said at start
     * @param workload      the side's workload after init (its facts)
     * @throws UserException when the side cannot be read
     */
    public static SideRecord describe(Side side, String kind, String binary, List<String> serverOptions,
                                      Map<String, Object> targetMap, Target target, ServerInfo server, Workload workload) {
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            return new SideRecord(side, kind, binary, List.copyOf(serverOptions), targetMap, server.version(),
                    server.variables().get("version_comment"), SideRecord.compileInfo(server.variables()),
                    server.variables(), TableFacts.read(c, target.database()), workload.facts());
        } catch (SQLException e) {
            throw new UserException("cannot read side " + side + ": " + e.getMessage(), "check the server", e);
        }
    }

    /**
     * Warms {@code target}'s buffer pool ({@link TableFacts#warmBufferPool}).
     *
     * @return seconds it took
     * @throws UserException when a scan fails
     */
    public static double warm(Target target) {
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            return TableFacts.warmBufferPool(c, target.database());
        } catch (SQLException e) {
            throw new UserException("buffer pool warmup failed: " + e.getMessage(), "check the server", e);
        }
    }
}
