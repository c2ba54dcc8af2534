package io.clusterbench.cli;

import io.clusterbench.runner.Validation;
import io.clusterbench.inspect.Inspection;
import io.clusterbench.runner.Preflight;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.List;

/**
 * {@code clusterbench inspect [WORKLOAD | --workload W] [--threads N[,N...]] [target and workload options]}: reads every
 * endpoint and prints what will distort the benchmark as {@code LEVEL code: what — why — what to do}
 * lines (codes in docs/inspect.md). Exit 3 when a finding at level ERROR is present, else 0.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false,
        customSynopsis = "clusterbench inspect [WORKLOAD | --workload W] [--threads N[,N...]] [OPTIONS]",
        description = "Pre-flight look at the target: connection limits against the planned threads, working set "
                + "against the buffer pool, settings that differ between nodes, Galera and Group Replication rules, "
                + "clock skew. Prints one line per finding; exit 3 when one is an ERROR. Codes: docs/inspect.md.")
final class InspectCommand extends WorkloadCommand {
    @Option(names = "--workload", paramLabel = "W",
            description = "The workload to be run, for its tables and size (or give it as the first word, as "
                    + "to run). Default: " + DEFAULT_WORKLOAD + ".")
    String workloadOption;

    /** The workload as the first word, as every workload command takes it ({@code inspect oltp_read_write ...}). */
    @Parameters(index = "0", arity = "0..1", paramLabel = "WORKLOAD", description = "The workload, as --workload.")
    String workloadWord;

    private static final String DEFAULT_WORKLOAD = "oltp_read_write";

    @Option(names = "--threads", paramLabel = "N[,N...]", defaultValue = "1", split = ",",
            description = "Planned threads, or a sweep's list; the largest counts. Default: ${DEFAULT-VALUE}.")
    List<Integer> threads;

    @Option(names = "--routing", paramLabel = "round-robin|single-writer", defaultValue = "round-robin",
            description = "How the run will spread its workers over the endpoints, for the failover headroom "
                    + "(docs/inspect.md). Default: ${DEFAULT-VALUE}.")
    String routing;

    InspectCommand(CliEnv env) {
        super(env);
    }

    /** @return the workload given as a word or with --workload, else {@value #DEFAULT_WORKLOAD} */
    @Override
    String workload() {
        return workloadWord != null ? workloadWord : workloadOption != null ? workloadOption : DEFAULT_WORKLOAD;
    }

    @Override
    String workloadHelp() {
        return null;
    }

    @Override
    public Integer call() {
        int max = threads.stream().mapToInt(Integer::intValue).max().orElse(1);
        if (threads.stream().anyMatch(t -> t < 1)) {
            throw new io.clusterbench.UserException("invalid option: --threads must be >= 1 (got " + threads + ")",
                    "give the planned thread count, e.g. --threads 64 or --threads 1,8,64");
        }
        if (workloadWord != null && workloadOption != null && !workloadWord.equals(workloadOption)) {
            throw new io.clusterbench.UserException("two workloads: '" + workloadWord + "' and --workload "
                    + workloadOption, "give one");
        }
        Validation.check(target, null, families());
        WorkloadRegistry.require(workload());
        noteNotApplying(false, workload());
        Workload w = WorkloadRegistry.create(workload(), families(), Distribution.defaultUniform(), 1);
        Inspection result = Preflight.inspect(target.spec(), w, max, io.clusterbench.db.Routing.parse(routing), env);
        Preflight.print(result, w.name(), max, env);
        return result.hasErrors() ? ExitCode.CHECK_FAILED.code() : ExitCode.OK.code();
    }
}
