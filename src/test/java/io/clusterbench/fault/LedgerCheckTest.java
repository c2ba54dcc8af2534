package io.clusterbench.fault;

import io.clusterbench.result.LedgerRecord;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LedgerCheckTest {
    @Test
    void acknowledgedIdsMustBeOnEveryNodeAndFailedOnesOnNone() {
        Map<String, Set<Long>> nodes = new LinkedHashMap<>();
        nodes.put("n1", Set.of(1L, 2L, 3L, 9L));
        nodes.put("n2", Set.of(1L, 3L, 9L));
        Map<String, List<Long>> outcomes = Map.of(Ledger.ACKNOWLEDGED, List.of(1L, 2L, 3L),
                Ledger.FAILED, List.of(9L), Ledger.IN_DOUBT, List.of(4L));
        LedgerRecord r = LedgerCheck.compare(7, nodes, Map.of(), outcomes);
        assertFalse(r.passed());
        assertEquals(Map.of("n2", List.of(2L)), r.missing());
        assertEquals(1, r.missingCount());
        assertEquals(List.of(9L), r.failedPresent(), "a commit reported failed that was applied");
        assertEquals(Map.of("n1", 3L, "n2", 2L), r.foundPerNode());
        assertEquals(1, r.inDoubt());
        assertEquals(0, r.inDoubtPresent());
    }

    @Test
    void withoutClientOutcomesNodesAreComparedWithEachOther() {
        Map<String, Set<Long>> nodes = new LinkedHashMap<>();
        nodes.put("n1", Set.of(1L, 2L));
        nodes.put("n2", Set.of(1L, 2L));
        assertTrue(LedgerCheck.compare(7, nodes, Map.of("n3", "refused"), null).passed(),
                "an unread node is listed, not failed");
        nodes.put("n3", Set.of(1L));
        assertEquals(Map.of("n3", List.of(2L)), LedgerCheck.compare(7, nodes, Map.of(), null).missing());
    }
}
