package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.chores.Prewarm;
import io.clusterbench.runner.Validation;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.oltp.OltpFamily;
import io.clusterbench.workload.oltp.OltpOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Locale;

/**
 * {@code clusterbench prewarm WORKLOAD [options]}: sysbench 1.0.20's {@code prewarm} of the OLTP workloads: loads
 * the {@code sbtestN} tables into each endpoint's buffer pool ({@link Prewarm}).
 *
 * <p>Confined to the main thread.
 */
@Command(name = "prewarm", mixinStandardHelpOptions = true, customSynopsis = "clusterbench prewarm WORKLOAD [OPTIONS]",
        sortOptions = false, description = "Load the oltp_* tables (sbtest1..N) into the buffer pool of every endpoint "
        + "with sysbench's prewarm statements (ANALYZE TABLE, a primary-key scan and a k-index scan of up to "
        + "--table-size rows), then say what the server read (docs/usage.md).")
final class PrewarmCommand extends WorkloadCommand {
    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Connections per endpoint; the tables are shared out over them, as sysbench shares them "
                    + "over its threads. Default: ${DEFAULT-VALUE}.")
    int threads;

    PrewarmCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return "oltp_* workload whose tables to prewarm";
    }

    @Override
    public Integer call() {
        Validation.check(target, null, families());
        if (threads < 1) {
            throw new UserException("invalid options: --threads must be >= 1 (got " + threads + ")", "see --help");
        }
        if (!(WorkloadRegistry.require(workload()) instanceof OltpFamily)) {
            throw new UserException("prewarm loads the tables of the oltp_* workloads (sbtest1..N), not " + workload()
                    + "'s", "run the workload's own warm-up instead: clusterbench run " + workload()
                    + " --warmup-time SECONDS");
        }
        if (target.embedded()) {
            throw new UserException("prewarm needs a server that keeps its tables: the embedded server starts empty "
                    + "on every command", "give your server with --host (run on the embedded server prepares and "
                    + "warms its own tables: --warmup-time SECONDS)");
        }
        noteNotApplying(false, workload());
        Workload w = WorkloadRegistry.create(workload(), families(), Distribution.defaultUniform(), 1);
        List<Prewarm.Warmed> warmed = Prewarm.run(target.spec(), w, families().get(OltpOptions.class).tableSize(),
                threads, env);
        for (Prewarm.Warmed e : warmed) {
            env.out().printf(Locale.ROOT, "Prewarmed %d table(s) on %s in %.1f s: %d page reads, %d of them from "
                            + "disk; buffer pool %d of %d pages hold data%n", w.tables().size(), e.endpoint(), e.seconds(),
                    e.pageReads(), e.pagesFromDisk(), e.pagesWithData(), e.pagesTotal());
        }
        return ExitCode.OK.code();
    }
}
