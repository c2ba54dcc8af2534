package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.LoadLedger;
import io.clusterbench.workload.PrepareMode;
import io.clusterbench.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code clusterbench prepare WORKLOAD [options]}: create and load the workload's tables.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "prepare", mixinStandardHelpOptions = true, customSynopsis = "clusterbench prepare WORKLOAD [OPTIONS]", sortOptions = false, usageHelpAutoWidth = true,
        description = "Create and load the workload's tables (sysbench-compatible: either tool can use them). "
                + "Refuses to touch existing tables unless --force is given.")
final class PrepareCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "workload whose tables to create")
    String workload;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Loader connections; tables load in parallel. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--force", description = "Drop the workload's own tables first when they exist.")
    boolean force;

    @Option(names = "--resume", description = "Complete an interrupted load: keep the rows and indexes that are "
            + "there, load the missing chunks and build the missing indexes (oltp_* workloads).")
    boolean resume;

    @Mixin
    OltpOptions oltp = new OltpOptions();
    @Mixin
    JoinsOptions joins = new JoinsOptions();
    @Mixin
    TpccOptions tpcc = new TpccOptions();
    @Mixin
    TargetOptions target = new TargetOptions();

    PrepareCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        Validation.check(target, null, oltp);
        if (threads < 1) {
            throw new UserException("invalid options: --threads must be >= 1", "see --help");
        }
        if (force && resume) {
            throw new UserException("invalid options: --force and --resume exclude each other",
                    "--force reloads everything, --resume completes what is there");
        }
        Workload w = WorkloadCatalog.create(workload, oltp, joins, tpcc,
                Distribution.parse("uniform", 12, 1, 75, 0.2, 0.8), 1);
        try (ResolvedTarget resolved = ResolvedTarget.resolve(target, env, env.out()::println)) {
            long start = System.nanoTime();
            load(w, resolved);
            double secs = (System.nanoTime() - start) / 1e9;
            if (!workload.equals(WorkloadCatalog.TPCC)) { // the tpcc loader prints its own rows and rows/s
                long rows = (long) w.tables().size() * oltp.tableSize;
                env.out().printf(Locale.ROOT, "Prepared %d table(s), %d rows in %.1f s (%.0f rows/s)%n",
                        w.tables().size(), rows, secs, rows / Math.max(secs, 1e-9));
            }
            if (resolved.embedded() != null && !target.keep) {
                env.out().println("Note: the embedded server is removed on exit; 'run' prepares its own tables. "
                        + "Use --keep to keep this data, or --host for your own server.");
            }
        } catch (SQLException e) {
            throw new UserException("prepare failed: " + e.getMessage(), "check the server log and privileges", e);
        }
        return ExitCode.OK.code();
    }

    /** Loads; on Ctrl-C or failure prints what is complete and how to resume or clean up, then rethrows. */
    private void load(Workload w, ResolvedTarget resolved) throws SQLException {
        LoadLedger ledger = new LoadLedger();
        Thread loader = Thread.currentThread();
        AtomicBoolean stopped = new AtomicBoolean();
        PrepareMode mode = resume ? PrepareMode.RESUME : force ? PrepareMode.DROP : PrepareMode.REFUSE;
        try (CliEnv.Hooks.Registration hook = env.hooks().onStop(() -> {
            stopped.set(true);
            loader.interrupt();
        })) {
            try {
                w.prepare(resolved.target(), threads, mode, ledger, env.out()::println);
            } catch (SQLException | RuntimeException e) {
                if (ledger.rowsWanted() > 0 || stopped.get()) {
                    LoadReport.print(env.out(), stopped.get() ? "interrupted" : "failed", ledger, env.command());
                }
                throw e;
            }
        }
    }
}
