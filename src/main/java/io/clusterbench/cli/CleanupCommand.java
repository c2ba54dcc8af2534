package io.clusterbench.cli;

import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench cleanup WORKLOAD [options]}: drop the workload's own tables and nothing else.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "cleanup", mixinStandardHelpOptions = true, customSynopsis = "clusterbench cleanup WORKLOAD [OPTIONS]", sortOptions = false, usageHelpAutoWidth = true,
        description = "Drop the workload's own tables (e.g. sbtest1..N for --tables N); other tables are never touched.")
final class CleanupCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "workload whose tables to drop")
    String workload;

    @Mixin
    OltpOptions oltp = new OltpOptions();
    @Mixin
    JoinsOptions joins = new JoinsOptions();
    @Mixin
    TpccOptions tpcc = new TpccOptions();
    @Mixin
    TargetOptions target = new TargetOptions();

    CleanupCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        Validation.check(target, null, oltp);
        Workload w = WorkloadCatalog.create(workload, oltp, joins, tpcc,
                Distribution.parse("uniform", 12, 1, 75, 0.2, 0.8), 1);
        try (ResolvedTarget resolved = ResolvedTarget.resolve(target.spec(), env);
             Connection c = resolved.target().openChecked(resolved.target().endpointFor(0), true)) {
            List<String> dropped = w.cleanup(c);
            for (String name : dropped) {
                env.out().println("Dropped table '" + name + "'");
            }
            if (dropped.isEmpty()) {
                env.out().println("No tables of " + w.name() + " found; nothing dropped.");
            }
        } catch (SQLException e) {
            throw new UserException("cleanup failed: " + e.getMessage(), "check privileges", e);
        }
        return ExitCode.OK.code();
    }
}
