package io.clusterbench.k8s;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.clusterbench.testing.Cli;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code k8s job} as a user runs it: the printed YAML parses back into the Kubernetes model's types (fabric8;
 * no field anywhere that the model does not know) with the expected completions, parallelism, index env var, command line, volume and
 * anti-affinity; bad options get one line and exit 2.
 */
class K8sJobTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** @return the printed documents, each read into the model class its kind names */
    private static List<Object> parse(String yaml) throws Exception {
        List<Object> out = new ArrayList<>();
        for (String doc : yaml.split("(?m)^---\\n")) {
            if (doc.isBlank()) {
                continue;
            }
            Map<?, ?> raw = YAML.readValue(doc, Map.class);
            if (raw.get("data") instanceof Map<?, ?> data) {
                data.forEach((k, v) -> assertTrue(v instanceof String, "ConfigMap data " + k + " must be a string: " + v));
            }
            Class<?> type = switch ((String) raw.get("kind")) {
                case "ConfigMap" -> ConfigMap.class;
                case "Job" -> Job.class;
                case "PersistentVolumeClaim" -> PersistentVolumeClaim.class;
                case "Pod" -> Pod.class;
                default -> throw new AssertionError("unexpected kind " + raw.get("kind"));
            };
            Object typed = YAML.readValue(doc, type);
            assertEquals(List.of(), unknownFields(typed, (String) raw.get("kind")), doc);
            out.add(typed);
        }
        return out;
    }

    /**
     * @return every field of the document the model did not know (fabric8 keeps those in each object's
     *         {@code additionalProperties} instead of failing), by path
     */
    private static List<String> unknownFields(Object o, String path) throws Exception {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                out.addAll(unknownFields(list.get(i), path + "[" + i + "]"));
            }
            return out;
        }
        if (o instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.addAll(unknownFields(e.getValue(), path + "." + e.getKey()));
            }
            return out;
        }
        if (o == null || !o.getClass().getName().startsWith("io.fabric8.")) {
            return out;
        }
        for (java.lang.reflect.Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || !m.getName().startsWith("get") || m.getName().equals("getClass")) {
                continue;
            }
            Object value = m.invoke(o);
            if (m.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    out.add(path + " " + extra.keySet());
                }
            } else {
                out.addAll(unknownFields(value, path + "." + m.getName().substring(3)));
            }
        }
        return out;
    }

    @Test
    void pvcJobParsesIntoTheModelWithOnePodPerShard() throws Exception {
        Cli.Result r = Cli.run("k8s", "job", "oltp_read_write", "--shards", "4", "--image", "registry.example/clusterbench:0.1",
                "--name", "bench", "--namespace", "perf", "--cpu", "4", "--memory", "3Gi",
                "--start-at", "2030-01-02T03:04:05Z", "--password-secret", "db-pass", "--",
                "--host", "galera-0.galera,galera-1.galera", "--threads", "256", "--time", "300", "--report-interval", "1");
        assertEquals(0, r.exitCode(), r.err());
        List<Object> docs = parse(r.out());
        assertEquals(List.of(ConfigMap.class, PersistentVolumeClaim.class, Job.class, Pod.class),
                docs.stream().map(Object::getClass).toList());
        ConfigMap options = (ConfigMap) docs.get(0);
        assertEquals("bench-options", options.getMetadata().getName());
        assertEquals("4", options.getData().get("SHARDS"));
        assertEquals("2030-01-02T03:04:05Z", options.getData().get("START_AT"));
        assertEquals(List.of("--host", "galera-0.galera,galera-1.galera", "--threads", "256", "--time", "300",
                "--report-interval", "1"), List.of(options.getData().get("args").split("\n")));
        String script = options.getData().get("run.sh");
        assertTrue(script.contains("xargs -d '\\n' -a /etc/clusterbench/args clusterbench run oltp_read_write "
                + "--shard \"${JOB_COMPLETION_INDEX}/${SHARDS}\" --start-at \"${START_AT}\" --out \"$out\""), script);
        assertTrue(script.contains("out=/results/shard-${JOB_COMPLETION_INDEX}"), script);

        Job job = (Job) docs.get(2);
        assertEquals("perf", job.getMetadata().getNamespace());
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(4, job.getSpec().getCompletions());
        assertEquals(4, job.getSpec().getParallelism());
        assertEquals(0, job.getSpec().getBackoffLimit());
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        assertEquals("Never", pod.getRestartPolicy());
        Container c = pod.getContainers().get(0);
        assertEquals("registry.example/clusterbench:0.1", c.getImage());
        assertEquals(List.of("/bin/sh", "/etc/clusterbench/run.sh"), c.getCommand());
        EnvVar index = c.getEnv().stream().filter(e -> e.getName().equals(ShardJob.INDEX_ENV)).findFirst().orElseThrow();
        assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']",
                index.getValueFrom().getFieldRef().getFieldPath());
        EnvVar pwd = c.getEnv().stream().filter(e -> e.getName().equals("MYSQL_PWD")).findFirst().orElseThrow();
        assertEquals("db-pass", pwd.getValueFrom().getSecretKeyRef().getName());
        assertEquals("bench-options", c.getEnvFrom().get(0).getConfigMapRef().getName());
        assertEquals("4", c.getResources().getLimits().get("cpu").toString());
        assertEquals("3Gi", c.getResources().getRequests().get("memory").toString());
        assertTrue(r.out().contains("requests:\n            cpu: \"4\"\n            memory: \"3Gi\""), r.out());
        assertTrue(r.out().contains("limits:\n            cpu: \"4\"\n            memory: \"3Gi\""), r.out());
        var anti = pod.getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().get(0);
        assertEquals("kubernetes.io/hostname", anti.getTopologyKey());
        assertEquals(Map.of(ShardJob.LABEL, "bench"), anti.getLabelSelector().getMatchLabels());
        assertEquals("bench", job.getSpec().getTemplate().getMetadata().getLabels().get(ShardJob.LABEL));
        assertEquals("bench-results", pod.getVolumes().stream().filter(v -> v.getName().equals("results")).findFirst()
                .orElseThrow().getPersistentVolumeClaim().getClaimName());
        PersistentVolumeClaim pvc = (PersistentVolumeClaim) docs.get(1);
        assertEquals(List.of("ReadWriteMany"), pvc.getSpec().getAccessModes());
        assertEquals("bench-results", ((Pod) docs.get(3)).getSpec().getVolumes().get(0).getPersistentVolumeClaim()
                .getClaimName());
    }

    @Test
    void emptyDirJobWaitsToBeCollected() throws Exception {
        Cli.Result r = Cli.run("k8s", "job", "oltp_point_select", "--shards", "2", "--image", "cb:1", "--volume",
                "emptyDir", "--", "--threads", "8");
        assertEquals(0, r.exitCode(), r.err());
        List<Object> docs = parse(r.out());
        assertEquals(List.of(ConfigMap.class, Job.class), docs.stream().map(Object::getClass).toList());
        Job job = (Job) docs.get(1);
        assertTrue(job.getSpec().getTemplate().getSpec().getVolumes().stream()
                .anyMatch(v -> v.getName().equals("results") && v.getEmptyDir() != null));
        assertNull(job.getMetadata().getNamespace());
        assertTrue(((ConfigMap) docs.get(0)).getData().get("run.sh").contains("/results/collected"));
    }

    @Test
    void badOptionsGetOneLineAndExit2() {
        for (String[] args : List.of(
                new String[]{"k8s", "job", "oltp_read_write", "--shards", "0", "--image", "x"},
                new String[]{"k8s", "job", "oltp_read_write", "--shards", "2", "--image", "x", "--", "--shard", "0/2"},
                new String[]{"k8s", "job", "oltp_read_write", "--shards", "2", "--image", "x", "--", "--thredas", "8"},
                new String[]{"k8s", "job", "oltp_read_write", "--shards", "2", "--image", "x", "--", "--password=s"},
                new String[]{"k8s", "job", "oltp_read_write", "--shards", "2", "--image", "x", "--name", "Bad_Name"})) {
            Cli.Result r = Cli.run(args);
            assertEquals(2, r.exitCode(), String.join(" ", args) + "\n" + r.out());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(!r.err().contains("s\n") || !r.err().contains("password=s"), "password not echoed");
        }
    }
}
