package io.clusterbench.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/metrics.md holds definitions only: a user looking up one figure should not read through measurement logs. A
 * measured observation (a machine's load, a tester's run, a date, "measured on ...") goes to docs/performance.md
 * with its date, machine and command, and metrics.md links there.
 */
class MetricsDefinitionsOnlyTest {
    /** Words that mark a measurement note rather than a definition. */
    private static final Pattern MEASUREMENT = Pattern.compile("load average|\\b\\d-core\\b|\\bon this machine\\b|"
            + "\\ba tester\\b|\\btester's\\b|\\b[Mm]easured on\\b|\\b[Mm]easured at\\b|\\b20\\d\\d-\\d\\d-\\d\\d\\b|"
            + "\\bruns here\\b");

    @Test
    void metricsMdHoldsNoMeasurementNotes() throws IOException {
        List<String> found = new ArrayList<>();
        List<String> lines = Files.readAllLines(Path.of("docs/metrics.md"));
        for (int i = 0; i < lines.size(); i++) {
            if (MEASUREMENT.matcher(lines.get(i)).find()) {
                found.add((i + 1) + ": " + lines.get(i).strip());
            }
        }
        assertEquals(List.of(), found, "measurement notes belong in docs/performance.md (date, machine, command)");
    }
}
