package io.clusterbench.cli;

import io.clusterbench.runner.TableChores;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.runner.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench cleanup WORKLOAD [options]}: drop the workload's own tables and nothing else.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "cleanup", mixinStandardHelpOptions = true, customSynopsis = "clusterbench cleanup WORKLOAD [OPTIONS]", sortOptions = false, usageHelpAutoWidth = true,
        description = "Drop the workload's own tables (e.g. sbtest1..N for --tables N); other tables are never touched.")
final class CleanupCommand implements Callable<Integer>, WorkloadCommand {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "workload whose tables to drop")
    String workload;

    @Mixin
    TargetOptions target = new TargetOptions();

    private final FamilyOptions families = new FamilyOptions();

    CleanupCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public String workload() {
        return workload;
    }

    @Override
    public FamilyOptions families() {
        return families;
    }

    @Override
    public Integer call() {
        Validation.check(target, null, families);
        Workload w = WorkloadRegistry.create(workload, families,
                Distribution.parse("uniform", 12, 1, 75, 0.2, 0.8), 1);
        List<String> dropped = TableChores.cleanup(target.spec(), w, env);
        for (String name : dropped) {
            env.out().println("Dropped table '" + name + "'");
        }
        if (dropped.isEmpty()) {
            env.out().println("No tables of " + w.name() + " found; nothing dropped.");
        }
        return ExitCode.OK.code();
    }
}
