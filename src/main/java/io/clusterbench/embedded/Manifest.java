package io.clusterbench.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The list of files of one finished cache part with their sizes and modification times, written into the part's
 * directory as its last file ({@value #NAME}): a part without it was not finished, and a part whose files differ from
 * it (a file truncated, missing, replaced or written since) is rebuilt. Sizes and times are what a check at every run
 * can afford (one {@code stat} per file, about 400 files: a few milliseconds), where hashing the 180 MB would read
 * all of it at every start; a write that keeps a file's size and forges its time back goes unseen. A text
 * file, one {@code <bytes>\t<modified, ms since the epoch>\t<relative path>} line per file after a header.
 *
 * <p>Stateless and thread-safe.
 */
final class Manifest {
    /** The manifest's file name inside the part. */
    static final String NAME = ".manifest";
    private static final String HEADER = "clusterbench cache manifest 2";

    private Manifest() {
    }

    /**
     * Lists every regular file under {@code dir} (the manifest itself left out) and writes the manifest.
     *
     * @throws IOException when the tree cannot be read or the manifest written
     */
    static void write(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && !f.equals(dir.resolve(NAME))) {
                    lines.add(Files.size(f) + "\t" + modified(f) + "\t" + dir.relativize(f));
                }
            }
        }
        Path tmp = dir.resolve(NAME + ".tmp");
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(NAME), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * @return null when {@code dir} holds a manifest and every file it lists with the listed size and modification
     *         time, else why not (one phrase, e.g. {@code share/english/errmsg.sys has 0 bytes, not 79593})
     */
    static String problem(Path dir) {
        Path manifest = dir.resolve(NAME);
        if (!Files.isDirectory(dir)) {
            return "it is missing";
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "its manifest is missing (an unfinished or damaged copy)";
        }
        if (lines.isEmpty() || !lines.get(0).equals(HEADER) || lines.size() < 2) {
            return "its manifest is not one this version wrote";
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", 3);
            if (f.length < 3) {
                return "its manifest is damaged";
            }
            long size;
            long time;
            try {
                size = Long.parseLong(f[0]);
                time = Long.parseLong(f[1]);
            } catch (NumberFormatException e) {
                return "its manifest is damaged";
            }
            Path file = dir.resolve(f[2]);
            try {
                if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                    return f[2] + " is missing";
                }
                if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    return f[2] + " is not a file";
                }
                long actual = Files.size(file);
                if (actual != size) {
                    return f[2] + " has " + actual + " bytes, not " + size;
                }
                if (modified(file) != time) {
                    return f[2] + " was written after the cache was made";
                }
            } catch (IOException e) {
                return f[2] + " is missing";
            }
        }
        return null;
    }

    private static long modified(Path f) throws IOException {
        return Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toMillis();
    }
}
