package io.clusterbench.k8s;

import java.util.List;

/**
 * What {@code k8s job} generates: the run, its shards, the pods' image and resources, the result volume.
 * Immutable.
 *
 * @param name           job name (a DNS-1123 label); the ConfigMap, PVC and collector are named after it
 * @param namespace      namespace, or null for the one kubectl uses
 * @param image          the clusterbench container image
 * @param launcher       the command that runs clusterbench in the image, e.g. {@code clusterbench}
 * @param workload       the workload of {@code run}
 * @param runArgs        the other options of {@code run}, one argument each ({@code --shard}, {@code --start-at},
 *                       {@code --out} are set by the job)
 * @param shards         number of shards = pods = completions = parallelism, &ge; 1
 * @param startAt        the common start, ISO-8601 UTC
 * @param cpu            CPU request and limit per pod, Kubernetes quantity (e.g. {@code 2})
 * @param memory         memory request and limit per pod (e.g. {@code 2Gi})
 * @param pvc            true: a ReadWriteMany PVC and a collector pod; false: an emptyDir per pod
 * @param storage        PVC size (e.g. {@code 1Gi})
 * @param storageClass   PVC storage class, or null for the cluster's default
 * @param passwordSecret Secret holding the database password under key {@code password}, or null for none
 * @param collectSeconds how long a pod (emptyDir) or the collector (PVC) waits to be collected, seconds
 */
public record JobSpec(String name, String namespace, String image, String launcher, String workload,
                      List<String> runArgs, int shards, String startAt, String cpu, String memory, boolean pvc,
                      String storage, String storageClass, String passwordSecret, long collectSeconds) {
    public JobSpec {
        runArgs = List.copyOf(runArgs);
    }
}
