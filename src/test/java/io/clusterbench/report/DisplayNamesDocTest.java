package io.clusterbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.observe.ServerStatusObserver;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report's display names are docs/metrics.md's table "Names in the HTML report": the jar's copy is the doc's
 * table, each key there is defined in the doc, every server counter and every figure a stored result holds has a
 * name, and a key without one is still shown in words.
 */
class DisplayNamesDocTest {
    @Test
    void theNamesAreTheTableOfTheMetricsDoc() throws Exception {
        Map<String, DisplayNames.Name> doc = DisplayNames.parse(Files.readString(Path.of("docs/metrics.md")));
        assertEquals(doc, DisplayNames.all(), "the jar's names are the doc's table (rebuild after editing the doc)");
        DisplayNames.Name mb = doc.get("host.serverDiskWriteBytesPerSecond");
        assertEquals("MB/s", mb.unit());
        assertEquals(1e6, mb.divisor(), "stored as bytes/s");
        assertEquals(1e3, doc.get("galera.sampleSkewMicros").divisor(), "stored as µs, shown in ms");
    }

    @Test
    void aRowWithAnUnknownConversionOrTheWrongCellsIsRefused() {
        assertThrows(IllegalStateException.class, () -> DisplayNames.parse(
                DisplayNames.SECTION + "\n\n| `a.b` | words | MB/s | µs |\n"));
        assertThrows(IllegalStateException.class, () -> DisplayNames.parse(
                DisplayNames.SECTION + "\n\n| `a.b` | words | MB/s |\n"));
    }

    @Test
    void everyKeyIsDefinedInTheMetricsDoc() throws Exception {
        String doc = Files.readString(Path.of("docs/metrics.md"));
        String definitions = doc.substring(0, doc.indexOf(DisplayNames.SECTION))
                + doc.substring(doc.indexOf("### Counter resets"));
        for (String key : DisplayNames.all().keySet()) {
            String field = key.substring(key.indexOf('.') + 1);
            String counter = field.endsWith("PerSecond") ? field.substring(0, field.length() - "PerSecond".length()) : field;
            String family = counter.contains("_") ? counter.substring(0, counter.lastIndexOf('_') + 1) : counter;
            boolean defined = java.util.regex.Pattern.compile("[`.]" + java.util.regex.Pattern.quote(field) + "`")
                    .matcher(definitions).find() || definitions.contains("`" + counter + "`")
                    || definitions.contains("`" + family);
            assertTrue(defined, key + " is not defined in docs/metrics.md");
        }
    }

    @Test
    void everyServerCounterHasADisplayName() {
        for (String c : ServerStatusObserver.COUNTERS) {
            assertTrue(DisplayNames.known("server." + c + "PerSecond"), c);
        }
        for (String g : ServerStatusObserver.GAUGES) {
            assertTrue(DisplayNames.known("server." + g), g);
        }
    }

    /**
     * Every numeric figure an observer wrote into a stored result's intervals ({@code observed.<observer>.<figure>}, and
     * per node {@code observed.serverNodes.N.<figure>} under its server name) has a row, so no page falls back.
     */
    @Test
    void everyFigureOfTheStoredResultsHasADisplayName() throws Exception {
        Set<String> missing = new TreeSet<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/results"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                for (JsonNode run : json.readTree(f.toFile()).path("runs")) {
                    for (JsonNode i : run.path("intervals")) {
                        for (Iterator<Map.Entry<String, JsonNode>> o = i.path("observed").fields(); o.hasNext(); ) {
                            Map.Entry<String, JsonNode> e = o.next();
                            boolean perNode = e.getKey().equals("serverNodes");
                            for (JsonNode figures : perNode ? e.getValue() : json.createArrayNode().add(e.getValue())) {
                                figures.fields().forEachRemaining(k -> {
                                    String key = (perNode ? "server" : e.getKey()) + "." + k.getKey();
                                    if (k.getValue().isNumber() && !DisplayNames.known(key)) {
                                        missing.add(key + " (" + f.getFileName() + ")");
                                    }
                                });
                            }
                        }
                    }
                }
            }
        }
        assertEquals(Set.of(), missing, "figures without a row in docs/metrics.md, \"Names in the HTML report\"");
    }

    @Test
    void aKeyWithoutARowIsShownInWordsWithItsUnit() {
        DisplayNames.Name n = DisplayNames.fallback("galera.sampleSkewMicros");
        assertEquals("sample skew", n.words());
        assertEquals("ms", n.unit());
        assertEquals(1e3, n.divisor());
        assertEquals("commit lag max transactions", DisplayNames.fallback("galera.commitLagMaxTransactions").words());
        assertFalse(DisplayNames.fallback("server.Com_selectPerSecond").words().contains("PerSecond"));
    }
}
