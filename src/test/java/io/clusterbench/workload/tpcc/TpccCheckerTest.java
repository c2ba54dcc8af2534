package io.clusterbench.workload.tpcc;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tables compared across cluster nodes (the comparison itself: result.ChecksumRecordTest). */
class TpccCheckerTest {
    @Test
    void everyTableOfEverySetIsCompared() {
        List<String> names = TpccChecker.tableNames(2);
        assertEquals(18, names.size(), names.toString());
        assertTrue(names.containsAll(List.of("warehouse1", "order_line2", "item1", "history2")), names.toString());
    }
}
