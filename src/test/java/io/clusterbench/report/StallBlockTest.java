package io.clusterbench.report;

import io.clusterbench.result.RunRecord;
import io.clusterbench.result.StallFacts;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The console's stall table names nodes as the interval lines' {@code DDL[… stall n1 A n2 B ms]} flag does (a tester
 * found addresses in the table and n1/n2/n3 on the lines), with a legend of their addresses.
 */
class StallBlockTest {

    @Test
    void nodesAreNamedAsOnTheIntervalLinesWithTheirAddressesInALegend() {
        List<StallFacts.Node> nodes = List.of(new StallFacts.Node("127.0.0.1:4001", 812, 0, 35L),
                new StallFacts.Node("127.0.0.1:4002", 790, 0, null), new StallFacts.Node("127.0.0.1:4003", 805, 0, 41L));
        StallFacts stall = new StallFacts(Map.of("ddl_add_index", new StallFacts.Kind(2, 777, nodes)));
        RunRecord run = new RunRecord("ddl", 1, 1, null, "completed", null, Map.of(), List.of(), null, List.of(),
                io.clusterbench.result.Facts.NONE.with(io.clusterbench.result.FactKeys.STALL, stall));
        assertEquals("""

                Stalls per node (ms; gap = longest time without a commit, desync = not Synced, catch-up after the end):
                    nodes: n1 = 127.0.0.1:4001, n2 = 127.0.0.1:4002, n3 = 127.0.0.1:4003
                    class             count   longest  node: gap / desync / catch-up
                    ddl_add_index         2       777  n1: 812 / 0 / 35, n2: 790 / 0 / -, n3: 805 / 0 / 41
                """, StallBlock.render(run));
    }

    /**
     * Endpoints given out of member order: the table uses the member behind each endpoint, as the topology, flow
     * control and "Per endpoint" lines do (a tester's --port 35520,35500,35510 had "stall n1" and "fc by n3" for one node).
     */
    @Test
    void membersNameTheNodesWhenTheRunKnowsThem() {
        List<StallFacts.Node> nodes = List.of(new StallFacts.Node("127.0.0.1:35520", 356, 0, 12L),
                new StallFacts.Node("127.0.0.1:35500", 340, 0, 10L));
        StallFacts stall = new StallFacts(Map.of("ddl_force", new StallFacts.Kind(1, 300, nodes)));
        List<io.clusterbench.result.EndpointRecord> endpoints = List.of(endpoint("127.0.0.1:35520", "n3"),
                endpoint("127.0.0.1:35500", "n1"));
        RunRecord run = new RunRecord("ddl", 1, 1, null, "completed", null, Map.of(), List.of(), null, List.of(),
                io.clusterbench.result.Facts.NONE.with(io.clusterbench.result.FactKeys.STALL, stall), endpoints);
        String text = StallBlock.render(run);
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("nodes: n3 = 127.0.0.1:35520, n1 = 127.0.0.1:35500"), text);
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("n3: 356 / 0 / 12, n1: 340 / 0 / 10"), text);
    }

    private static io.clusterbench.result.EndpointRecord endpoint(String label, String node) {
        return new io.clusterbench.result.EndpointRecord(label, node, 0, 0, null, 0, Map.of(), 0, 0, null);
    }
}
