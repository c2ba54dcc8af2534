package io.clusterbench.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clusterbench.result.LatencySummary;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.clusterbench.Format.f;

/**
 * Renders probe results: the side-by-side console table (one row per level: stale-read rate with its 95%
 * Wilson interval, visibility time, read latency) and {@code probe.json} (schema {@value #SCHEMA}). Figures are
 * defined in docs/metrics.md, "Stale-read probe".
 *
 * <p>Thread-safe (stateless).
 */
public final class ProbeReport {
    /** Schema identifier of {@code probe.json}. */
    public static final String SCHEMA = "clusterbench.probe/1";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ProbeReport() {
    }

    /** @return the comparison table, one line per level, ending with a newline */
    public static String table(List<LevelResult> levels) {
        StringBuilder b = new StringBuilder();
        boolean load = levels.stream().anyMatch(r -> r.backgroundTps() != null);
        b.append(f("%-8s %8s %6s %-24s %-26s %8s %-22s %7s %6s%s%n", "level", "samples", "stale", "stale rate [95% CI]",
                "visible p50/p99/max (ms)", "timeouts", "read p50/p99/max (ms)", "blocked", "errors",
                load ? " background tps" : ""));
        for (LevelResult r : levels) {
            double[] ci = Wilson.interval(r.stale(), r.samples(), Wilson.Z95);
            Histogram v = r.visibility();
            Histogram rd = r.readLatency();
            b.append(f("%-8s %8d %6d %-24s %-26s %8d %-22s %7d %6d%s%n", r.level(), r.samples(), r.stale(),
                    f("%.2f%% [%.2f%%, %.2f%%]", 100 * r.staleRate(), 100 * ci[0], 100 * ci[1]),
                    v.getTotalCount() == 0 ? "-" : triple(v), r.timeouts(), triple(rd),
                    r.blockedCommits() + r.blockedReads(), r.errors(),
                    !load ? "" : r.backgroundTps() == null ? " -" : f(" %.2f", r.backgroundTps())));
        }
        return b.toString();
    }

    /**
     * Writes {@code probe.json}.
     *
     * @param header run-level facts (command, target, topology, options), written first
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, Map<String, Object> header, List<LevelResult> levels) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", SCHEMA);
        doc.putAll(header);
        List<Map<String, Object>> out = new ArrayList<>();
        for (LevelResult r : levels) {
            out.add(toMap(r));
        }
        doc.put("levels", out);
        try {
            Files.createDirectories(file.getParent());
            MAPPER.writeValue(file.toFile(), doc);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return one level as JSON-ready maps, units in key names */
    static Map<String, Object> toMap(LevelResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        double[] ci = Wilson.interval(r.stale(), r.samples(), Wilson.Z95);
        m.put("level", r.level());
        m.put("consistency", r.consistencyNote());
        m.put("samples", r.samples());
        m.put("staleReads", r.stale());
        m.put("freshReads", r.samples() - r.stale());
        m.put("staleRatePercent", 100 * r.staleRate());
        m.put("staleRateCi95Percent", List.of(100 * ci[0], 100 * ci[1]));
        m.put("visibilityTimeouts", r.timeouts());
        m.put("errors", r.errors());
        m.put("blockedCommits", r.blockedCommits());
        m.put("blockedReads", r.blockedReads());
        m.put("blockedMillis", r.blockedMillis());
        m.put("errorsByCode", r.errorsByCode());
        m.put("visibility", LatencySummary.of(r.visibility()));
        m.put("readLatency", LatencySummary.of(r.readLatency()));
        m.put("writeLatency", LatencySummary.of(r.writeLatency()));
        m.put("durationSeconds", r.durationSeconds());
        m.put("backgroundTps", r.backgroundTps());
        m.put("pairs", r.pairs());
        return m;
    }

    private static String triple(Histogram h) {
        if (h.getTotalCount() == 0) {
            return "-";
        }
        return f("%.2f/%.2f/%.2f", h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0,
                h.getMaxValue() / 1000.0);
    }
}
