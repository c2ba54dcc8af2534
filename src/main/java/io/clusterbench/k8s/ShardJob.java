package io.clusterbench.k8s;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * The manifests of {@code k8s job} as fabric8 kubernetes-model objects: a ConfigMap with the run's options and
 * the shard script, an Indexed Job of N pods (completion index = shard number, all started together, one per
 * node by anti-affinity), the result volume (a ReadWriteMany PVC and a collector pod that mounts it, or an
 * emptyDir whose pods wait to be collected), as YAML documents (docs/kubernetes.md).
 *
 * <p>Thread-safe (stateless).
 */
public final class ShardJob {
    /** Where the ConfigMap is mounted in the pods. */
    public static final String CONFIG_DIR = "/etc/clusterbench";
    /** Where the results go in the pods: one folder per shard, {@code shard-<index>}. */
    public static final String RESULTS_DIR = "/results";
    /** The pods' label naming the job, also the anti-affinity's selector. */
    public static final String LABEL = "clusterbench.io/job";
    /** The env var holding the pod's completion index (Kubernetes sets it for Indexed Jobs; set here too). */
    public static final String INDEX_ENV = "JOB_COMPLETION_INDEX";
    private static final String INDEX_ANNOTATION = "metadata.annotations['batch.kubernetes.io/job-completion-index']";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)) // every string quoted: ConfigMap data must stay strings
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private ShardJob() {
    }

    /** @return the manifests in apply order: ConfigMap, PVC (pvc mode), Job, collector Pod (pvc mode) */
    public static List<HasMetadata> manifests(JobSpec s) {
        List<HasMetadata> out = new ArrayList<>();
        out.add(configMap(s));
        if (s.pvc()) {
            out.add(claim(s));
        }
        out.add(job(s));
        if (s.pvc()) {
            out.add(collector(s));
        }
        return out;
    }

    /** @return the manifests as YAML documents separated by {@code ---} lines */
    public static String yaml(List<HasMetadata> manifests) {
        StringBuilder b = new StringBuilder();
        try {
            for (HasMetadata m : manifests) {
                b.append("---\n").append(YAML.writeValueAsString(m));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a Kubernetes model object did not serialize", e);
        }
        return b.toString();
    }

    static ConfigMap configMap(JobSpec s) {
        return new ConfigMapBuilder().withNewMetadata().withName(s.name() + "-options").withNamespace(s.namespace())
                .addToLabels(LABEL, s.name()).endMetadata()
                .addToData("SHARDS", Integer.toString(s.shards()))
                .addToData("START_AT", s.startAt())
                .addToData("args", s.runArgs().isEmpty() ? "" : String.join("\n", s.runArgs()) + "\n") // no empty arg
                .addToData("run.sh", script(s))
                .build();
    }

    /**
     * The shard's entry point: {@code clusterbench run} with the ConfigMap's options (one per line), its shard
     * number from the completion index, the common start, and its own result folder; with an emptyDir it then
     * waits (at most {@code collectSeconds}) for {@code RESULTS_DIR/collected} so the results can be copied out.
     */
    static String script(JobSpec s) {
        String run = "set -eu\n"
                + "out=" + RESULTS_DIR + "/shard-${" + INDEX_ENV + "}\n"
                + "status=0\n"
                + "xargs -d '\\n' -a " + CONFIG_DIR + "/args " + s.launcher() + " run " + s.workload()
                + " --shard \"${" + INDEX_ENV + "}/${SHARDS}\" --start-at \"${START_AT}\" --out \"$out\" || status=$?\n";
        if (!s.pvc()) {
            run += "echo \"shard ${" + INDEX_ENV + "} done (exit $status); copy $out, then touch " + RESULTS_DIR
                    + "/collected\"\n"
                    + "i=0; while [ ! -e " + RESULTS_DIR + "/collected ] && [ $i -lt " + s.collectSeconds()
                    + " ]; do sleep 5; i=$((i+5)); done\n";
        }
        return run + "exit $status\n";
    }

    static PersistentVolumeClaim claim(JobSpec s) {
        return new PersistentVolumeClaimBuilder().withNewMetadata().withName(s.name() + "-results")
                .withNamespace(s.namespace()).addToLabels(LABEL, s.name()).endMetadata()
                .withNewSpec().withAccessModes("ReadWriteMany").withStorageClassName(s.storageClass())
                .withNewResources().addToRequests("storage", new Quantity(s.storage())).endResources()
                .endSpec().build();
    }

    static Job job(JobSpec s) {
        Container shard = new ContainerBuilder().withName("shard").withImage(s.image())
                .withCommand("/bin/sh", CONFIG_DIR + "/run.sh")
                .withEnv(env(s))
                .addNewEnvFrom().withNewConfigMapRef().withName(s.name() + "-options").endConfigMapRef().endEnvFrom()
                .addNewVolumeMount().withName("options").withMountPath(CONFIG_DIR).withReadOnly(true).endVolumeMount()
                .addNewVolumeMount().withName("results").withMountPath(RESULTS_DIR).endVolumeMount()
                .withNewResources()
                // one key at a time: Map.of iterates in a per-JVM order, so the YAML changed from run to run
                .addToRequests("cpu", new Quantity(s.cpu())).addToRequests("memory", new Quantity(s.memory()))
                .addToLimits("cpu", new Quantity(s.cpu())).addToLimits("memory", new Quantity(s.memory()))
                .endResources().build();
        return new JobBuilder().withNewMetadata().withName(s.name()).withNamespace(s.namespace())
                .addToLabels(LABEL, s.name()).endMetadata()
                .withNewSpec().withCompletionMode("Indexed").withCompletions(s.shards()).withParallelism(s.shards())
                .withBackoffLimit(0)
                .withNewTemplate().withNewMetadata().addToLabels(LABEL, s.name()).endMetadata()
                .withNewSpec().withRestartPolicy("Never").withContainers(shard).withVolumes(volumes(s))
                .withNewAffinity().withNewPodAntiAffinity().addNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withTopologyKey("kubernetes.io/hostname").withNewLabelSelector().addToMatchLabels(LABEL, s.name())
                .endLabelSelector().endRequiredDuringSchedulingIgnoredDuringExecution().endPodAntiAffinity()
                .endAffinity()
                .endSpec().endTemplate().endSpec().build();
    }

    private static List<EnvVar> env(JobSpec s) {
        List<EnvVar> env = new ArrayList<>();
        env.add(new EnvVarBuilder().withName(INDEX_ENV).withNewValueFrom().withNewFieldRef()
                .withFieldPath(INDEX_ANNOTATION).endFieldRef().endValueFrom().build());
        env.add(new EnvVarBuilder().withName("NODE_NAME").withNewValueFrom().withNewFieldRef()
                .withFieldPath("spec.nodeName").endFieldRef().endValueFrom().build());
        if (s.passwordSecret() != null) {
            env.add(new EnvVarBuilder().withName("MYSQL_PWD").withNewValueFrom().withNewSecretKeyRef()
                    .withName(s.passwordSecret()).withKey("password").endSecretKeyRef().endValueFrom().build());
        }
        return env;
    }

    private static List<Volume> volumes(JobSpec s) {
        List<Volume> v = new ArrayList<>();
        v.add(new VolumeBuilder().withName("options").withNewConfigMap().withName(s.name() + "-options")
                .endConfigMap().build());
        v.add(s.pvc() ? new VolumeBuilder().withName("results").withNewPersistentVolumeClaim()
                .withClaimName(s.name() + "-results").endPersistentVolumeClaim().build()
                : new VolumeBuilder().withName("results").withNewEmptyDir().endEmptyDir().build());
        return v;
    }

    /** A pod of the same image that mounts the result volume, to run {@code merge} there and copy the result out. */
    static Pod collector(JobSpec s) {
        return new PodBuilder().withNewMetadata().withName(s.name() + "-collector").withNamespace(s.namespace())
                .addToLabels(LABEL + "-collector", s.name()).endMetadata()
                .withNewSpec().withRestartPolicy("Never")
                .addNewContainer().withName("collector").withImage(s.image())
                .withCommand("/bin/sh", "-c", "sleep " + s.collectSeconds())
                .addNewVolumeMount().withName("results").withMountPath(RESULTS_DIR).endVolumeMount()
                .endContainer()
                .addNewVolume().withName("results").withNewPersistentVolumeClaim().withClaimName(s.name() + "-results")
                .endPersistentVolumeClaim().endVolume()
                .endSpec().build();
    }
}
