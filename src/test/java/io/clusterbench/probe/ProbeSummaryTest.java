package io.clusterbench.probe;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The console lines a frozen node leaves: per-pair table, blocked node, node state, probe time. */
class ProbeSummaryTest {
    private static LevelResult level(List<PairCounts> pairs) {
        return new LevelResult("0", "note", pairs, new Histogram(3), new Histogram(3), new Histogram(3), Map.of(),
                1.0, null);
    }

    @Test
    void namesTheBlockedNodeItsStateAndTheTimeSpentBlocked() {
        LevelResult r = level(List.of(new PairCounts("n1", "n2", 30, 19, 3, 0, 0, 0, 0),
                new PairCounts("n2", "n1", 26, 8, 0, 0, 4, 0, 12_200),
                new PairCounts("n1", "n3", 30, 1, 0, 0, 0, 0, 0)));
        String table = ProbeSummary.pairTable(List.of(r));
        assertTrue(table.contains("Pairs at level 0:"), table);
        assertTrue(table.matches("(?s).*n2 -> n1 +26 +8 +0 +4 +0 +12\\.2 +0\\n.*"), table);
        String lines = ProbeSummary.nodes(List.of(r), List.of(new NodeStateWatch.NodeSpell("n2", "Donor/Desynced",
                40.0, 3.1, 42.8)), 45.1, 0);
        assertTrue(lines.contains("Blocked node: n2 (4 marker commits on it, 0 reads"), lines);
        assertFalse(lines.contains("Blocked node: n1"), lines);
        assertTrue(lines.contains("Node state: n2 was Donor/Desynced for 40.0 s (seen from 3.1 s to 42.8 s"), lines);
        assertTrue(lines.contains("Probe time: 45.1 s, of which 12.2 s in blocked steps"), lines);
    }

    @Test
    void saysSoWhenEveryNodeStayedSyncedAndNothingWhenNotSampled() {
        LevelResult r = level(List.of(new PairCounts("n1", "n2", 30, 0, 0, 0, 0, 0, 0)));
        assertTrue(ProbeSummary.nodes(List.of(r), List.of(), 2.0, 0).contains("every node answered Synced"));
        String off = ProbeSummary.nodes(List.of(r), null, 2.0, 0);
        assertFalse(off.contains("Node state"), off);
        assertFalse(off.contains("Blocked node"), off);
    }
}
