package io.clusterbench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Import rules of STYLE.md (rules 1, 4, 18), checked by scanning the sources. */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src/main/java/io/clusterbench");

    private static List<String> violations(String pkg, String... forbidden) throws IOException {
        List<String> found = new ArrayList<>();
        Path dir = MAIN.resolve(pkg);
        if (!Files.isDirectory(dir)) {
            return found;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String src = Files.readString(f);
                for (String token : forbidden) {
                    if (src.contains(token)) {
                        found.add(f + " uses " + token);
                    }
                }
            }
        }
        return found;
    }

    @Test
    void workloadsSeeNoEngineClockHistogramOrThread() throws IOException {
        assertEquals(List.of(), violations("workload", "import io.clusterbench.engine", "import io.clusterbench.result",
                "import io.clusterbench.report", "System.nanoTime", "org.HdrHistogram", "new Thread("));
    }

    @Test
    void engineImportsNoSql() throws IOException {
        assertEquals(List.of(), violations("engine", "import java.sql"));
    }

    @Test
    void reportReadsOnlyResults() throws IOException {
        assertEquals(List.of(), violations("report", "import io.clusterbench.engine", "import io.clusterbench.workload",
                "import io.clusterbench.db", "import java.sql"));
    }

    @Test
    void onlyMainTouchesTheProcess() throws IOException {
        List<String> found = new ArrayList<>();
        for (String pkg : new String[]{"target", "embedded", "workload", "engine", "metrics", "observe", "result",
                "report", "sandbox"}) {
            found.addAll(violations(pkg, "System.out", "System.err", "System.exit(", "System.getenv"));
        }
        found.addAll(violations("cli", "System.exit(").stream().filter(v -> !v.contains("Main.java")).toList());
        assertEquals(List.of(), found);
    }
}
