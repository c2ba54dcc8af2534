package io.clusterbench.workload.tpcc;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Comparing per-table checksums across cluster nodes. */
class TpccCheckerTest {
    @Test
    void identicalNodesHaveNoDifferences() {
        Map<String, Map<String, Long>> byNode = new LinkedHashMap<>();
        byNode.put("node 1", Map.of("warehouse1", 10L, "district1", 20L));
        byNode.put("node 2", Map.of("warehouse1", 10L, "district1", 20L));
        assertTrue(TpccChecker.differences(byNode).isEmpty());
    }

    @Test
    void aDifferingOrMissingTableIsReportedWithEveryNodesChecksum() {
        Map<String, Map<String, Long>> byNode = new LinkedHashMap<>();
        byNode.put("node 1", Map.of("warehouse1", 10L, "district1", 20L, "item1", 5L));
        byNode.put("node 2", Map.of("warehouse1", 10L, "district1", 21L));
        Map<String, Map<String, Long>> diff = TpccChecker.differences(byNode);
        assertEquals(2, diff.size());
        assertEquals(Map.of("node 1", 20L, "node 2", 21L), diff.get("district1"));
        assertEquals(Map.of("node 1", 5L), diff.get("item1"));
    }
}
