package io.clusterbench.anomaly;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.UserException;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The history file of a run ({@value #FILE_NAME} in the result folder): JSON lines, a {@link HistoryHeader} first,
 * then one {@link HistoryRecord} per line in completion order, each line written and flushed when its operation
 * completes, so a run that dies leaves every operation that completed before it.
 *
 * <p>A writer is thread-safe ({@link #add} synchronizes); {@link #read} is stateless.
 */
public final class HistoryFile implements HistorySink, AutoCloseable {
    /** The file's name in a result folder. */
    public static final String FILE_NAME = "history.jsonl";
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final Path file;
    private final BufferedWriter out;

    private HistoryFile(Path file, BufferedWriter out) {
        this.file = file;
        this.out = out;
    }

    /**
     * Creates (or replaces) {@code file} and writes the header line.
     *
     * @throws UncheckedIOException when the file cannot be created or written
     */
    public static HistoryFile create(Path file, HistoryHeader header) {
        try {
            HistoryFile f = new HistoryFile(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
            f.add(header);
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes one line and flushes it.
     *
     * @throws UncheckedIOException on a write error (a full disk is an error, never silence)
     */
    @Override
    public synchronized void add(HistoryRecord record) {
        try {
            out.write(MAPPER.writeValueAsString(record));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @throws UncheckedIOException when the last bytes cannot be written */
    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a history file. A last line without its newline that does not parse (the writer died mid-line) is
     * skipped and {@link History#truncatedTail()} says so.
     *
     * @throws UserException        when the file cannot be read, has no {@value HistoryHeader#SCHEMA} header, or a
     *                              line is not a history record (the message names the line)
     */
    public static History read(Path file) {
        List<String> lines = new ArrayList<>();
        boolean endsWithNewline;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lines.add(line);
            }
            endsWithNewline = Files.size(file) == 0 || lastByte(file) == '\n';
        } catch (IOException e) {
            throw new UserException("cannot read history file " + file + ": " + e.getMessage(),
                    "give the history.jsonl of a run's result folder");
        }
        HistoryLog log = null;
        boolean truncated = false;
        for (int i = 0; i < lines.size(); i++) {
            HistoryRecord rec;
            try {
                rec = MAPPER.readValue(lines.get(i), HistoryRecord.class);
            } catch (JsonProcessingException | IllegalArgumentException e) {
                if (i == lines.size() - 1 && !endsWithNewline && i > 0) {
                    truncated = true;
                    break;
                }
                throw new UserException(file + " line " + (i + 1) + " is not a history record ("
                        + e.getMessage().lines().findFirst().orElse("") + ")", "give a file written by clusterbench");
            }
            if (i == 0) {
                if (!(rec instanceof HistoryHeader h) || !HistoryHeader.SCHEMA.equals(h.schema())) {
                    throw new UserException(file + " does not start with a " + HistoryHeader.SCHEMA + " header",
                            "give a history.jsonl written by this version of clusterbench");
                }
                log = new HistoryLog(h);
            } else {
                log.add(rec);
            }
        }
        if (log == null) {
            throw new UserException(file + " is empty", "give the history.jsonl of a run's result folder");
        }
        History h = log.history();
        return new History(h.header(), h.txns(), h.transfers(), h.bankReads(), h.counter(), truncated);
    }

    private static int lastByte(Path file) throws IOException {
        try (var ch = java.nio.channels.FileChannel.open(file)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1);
            ch.read(b, ch.size() - 1);
            return b.get(0);
        }
    }
}
