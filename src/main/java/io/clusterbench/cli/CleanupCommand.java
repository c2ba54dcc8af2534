package io.clusterbench.cli;

import io.clusterbench.runner.Validation;
import io.clusterbench.chores.TableChores;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.runner.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * {@code clusterbench cleanup WORKLOAD [options]}: drop the workload's own tables and nothing else.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "cleanup", mixinStandardHelpOptions = true, customSynopsis = "clusterbench cleanup WORKLOAD [OPTIONS]", sortOptions = false,
        description = "Drop the workload's own tables (e.g. sbtest1..N for --tables N); other tables are never touched.")
final class CleanupCommand extends WorkloadCommand {
    @Option(names = "--force", description = "Also drop a table of the workload's name that the workload did not make "
            + "(other columns or primary key). Default: such a table is reported and left alone, nothing is dropped.")
    boolean force;


    CleanupCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return "workload whose tables to drop";
    }

    @Override
    public Integer call() {
        Validation.check(target, null, families());
        if (target.embedded()) {
            env.out().println("Nothing to clean up: without --host the target is an embedded MariaDB, which starts "
                    + "empty on every command and is removed on exit (a data directory kept with prepare --keep stays "
                    + "until you remove it: prepare printed its rm command). Give --host (or --socket) to drop "
                    + workload() + "'s tables on your server.");
            return ExitCode.OK.code();
        }
        Workload w = WorkloadRegistry.create(workload(), families(),
                Distribution.defaultUniform(), 1);
        noteNotApplying(false, workload());
        List<String> dropped = TableChores.cleanup(target.spec(), w, force, env);
        for (String name : dropped) {
            env.out().println("Dropped table '" + name + "'");
        }
        if (dropped.isEmpty()) {
            env.out().println("No tables of " + w.name() + " found; nothing dropped.");
        }
        return ExitCode.OK.code();
    }
}
