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
        Path tmp = tmpFor(file);
        try {
            MAPPER.writeValue(tmp.toFile(), doc);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        } finally {
            WRITING.remove(tmp);
        }
    }

    /**
     * @return {@code doc} as the bytes {@link #write} would write, for a write that must be fast later (the result of
     *         a stop, written from a signal's thread within a deadline)
     * @throws UncheckedIOException when it cannot be serialised
     */
    public static byte[] bytes(ResultDocument doc) {
        try {
            return MAPPER.writeValueAsBytes(doc);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise the result: " + e.getMessage(), e);
        }
    }

    /**
     * @return any result record (e.g. {@link CapacityRecord}, {@link AnomalyDocument}) as JSON bytes, in result.json's style
     * @throws UncheckedIOException when it cannot be serialised
     */
    public static byte[] bytesOf(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise the result: " + e.getMessage(), e);
        }
    }

    /**
     * Writes bytes made by {@link #bytes} as {@code file}, atomically (temporary file, then rename).
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, byte[] json) {
        Path tmp = tmpFor(file);
        try {
            Files.write(tmp, json);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        } finally {
            WRITING.remove(tmp);
        }
    }

    /** Temporary files being written now, in this process. */
    private static final java.util.Set<Path> WRITING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * @return the temporary sibling a write of {@code file} goes through ({@code NAME.tmp}), marked busy; while another
     *         thread writes that one (a halt's write beside the command's final one), one of this thread's own: each
     *         write renames a whole file, the later one wins
     */
    private static Path tmpFor(Path file) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        if (WRITING.add(tmp)) {
            return tmp;
        }
        Path own = file.resolveSibling(file.getFileName() + "." + Thread.currentThread().getId() + ".tmp");
        WRITING.add(own);
        return own;
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
