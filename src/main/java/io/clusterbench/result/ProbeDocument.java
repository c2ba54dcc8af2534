package io.clusterbench.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code probe.json} of {@code probe stale-reads} (schema {@value #SCHEMA}) as typed records: the head (command,
 * target, topology, bounds, node states, GTID waits, blocked steps per node) and one {@link ProbeLevelRecord} per
 * consistency level. The probe builds it in memory and writes it; {@code report} reads it back (docs/metrics.md,
 * "Stale-read probe").
 *
 * <p>Immutable by convention (the maps and lists are not changed after construction).
 *
 * @param schema                  {@value #SCHEMA}
 * @param startedAt               ISO-8601 instant the probe started
 * @param command                 the command line, passwords masked
 * @param target                  {@code endpoints}, {@code user}, {@code database}
 * @param topology                discovered topology ({@code flavor}, {@code version}, {@code members}, …)
 * @param samplesPerPair          first reads asked per ordered pair and level
 * @param visibilityTimeoutMillis longest poll for a stale marker (ms)
 * @param stepTimeoutMillis       longest wait for one probe statement (ms)
 * @param durationSeconds         wall time of the whole probe (s)
 * @param blockedMillis           wall time in blocked steps over all levels and the GTID waits (ms)
 * @param nodeStates              each node's time out of Synced, null when states were not sampled
 * @param clock                   the clock every time comes from
 * @param gtidWait                the GTID-wait timing, empty when none ran
 * @param blockedByNode           per node with blocked steps: {@code blockedCommits}, {@code blockedReads}
 * @param levels                  one per level, in the order probed
 */
public record ProbeDocument(String schema, String startedAt, List<String> command, Map<String, Object> target,
                            Map<String, Object> topology, int samplesPerPair, long visibilityTimeoutMillis,
                            long stepTimeoutMillis, double durationSeconds, long blockedMillis,
                            List<ProbeNodeSpell> nodeStates, String clock, GtidWait gtidWait,
                            Map<String, Map<String, Long>> blockedByNode, List<ProbeLevelRecord> levels) {
    /** Schema identifier of {@code probe.json}. */
    public static final String SCHEMA = "clusterbench.probe/1";
    /** File name of the probe's result in its folder. */
    public static final String FILE = "probe.json";

    /**
     * The probe's GTID waits ({@code WSREP_SYNC_WAIT_UPTO_GTID}), all ordered pairs together. Immutable.
     *
     * @param samples       waits asked per ordered pair
     * @param pairs         ordered pairs waited on
     * @param errors        waits lost to errors
     * @param errorsByCode  those errors by {@code code/sqlstate}
     * @param blocked       waits that hit the step timeout
     * @param blockedMillis wall time of blocked waits (ms)
     * @param waitLatency   from the wait call to its return (µs), null when none ran
     * @param note          why none ran (e.g. the server has no such function), null otherwise
     */
    public record GtidWait(Long samples, Long pairs, Long errors, Map<String, Long> errorsByCode, Long blocked,
                           Long blockedMillis, LatencySummary waitLatency, String note) {
    }

    /**
     * @param pathOrDir {@code probe.json} or a folder holding one
     * @return the {@code probe.json} it names, or null when it names neither
     */
    public static Path locate(Path pathOrDir) {
        if (Files.isDirectory(pathOrDir)) {
            Path p = pathOrDir.resolve(FILE);
            return Files.isRegularFile(p) && !Files.exists(pathOrDir.resolve("result.json")) ? p : null;
        }
        return pathOrDir.getFileName() != null && pathOrDir.getFileName().toString().equals(FILE)
                && Files.isRegularFile(pathOrDir) ? pathOrDir : null;
    }

    /**
     * @param file a {@code probe.json}
     * @throws IOException when it cannot be read or is not a clusterbench probe result
     */
    public static ProbeDocument read(Path file) throws IOException {
        ProbeDocument doc;
        try {
            doc = ResultJson.readAs(file, ProbeDocument.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a readable probe result: " + e.getMessage(), e);
        }
        if (doc.schema() == null || !doc.schema().startsWith("clusterbench.probe/") || doc.levels() == null) {
            throw new IOException(file + " is not a clusterbench probe result (schema " + doc.schema() + ")");
        }
        return doc;
    }

    /**
     * @param document the document as JSON-ready maps (as the probe assembles it)
     * @return the same as typed records, as reading the written file would give
     * @throws IllegalArgumentException when it does not have the shape
     */
    public static ProbeDocument of(Map<String, Object> document) {
        return ResultJson.convert(document, ProbeDocument.class);
    }
}
