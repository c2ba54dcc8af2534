package io.clusterbench.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadLedgerTest {
    @Test
    void partsCountedInWarehousesAreNotRows() {
        LoadLedger ledger = new LoadLedger();
        assertTrue(ledger.isEmpty());
        ledger.expect("set1", 10, 2, List.of(), "warehouses");
        ledger.expect("set2", 10, 0, List.of(), "warehouses");
        ledger.rowsCommitted("set2", 1);
        assertFalse(ledger.isEmpty());
        assertEquals(0, ledger.rowsWanted());
        assertEquals(0, ledger.rowsLoaded());
        assertEquals(List.of("set1: 2 of 10 warehouses", "set2: 1 of 10 warehouses"), ledger.incomplete());
    }

    @Test
    void rowsStayRows() {
        LoadLedger ledger = new LoadLedger();
        ledger.expect("sbtest1", 100, 50, List.of("k_1"));
        assertEquals(100, ledger.rowsWanted());
        assertEquals(50, ledger.rowsLoaded());
        assertEquals(List.of("sbtest1: 50 of 100 rows, index k_1 not built"), ledger.incomplete());
    }
}
