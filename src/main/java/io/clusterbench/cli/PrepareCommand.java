package io.clusterbench.cli;

import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.Callable;

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
        Workload w = WorkloadCatalog.create(workload, oltp, joins, tpcc,
                Distribution.parse("uniform", 12, 1, 75, 0.2, 0.8), 1);
        try (ResolvedTarget resolved = ResolvedTarget.resolve(target.spec(), env)) {
            long start = System.nanoTime();
            w.prepare(resolved.target(), threads, force, env.out()::println);
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
}
