package io.clusterbench.explain;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * Writes folded stacks ({@code thread;outer;...;leaf count} per line, sorted by stack), the input of FlameGraph's
 * {@code flamegraph.pl}, speedscope and most flame-graph viewers. Written to a temporary file and renamed, so a
 * reader never sees half of it; a write error is an error.
 *
 * <p>Thread-safe (stateless).
 */
final class FoldedFile {
    private FoldedFile() {
    }

    /**
     * @param file   where to write
     * @param stacks folded stack to its samples, in the order to write (sorted)
     * @throws IOException when the file cannot be written (disk full)
     */
    static void write(Path file, Map<String, Long> stacks) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, Long> e : stacks.entrySet()) {
                w.write(e.getKey());
                w.write(' ');
                w.write(Long.toString(e.getValue()));
                w.write('\n');
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
