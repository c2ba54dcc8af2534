package io.clusterbench.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes {@code result.json} with Jackson. Writes are atomic (temporary file, then rename), so a
 * reader never sees half a file.
 *
 * <p>Thread-safe.
 */
public final class ResultJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultJson() {
    }

    /**
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, ResultDocument doc) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), doc);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A run's observer fact as its record type, whether the run was made in this process (the fact is the record)
     * or read from result.json (the fact is a map).
     *
     * @param key  the fact's name under {@code observerFacts}, e.g. {@code faults}
     * @param type its record type, e.g. {@link FaultReport}
     * @return the fact, or null when the run has none or it does not have that shape
     */
    public static <T> T fact(RunRecord run, String key, Class<T> type) {
        Object raw = run.observerFacts() == null ? null : run.observerFacts().get(key);
        if (raw == null || type.isInstance(raw)) {
            return type.cast(raw);
        }
        try {
            return convert(raw, type);
        } catch (IllegalArgumentException notThatShape) {
            return null;
        }
    }

    /**
     * Converts a value read from JSON (maps, lists, numbers) into a result record, as reading the file would.
     *
     * @throws IllegalArgumentException when the value does not fit {@code type}
     */
    public static <T> T convert(Object value, Class<T> type) {
        return MAPPER.convertValue(value, type);
    }

    /**
     * @return the file read as {@code type}, unknown fields ignored
     * @throws IOException when the file is missing or does not parse into {@code type}
     */
    static <T> T readAs(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(file.toFile(), type);
    }

    /**
     * @throws IOException when the file is missing or not a clusterbench result
     */
    public static ResultDocument read(Path file) throws IOException {
        ResultDocument doc = MAPPER.readValue(file.toFile(), ResultDocument.class);
        if (doc.schema() == null || !doc.schema().startsWith("clusterbench.result/")) {
            throw new IOException(file + " is not a clusterbench result (schema " + doc.schema() + ")");
        }
        return doc;
    }
}
