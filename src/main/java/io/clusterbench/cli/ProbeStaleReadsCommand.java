package io.clusterbench.cli;

import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.db.TargetOptions;
import io.clusterbench.runner.ResultDirs;
import io.clusterbench.runner.StaleReadRun;
import io.clusterbench.UserException;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.oltp.OltpOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;


import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench probe stale-reads --host H --port P1,P2,P3 [--consistency 0,1,7]}: the stale-read probe
 * on every ordered node pair, one pass per consistency level, results side by side.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "stale-reads", sortOptions = false, usageHelpAutoWidth = true,
        description = "On every ordered node pair (A, B): commit a marker on A, read it at once on B over a dedicated "
                + "connection; count stale first reads and time until the marker is visible on B. One pass per "
                + "--consistency level, printed side by side. Needs two or more endpoints (cluster nodes).")
final class ProbeStaleReadsCommand implements Callable<Integer> {
    private final CliEnv env;

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

    @Mixin
    OltpOptions oltp = new OltpOptions();
    @Mixin
    TargetOptions target = new TargetOptions();
    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    ProbeStaleReadsCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        List<String> problems = new ArrayList<>();
        target.validate(problems);
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
        if (target.embedded()) {
            problems.add("give the cluster's endpoints with --host/--port (the embedded server is a single node)");
        }
        if (backgroundThreads < 1) {
            problems.add("--background-threads must be >= 1");
        }
        if (background != null) {
            oltp.validate(problems);
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see --help");
        }
        FamilyOptions families = WorkloadRegistry.newOptions();
        families.put(oltp);
        StaleReadRun probe = new StaleReadRun(levels, scope.equals("statement"), samples, timeoutMillis,
                stepTimeoutMillis == null ? timeoutMillis : stepTimeoutMillis, ResultDirs.orDefault(out, "stale-reads"),
                background, backgroundThreads, families, metrics.spec());
        return ExitCode.of(probe.run(target.spec(), env.command(), env)).code();
    }
}
