package io.clusterbench.report;

import io.clusterbench.observe.ServerStatusObserver;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report's display names and docs/metrics.md are one table: each name the report shows is a row of
 * metrics.md's "Names in the HTML report", each key there is defined, and every server counter has a name.
 */
class DisplayNamesDocTest {
    @Test
    void everyDisplayNameIsARowOfTheMetricsDoc() throws Exception {
        String doc = Files.readString(Path.of("docs/metrics.md"));
        List<String> missing = new ArrayList<>();
        DisplayNames.all().forEach((key, name) -> {
            String row = "| `" + key + "` | " + name.words() + " | " + name.unit() + " |";
            if (!doc.contains(row)) {
                missing.add(row);
            }
        });
        assertEquals(List.of(), missing, "rows of display-names.tsv missing from docs/metrics.md");
    }

    @Test
    void everyKeyIsDefinedInTheMetricsDoc() throws Exception {
        String doc = Files.readString(Path.of("docs/metrics.md"));
        String definitions = doc.substring(0, doc.indexOf("### Names in the HTML report"))
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
            assertTrue(DisplayNames.all().containsKey("server." + c + "PerSecond"), c);
        }
        for (String g : ServerStatusObserver.GAUGES) {
            assertTrue(DisplayNames.all().containsKey("server." + g), g);
        }
    }
}
