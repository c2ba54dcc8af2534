package io.clusterbench.runner;

import io.clusterbench.UserException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Where a command writes its result files when {@code --out} is not given, and the check that it can.
 *
 * <p>Thread-safe (stateless).
 */
public final class ResultDirs {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private ResultDirs() {
    }

    /**
     * @param out  {@code --out} as given, or null
     * @param name what follows the timestamp, e.g. {@code oltp_read_write}, {@code sweep-tpcc}, {@code stale-reads}
     * @return {@code out}, or {@code results/<UTC yyyyMMdd-HHmmss>-<name>} relative to the working directory
     */
    public static Path orDefault(Path out, String name) {
        return out != null ? out : Path.of("results", ZonedDateTime.now(ZoneOffset.UTC).format(STAMP) + "-" + name);
    }

    /**
     * Checks, leaving nothing behind, that {@code dir} can be created or written: its nearest existing ancestor
     * must be a directory in which a directory can really be made (a probe directory is created and removed at
     * once). Permission bits alone do not say it: root passes every access check, yet {@code /proc} or a
     * read-only file system still refuse the mkdir.
     *
     * @throws UserException when result files could not be written there
     */
    public static void requireWritable(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        String why = p == null ? "no such place"
                : !Files.isDirectory(p) ? p + " is not a directory"
                : !canMakeDirectoryIn(p) ? p + " is not writable" : null;
        if (why != null) {
            throw new UserException("cannot write results to " + dir + " (" + why + ")", "choose another --out");
        }
    }

    /**
     * Writes result.json (or another result document), a failure being the user's to fix (a full or read-only
     * disk), not an internal error: one line saying what could not be written, exit 2.
     *
     * @param file the result file
     * @param doc  the document to write
     * @throws UserException when the file cannot be written
     */
    public static void writeJson(Path file, io.clusterbench.result.ResultDocument doc) {
        try {
            io.clusterbench.result.ResultJson.write(file, doc);
        } catch (java.io.UncheckedIOException e) {
            throw new UserException(e.getMessage(), "free disk space or choose another --out", e);
        }
    }

    /**
     * As {@link #writeJson(Path, io.clusterbench.result.ResultDocument)}, for another result record of the folder
     * (e.g. capacity.json).
     *
     * @throws UserException when the file cannot be written
     */
    public static void writeValue(Path file, Object value) {
        try {
            io.clusterbench.result.ResultJson.write(file, io.clusterbench.result.ResultJson.bytesOf(value));
        } catch (java.io.UncheckedIOException e) {
            throw new UserException(e.getMessage(), "free disk space or choose another --out", e);
        }
    }

    /**
     * Creates {@code dir} and its parents if missing.
     *
     * @throws UserException when it cannot be created
     */
    public static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new UserException("cannot create " + dir + ": " + e.getMessage(), "choose another --out", e);
        }
    }

    /** @return true when a directory could be created (and was removed again) in {@code parent} */
    private static boolean canMakeDirectoryIn(Path parent) {
        try {
            Files.delete(Files.createTempDirectory(parent, ".clusterbench-write-check"));
            return true;
        } catch (java.io.IOException | SecurityException | UnsupportedOperationException e) {
            return false;
        }
    }
}
