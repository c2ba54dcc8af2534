package io.clusterbench.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code anomalies.json} of {@code probe anomalies} (schema {@value #SCHEMA}): the probe's head (command, target,
 * topology, options) and one {@link AnomalySetting} per setting run (consistency level × isolation level × routing),
 * each with its history file, what the checkers found and the probe load's own throughput. Written after every
 * setting, so a probe that stops keeps the settings finished; {@code report} and {@code compare} read it back
 * (docs/consistency.md, docs/metrics.md "Anomaly probe").
 *
 * <p>Immutable by convention (the maps and lists are not changed after construction).
 *
 * @param schema          {@value #SCHEMA}
 * @param startedAt       ISO-8601 instant the probe started
 * @param command         the command line, passwords masked
 * @param target          {@code endpoints}, {@code user}, {@code database}
 * @param topology        the topology found at start ({@code flavor}, {@code version}, {@code members}, …)
 * @param options         the probe's options as resolved
 * @param serverVariables per node, the server variables that decide what a history may show (durability, InnoDB's
 *                        snapshot isolation, global isolation and causal wait, Galera's certification), as read at start
 * @param status          {@code running}, {@code completed} or {@code interrupted} (Ctrl-C or SIGTERM)
 * @param durationSeconds wall time of the probe so far (s)
 * @param settings        the settings, in the order run
 */
public record AnomalyDocument(String schema, String startedAt, List<String> command, Map<String, Object> target,
                              Map<String, Object> topology, Options options,
                              Map<String, Map<String, String>> serverVariables, String status, double durationSeconds,
                              List<AnomalySetting> settings) {
    /** Schema identifier of {@code anomalies.json}. */
    public static final String SCHEMA = "clusterbench.anomalies/1";
    /** File name of the probe's result in its folder. */
    public static final String FILE = "anomalies.json";

    /** Copies the list. */
    public AnomalyDocument {
        settings = settings == null ? List.of() : List.copyOf(settings);
    }

    /**
     * The probe's options as resolved. Immutable.
     *
     * @param workloads               the history workloads run side by side in every setting
     * @param sessionsPerWorkload     client sessions of each workload
     * @param activeKeys              list-append keys in play at once
     * @param appendsPerKey           appends after which a key is retired
     * @param accounts                bank accounts
     * @param timeSeconds             length of each setting's load (s); 0 = until {@code transactionsPerWorkload}
     * @param transactionsPerWorkload operations of each workload after which its load ends; 0 = until the time
     * @param readsOn                 where read-only transactions run: {@code same}, {@code other} or {@code any} node
     * @param lockingReads            true for {@code SELECT … FOR UPDATE}
     * @param fault                   the fault schedule run in every setting, or null
     * @param readTimeoutMillis       the sessions' socket read timeout (ms)
     * @param finalReadTimeoutMillis  the longest the final reads wait for a node (ms)
     * @param seed                    the generators' seed
     */
    public record Options(List<String> workloads, int sessionsPerWorkload, int activeKeys, int appendsPerKey,
                          int accounts, long timeSeconds, long transactionsPerWorkload, String readsOn,
                          boolean lockingReads, String fault, long readTimeoutMillis, long finalReadTimeoutMillis,
                          long seed) {
    }

    /** @return the same document with {@code next} as its status, duration and settings */
    public AnomalyDocument with(String nextStatus, double seconds, List<AnomalySetting> nextSettings) {
        return new AnomalyDocument(schema, startedAt, command, target, topology, options, serverVariables, nextStatus,
                seconds, nextSettings);
    }

    /** @return per setting with a forbidden anomaly, {@code setting: workload class (count), …}; empty when none */
    public List<String> violations() {
        List<String> out = new ArrayList<>();
        for (AnomalySetting s : settings) {
            List<String> v = s.violations();
            if (!v.isEmpty()) {
                out.add(s.name() + ": " + String.join(", ", v));
            }
        }
        return out;
    }

    /**
     * @param pathOrDir {@code anomalies.json} or a folder holding one
     * @return the {@code anomalies.json} it names, or null when it names neither
     */
    public static Path locate(Path pathOrDir) {
        if (Files.isDirectory(pathOrDir)) {
            Path p = pathOrDir.resolve(FILE);
            return Files.isRegularFile(p) ? p : null;
        }
        return pathOrDir.getFileName() != null && pathOrDir.getFileName().toString().equals(FILE)
                && Files.isRegularFile(pathOrDir) ? pathOrDir : null;
    }

    /**
     * @param file an {@code anomalies.json}
     * @throws IOException when it cannot be read or is not a clusterbench anomaly result
     */
    public static AnomalyDocument read(Path file) throws IOException {
        AnomalyDocument doc;
        try {
            doc = ResultJson.readAs(file, AnomalyDocument.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a readable anomaly result: " + e.getMessage(), e);
        }
        if (doc.schema() == null || !doc.schema().startsWith("clusterbench.anomalies/")) {
            throw new IOException(file + " is not a clusterbench anomaly result (schema " + doc.schema() + ")");
        }
        return doc;
    }

    /** @return the document as the bytes {@link #write} writes (serialise ahead of a write that must be fast) */
    public byte[] bytes() {
        return ResultJson.bytesOf(this);
    }

    /**
     * Writes the document atomically (temporary file, then rename).
     *
     * @throws java.io.UncheckedIOException when it cannot be written
     */
    public static void write(Path file, byte[] json) {
        ResultJson.write(file, json);
    }
}
