package io.clusterbench.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.ProbeDocument;
import io.clusterbench.result.ProbeLevelRecord;
import io.clusterbench.result.ProbeValidity;
import io.clusterbench.result.Wilson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles and writes {@code probe.json} (schema {@value #SCHEMA}, typed as {@link ProbeDocument}): the head the
 * driver gives, the blocked steps per node and in total, and one {@link ProbeLevelRecord} per level. The console
 * text and the HTML page are rendered from that document by {@code report} (docs/metrics.md, "Stale-read probe").
 *
 * <p>Thread-safe (stateless).
 */
public final class ProbeReport {
    /** Schema identifier of {@code probe.json}. */
    public static final String SCHEMA = ProbeDocument.SCHEMA;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ProbeReport() {
    }

    /**
     * @param header run-level facts (command, target, topology, options, {@code gtidWait}), written first
     * @param levels the levels' results, in probe order
     * @return the whole document as JSON-ready values: header, {@code blockedByNode}, {@code blockedMillis}, levels
     *         (each with its validity verdict, {@link ProbeValidity#level})
     */
    public static Map<String, Object> document(Map<String, Object> header, List<LevelResult> levels) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", SCHEMA);
        doc.putAll(header);
        long gtidBlocked = header.get("gtidWait") instanceof Map<?, ?> g && g.get("blockedMillis") instanceof Long l
                ? l : 0;
        doc.put("blockedByNode", ProbeSummary.blockedByNode(levels));
        doc.put("blockedMillis", gtidBlocked + levels.stream().mapToLong(LevelResult::blockedMillis).sum());
        List<ProbeLevelRecord> out = new ArrayList<>();
        long asked = header.get("samplesPerPair") instanceof Number n ? n.longValue() : 0;
        for (LevelResult r : levels) {
            ProbeLevelRecord rec = record(r);
            out.add(rec.withValidity(ProbeValidity.level(rec, asked * r.pairs().size())));
        }
        doc.put("levels", out);
        return doc;
    }

    /**
     * Writes {@code probe.json}.
     *
     * @param document from {@link #document}
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, Map<String, Object> document) {
        try {
            Files.createDirectories(file.getParent());
            MAPPER.writeValue(file.toFile(), document);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return one level as its record, units in the names */
    static ProbeLevelRecord record(LevelResult r) {
        double[] ci = Wilson.interval(r.stale(), r.samples(), Wilson.Z95);
        return new ProbeLevelRecord(r.level(), r.consistencyNote(), r.samples(), r.stale(), r.samples() - r.stale(),
                100 * r.staleRate(), List.of(100 * ci[0], 100 * ci[1]), r.timeouts(), r.errors(), r.blockedCommits(),
                r.blockedReads(), r.blockedMillis(), r.errorsByCode(), LatencySummary.of(r.visibility()),
                LatencySummary.of(r.readLatency()), LatencySummary.of(r.writeLatency()), r.durationSeconds(),
                r.backgroundTps(), r.pairs(), r.host(), r.nodeStates(), null);
    }
}
