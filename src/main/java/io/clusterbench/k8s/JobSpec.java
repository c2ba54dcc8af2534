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
    /** Run options the job sets itself (per pod), so they may not be among the run options given. */
    public static final List<String> JOB_OWNED = List.of("--shard", "--start-at", "--out", "--threads-per-shard",
            "--password", "--mysql-password");

    public JobSpec {
        runArgs = List.copyOf(runArgs);
    }

    /**
     * Checks what the job's own options and the run options may be, without the run's parser.
     *
     * @param shards  {@code --shards}
     * @param name    {@code --name}
     * @param volume  {@code --volume}
     * @param runArgs the run options after {@code --}
     * @return every problem found; empty when none
     */
    public static List<String> problems(int shards, String name, String volume, List<String> runArgs) {
        List<String> problems = new java.util.ArrayList<>();
        if (shards < 1) {
            problems.add("--shards must be >= 1 (got " + shards + ")");
        }
        if (!name.matches("[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?")) {
            problems.add("--name '" + name + "' is not a DNS-1123 label (lower case, digits, '-', at most 52)");
        }
        if (!volume.equals("pvc") && !volume.equals("emptyDir")) {
            problems.add("--volume must be pvc or emptyDir (got " + volume + ")");
        }
        for (String a : runArgs) {
            for (String owned : JOB_OWNED) {
                if (a.equals(owned) || a.startsWith(owned + "=")) {
                    problems.add(owned + " is set by the job" + (owned.contains("password")
                            ? "; give the password in a Secret (--password-secret)" : ""));
                }
            }
        }
        return problems;
    }
}
