package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.k8s.JobOptions;
import io.clusterbench.k8s.JobSpec;
import io.clusterbench.k8s.ShardJob;
import io.clusterbench.runner.ShardSpec;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench k8s job WORKLOAD --shards N --image IMAGE [-- RUN OPTIONS]}: prints the manifests of a run
 * split over N pods ({@link ShardJob}) for {@code kubectl apply -f -}. The run options are checked as {@code run}
 * would parse them; {@code --shard}, {@code --start-at} and {@code --out} are the job's.
 *
 * <p>Confined to the main thread. Exit 0 when printed, 2 for bad options.
 */
@Command(name = "job", sortOptions = false, mixinStandardHelpOptions = true,
        customSynopsis = "clusterbench k8s job WORKLOAD --shards N --image IMAGE [OPTIONS] [-- RUN OPTIONS]",
        description = "Print a ConfigMap, an Indexed Job of N pods (completion index = --shard), the result volume "
                + "and a collector, for 'kubectl apply -f -'. Run options after '--' are those of 'run'.")
final class K8sJobCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "the workload of run")
    String workload;

    @Parameters(index = "1..*", paramLabel = "RUN_OPTION", description = "options of run, after '--'")
    List<String> runArgs = new ArrayList<>();

    @Mixin
    JobOptions job = new JobOptions();

    K8sJobCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        List<String> problems = job.problems(runArgs);
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see clusterbench k8s job --help");
        }
        checkRunOptions();
        JobSpec spec = job.spec(workload, runArgs, job.startAt() == null ? null : ShardSpec.parseStartAt(job.startAt()));
        env.out().print(ShardJob.yaml(ShardJob.manifests(spec)));
        return ExitCode.OK.code();
    }

    /** Parses the run options as {@code run} would (with a placeholder shard and start), so a typo fails here. */
    private void checkRunOptions() {
        RunCommand run = new RunCommand(env);
        CommandLine line = new CommandLine(run);
        WorkloadCommand.install(line, run);
        List<String> all = new ArrayList<>(List.of(workload));
        all.addAll(List.of(ArgNormalizer.normalize(runArgs.toArray(new String[0]))));
        try {
            line.parseArgs(all.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new UserException("run option: " + e.getMessage(), "give the options of 'clusterbench run' after '--'");
        }
        WorkloadRegistry.require(workload);
        for (WorkloadFamily f : WorkloadRegistry.families()) {
            f.rejectUnmatched(workload, run.families());
        }
    }
}
