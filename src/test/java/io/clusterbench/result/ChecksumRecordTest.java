package io.clusterbench.result;

import io.clusterbench.report.FaultText;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChecksumRecordTest {
    private static Map<String, Long> sums(Long a, Long b) {
        Map<String, Long> m = new HashMap<>();
        m.put("sbtest1", a);
        m.put("sbtest2", b);
        return m;
    }

    @Test
    void theNodeThatDiffersFromTheOthersIsNamedPerTable() {
        Map<String, Map<String, Long>> nodes = new LinkedHashMap<>();
        nodes.put("127.0.0.1:6100", sums(11L, 20L));
        nodes.put("127.0.0.1:6110", sums(11L, 21L));
        nodes.put("127.0.0.1:6120", sums(11L, null));
        ChecksumRecord r = ChecksumRecord.of(List.of("sbtest1", "sbtest2"), nodes, Map.of());
        assertFalse(r.passed());
        assertEquals(1, r.mismatches().size());
        ChecksumRecord.Mismatch m = r.mismatches().get(0);
        assertEquals("sbtest2", m.table());
        assertEquals(List.of("127.0.0.1:6110", "127.0.0.1:6120"), m.deviating(), "a three-way tie: the first node's value wins");
        List<String> lines = FaultText.checksumLines(r);
        assertTrue(lines.get(0).contains("2 tables on 3 of 3 nodes: FAILED (1 differ)"), lines.toString());
        assertTrue(lines.get(1).contains("table sbtest2 differs on node 127.0.0.1:6110, 127.0.0.1:6120")
                && lines.get(1).contains("127.0.0.1:6120=no table"), lines.toString());
    }

    @Test
    void theMajorityValueStandsAndUnreadNodesAreListedNotFailed() {
        Map<String, Map<String, Long>> nodes = new LinkedHashMap<>();
        nodes.put("a", sums(5L, 6L));
        nodes.put("b", sums(7L, 6L));
        nodes.put("c", sums(7L, 6L));
        ChecksumRecord r = ChecksumRecord.of(List.of("sbtest1", "sbtest2"), nodes, Map.of("d", "refused"));
        assertEquals(List.of("a"), r.mismatches().get(0).deviating());
        nodes.put("a", sums(7L, 6L));
        ChecksumRecord ok = ChecksumRecord.of(List.of("sbtest1", "sbtest2"), nodes, Map.of("d", "refused"));
        assertTrue(ok.passed());
        assertTrue(FaultText.checksumLines(ok).get(1).contains("node d: not read (refused)"));
    }
}
