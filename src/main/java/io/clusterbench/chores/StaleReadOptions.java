package io.clusterbench.chores;

import io.clusterbench.runner.ResultDirs;
import io.clusterbench.prom.MetricsListen;
import io.clusterbench.workload.FamilyOptions;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;

/**
 * The probe's own options of {@code probe stale-reads} (levels, scope, samples, timeouts, output, background load):
 * picocli mixin. {@link #run} makes the {@link StaleReadRun}.
 *
 * <p>Confined to the command's thread.
 */
public final class StaleReadOptions {
    @Option(names = "--consistency", split = ",", paramLabel = "LEVEL[,LEVEL...]", defaultValue = "0",
            description = "Levels to compare: Galera wsrep_sync_wait values (0, 1, 7, 15) or Group Replication "
                    + "levels, set on B's reader session and read back. Default: ${DEFAULT-VALUE}.")
    List<String> levels;

    @Option(names = "--scope", paramLabel = "session|statement", defaultValue = "session",
            description = "session: SET SESSION on B's reader connection (read back); statement: the level rides on "
                    + "each first read (MariaDB SET STATEMENT wsrep_sync_wait=N FOR SELECT, PXC SET_VAR hint) while "
                    + "the session stays at 0. Default: ${DEFAULT-VALUE}.")
    String scope;

    @Option(names = "--samples", paramLabel = "N", defaultValue = "200",
            description = "First reads per ordered pair and level (>= 1). Default: ${DEFAULT-VALUE}.")
    int samples;

    @Option(names = "--visibility-timeout", paramLabel = "MILLISECONDS", defaultValue = "2000",
            description = "Longest poll for a stale marker to show on B (> 0); such reads count as timeouts. "
                    + "Default: ${DEFAULT-VALUE}.")
    long timeoutMillis;

    @Option(names = "--step-timeout", paramLabel = "MILLISECONDS",
            description = "Longest wait for one probe statement (marker commit, first read, poll, GTID wait) (> 0); a "
                    + "step that reaches it counts as blocked for its pair and node. Default: --visibility-timeout.")
    Long stepTimeoutMillis;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for probe.json. Default: results/<UTC timestamp>-stale-reads.")
    Path out;

    @Option(names = "--background", paramLabel = "WORKLOAD",
            description = "Run this workload (e.g. oltp_write_only; tables from prepare, same --tables) beside the "
                    + "probe, closed loop, uniform keys; its tps per level is shown. Default: none (idle cluster).")
    String background;

    @Option(names = "--background-threads", paramLabel = "N", defaultValue = "2",
            description = "Threads of the background workload (>= 1). Default: ${DEFAULT-VALUE}.")
    int backgroundThreads;

    /** @return the {@code --background} workload, or null for an idle cluster */
    public String background() {
        return background;
    }

    /**
     * Adds every problem with the probe's options to {@code problems}, without connecting.
     *
     * @param embedded true when no endpoint is given (the embedded server is a single node)
     */
    public void validate(boolean embedded, List<String> problems) {
        if (!scope.equals("session") && !scope.equals("statement")) {
            problems.add("--scope must be session or statement (got '" + scope + "')");
        }
        if (samples < 1) {
            problems.add("--samples must be >= 1 (got " + samples + ")");
        }
        if (timeoutMillis <= 0) {
            problems.add("--visibility-timeout must be > 0 ms");
        }
        if (stepTimeoutMillis != null && stepTimeoutMillis <= 0) {
            problems.add("--step-timeout must be > 0 ms");
        }
        if (embedded) {
            problems.add("give the cluster's endpoints with --host/--port (the embedded server is a single node)");
        }
        if (backgroundThreads < 1) {
            problems.add("--background-threads must be >= 1");
        }
    }

    /**
     * @param families the family options a background workload is built from
     * @param metrics  the metrics endpoint, or null
     * @return the probe as the runner runs it; its output directory is {@code --out} or the default
     * @throws io.clusterbench.UserException when that directory cannot be written
     */
    public StaleReadRun run(FamilyOptions families, MetricsListen metrics) {
        java.nio.file.Path dir = ResultDirs.orDefault(out, "stale-reads");
        ResultDirs.requireWritable(dir); // before the probe runs, not when probe.json is written at its end
        return new StaleReadRun(levels, scope.equals("statement"), samples, timeoutMillis,
                stepTimeoutMillis == null ? timeoutMillis : stepTimeoutMillis, dir,
                background, backgroundThreads, families, metrics);
    }
}
