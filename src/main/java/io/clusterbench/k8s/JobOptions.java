package io.clusterbench.k8s;

import picocli.CommandLine.Option;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The job's own options of {@code k8s job} (pods, image, resources, result volume, common start): picocli mixin.
 * {@link #spec} makes the {@link JobSpec} that {@link ShardJob} renders.
 *
 * <p>Confined to the command's thread.
 */
public final class JobOptions {
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

    /** @return every problem with the job's options and the run options after {@code --} ({@link JobSpec#problems}) */
    public List<String> problems(List<String> runArgs) {
        return JobSpec.problems(shards, name, volume, runArgs);
    }

    /** @return {@code --start-at} as given, or null */
    public String startAt() {
        return startAt;
    }

    /**
     * @param startAtMillis {@code --start-at} parsed (epoch ms), or null for {@code --start-in} seconds from now
     *                      (whole seconds)
     * @return the job
     */
    public JobSpec spec(String workload, List<String> runArgs, Long startAtMillis) {
        long at = startAtMillis != null ? startAtMillis
                : Instant.now().plusSeconds(startIn).truncatedTo(ChronoUnit.SECONDS).toEpochMilli();
        return new JobSpec(name, namespace, image, launcher, workload, runArgs, shards, Instant.ofEpochMilli(at).toString(),
                cpu, memory, volume.equals("pvc"), storage, storageClass, passwordSecret, collectSeconds);
    }
}
