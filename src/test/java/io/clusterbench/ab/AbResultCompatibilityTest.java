package io.clusterbench.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clusterbench.report.AbHtml;
import io.clusterbench.report.AbText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A two-sided result stays what readers of clusterbench.ab/1 read (one verdict per thread count, B against A, every
 * field in place); a result written before sides had names reads as A and B and prints as before.
 */
class AbResultCompatibilityTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aTwoSidedResultKeepsTheFieldsOfItsSchema(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("result.json");
        SyntheticAb.document(new double[] {1, 100, 110, 102, 111, 98, 108}, new double[] {8, 400, 401, 410, 405, 405, 403})
                .write(file);
        JsonNode doc = JSON.readTree(file.toFile());
        assertEquals("clusterbench.ab/1", doc.get("schema").asText());
        assertEquals(2, doc.get("verdicts").size(), "one verdict per thread count");
        for (JsonNode v : doc.get("verdicts")) {
            for (String field : List.of("threads", "tps", "p95", "p99", "serverCpuPerEvent", "medianTpsA", "medianTpsB",
                    "medianP95MicrosA", "medianP95MicrosB", "outcome", "validity")) {
                assertTrue(v.has(field), field + " in " + v);
            }
            for (String field : List.of("pairs", "ratio", "low", "high", "logSd", "mddPercent", "method")) {
                assertTrue(v.get("tps").has(field), field + " in " + v.get("tps"));
            }
            assertEquals("B", v.get("side").asText());
            assertEquals(0.95, v.get("confidence").asDouble(), 1e-12, "one comparison: no correction");
        }
        assertEquals("A", doc.get("plan").get("schedule").get(0).get("side").asText());
        assertEquals("A", doc.get("sides").get(0).get("side").asText());
    }

    @Test
    void aResultWrittenBeforeNamedSidesReadsAsAAndBAndPrintsAsBefore(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("result.json");
        AbDocument now = SyntheticAb.document(new double[] {1, 100, 110, 102, 111, 98, 108},
                new double[] {8, 400, 401, 410, 405, 405, 403});
        now.write(file);
        ObjectNode tree = (ObjectNode) JSON.readTree(file.toFile());
        tree.remove("baseline");
        tree.remove("rankings");
        tree.get("verdicts").forEach(v -> ((ObjectNode) v).remove(List.of("side", "baseline", "confidence")));
        JSON.writeValue(file.toFile(), tree);
        AbDocument old = AbDocument.read(file);
        assertNull(old.baseline());
        assertNull(old.rankings());
        assertEquals("A", old.baselineName());
        assertEquals("B", old.verdicts().get(0).sideName());
        assertEquals(0.95, old.verdicts().get(0).level(), 1e-12);
        assertEquals(AbText.verdicts(now), AbText.verdicts(old));
        assertEquals(AbText.header(now), AbText.header(old));
        assertTrue(AbHtml.render(old, "2024-01-01T00:00:00Z").contains("\"label\":\"B/A\""));
    }
}
