package io.clusterbench.result;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The scenarios' figures per interval ({@code run --scenario}): {@code scenarios.csv}, long format (one row per
 * scenario per interval, from {@code intervals[].observed.scenarios}), created at the first interval that has any,
 * flushed per interval. Columns are defined in docs/metrics.md, "Scenarios".
 *
 * <p>Confined to the coordinator thread. Every write error is raised.
 */
final class ScenarioCsv implements AutoCloseable {
    /** Header of {@code scenarios.csv}; units in the column names. */
    static final String HEADER = "start_seconds,end_seconds,scenario,events,tps,errors,p95_ms";
    private static final String[] KEYS = {"events", "tps", "errors", "p95Millis"};
    private final Path file;
    private BufferedWriter out;

    ScenarioCsv(Path dir) {
        this.file = dir.resolve("scenarios.csv");
    }

    /** Appends one row per scenario of {@code r}; nothing (and no file) when the interval has none. */
    void append(IntervalRecord r) {
        Map<String, Object> scenarios = Observations.of(r).figures("scenarios");
        if (scenarios.isEmpty()) {
            return;
        }
        try {
            if (out == null) {
                out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                out.write(HEADER);
                out.newLine();
            }
            for (Map.Entry<String, Object> e : scenarios.entrySet()) {
                if (!(e.getValue() instanceof Map<?, ?> f)) {
                    continue;
                }
                StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%.3f,%.3f,%s", r.startSeconds(),
                        r.endSeconds(), e.getKey().replace(",", ";")));
                for (String k : KEYS) {
                    Object v = f.get(k);
                    b.append(',').append(v instanceof Double d ? String.format(Locale.ROOT, "%.3f", d)
                            : v == null ? "" : String.valueOf(v));
                }
                out.write(b.toString());
                out.newLine();
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
