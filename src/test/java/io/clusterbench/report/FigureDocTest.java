package io.clusterbench.report;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every printed figure is defined in docs/metrics.md (STYLE rule 8). */
class FigureDocTest {
    @Test
    void everyFigureIsDefined() throws Exception {
        String doc = Files.readString(Path.of("docs/metrics.md"));
        for (Figure f : Figure.values()) {
            String term = f == Figure.LATENCY_PERCENTILE ? "`lat (ms,N%)`" : "`" + f.key() + "`";
            assertTrue(doc.contains(term), f + " is not defined in docs/metrics.md as " + term);
        }
    }
}
