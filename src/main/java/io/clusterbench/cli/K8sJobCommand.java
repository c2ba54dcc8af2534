package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.k8s.JobSpec;
import io.clusterbench.k8s.ShardJob;
import io.clusterbench.runner.ShardSpec;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
@Command(name = "job", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        customSynopsis = "clusterbench k8s job WORKLOAD --shards N --image IMAGE [OPTIONS] [-- RUN OPTIONS]",
        description = "Print a ConfigMap, an Indexed Job of N pods (completion index = --shard), the result volume "
                + "and a collector, for 'kubectl apply -f -'. Run options after '--' are those of 'run'.")
final class K8sJobCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "the workload of run")
    String workload;

    @Parameters(index = "1..*", paramLabel = "RUN_OPTION", description = "options of run, after '--'")
    List<String> runArgs = new ArrayList<>();

    @Option(names = "--shards", paramLabel = "N", required = true, description = "Client pods, one shard each (>= 1).")
    int shards;

    @Option(names = "--image", paramLabel = "IMAGE", required = true,
            description = "The clusterbench image (Dockerfile in the repository).")
    String image;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = "clusterbench",
            description = "Job name; the ConfigMap, PVC and collector are named after it. Default: ${DEFAULT-VALUE}.")
    String name;

    @Option(names = "--namespace", paramLabel = "NS", description = "Namespace. Default: kubectl's.")
    String namespace;

    @Option(names = "--cpu", paramLabel = "QUANTITY", defaultValue = "2",
            description = "CPU request and limit per pod. Default: ${DEFAULT-VALUE}.")
    String cpu;

    @Option(names = "--memory", paramLabel = "QUANTITY", defaultValue = "2Gi",
            description = "Memory request and limit per pod. Default: ${DEFAULT-VALUE}.")
    String memory;

    @Option(names = "--volume", paramLabel = "pvc|emptyDir", defaultValue = "pvc",
            description = "Results: a ReadWriteMany PVC plus a collector pod, or an emptyDir per pod that waits "
                    + "to be copied out. Default: ${DEFAULT-VALUE}.")
    String volume;

    @Option(names = "--storage", paramLabel = "QUANTITY", defaultValue = "1Gi",
            description = "PVC size. Default: ${DEFAULT-VALUE}.")
    String storage;

    @Option(names = "--storage-class", paramLabel = "CLASS", description = "PVC storage class. Default: the cluster's.")
    String storageClass;

    @Option(names = "--password-secret", paramLabel = "SECRET",
            description = "Secret with the database password under key 'password' (becomes MYSQL_PWD). Default: none.")
    String passwordSecret;

    @Option(names = "--start-at", paramLabel = "TIME", description = "The shards' common start. Default: --start-in.")
    String startAt;

    @Option(names = "--start-in", paramLabel = "SECONDS", defaultValue = "180",
            description = "Without --start-at: start this many seconds from now (room to apply, pull and schedule). "
                    + "Default: ${DEFAULT-VALUE}.")
    long startIn;

    @Option(names = "--collect-seconds", paramLabel = "SECONDS", defaultValue = "3600",
            description = "How long the collector (or an emptyDir pod) waits to be collected. Default: ${DEFAULT-VALUE}.")
    long collectSeconds;

    @Option(names = "--launcher", paramLabel = "COMMAND", defaultValue = "clusterbench",
            description = "The command that runs clusterbench in the image. Default: ${DEFAULT-VALUE}.")
    String launcher;

    K8sJobCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        List<String> problems = JobSpec.problems(shards, name, volume, runArgs);
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see clusterbench k8s job --help");
        }
        checkRunOptions();
        long at = startAt != null ? ShardSpec.parseStartAt(startAt)
                : Instant.now().plusSeconds(startIn).truncatedTo(ChronoUnit.SECONDS).toEpochMilli();
        JobSpec spec = new JobSpec(name, namespace, image, launcher, workload, runArgs, shards,
                Instant.ofEpochMilli(at).toString(), cpu, memory, volume.equals("pvc"), storage, storageClass,
                passwordSecret, collectSeconds);
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
