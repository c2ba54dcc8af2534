package io.clusterbench.chores;

import io.clusterbench.workload.LoadLedger;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Issue 16: an interrupted load names the exact commands that resume it or remove it. */
class LoadReportTest {
    private static final List<String> TYPED = List.of("prepare", "oltp_read_write", "--tables=4", "--threads", "8",
            "--force", "--host=db1", "--password=***");

    @Test
    void resumeKeepsEverythingButForceAndAddsResume() {
        assertEquals("clusterbench prepare oltp_read_write --tables=4 --threads 8 --host=db1 --password=*** --resume",
                LoadReport.resumeCommand(TYPED));
    }

    @Test
    void cleanupIsTheSameWorkloadAndConnectionWithoutLoaderOptions() {
        assertEquals("clusterbench cleanup oltp_read_write --tables=4 --host=db1 --password=***",
                LoadReport.cleanupCommand(TYPED));
    }

    @Test
    void theLedgerSaysWhatIsCompleteAndWhatIsNot() {
        LoadLedger ledger = new LoadLedger();
        ledger.expect("sbtest10", 100, 0, List.of("k_10"));
        ledger.expect("sbtest2", 100, 0, List.of("k_2"));
        ledger.rowsCommitted("sbtest2", 100);
        ledger.indexBuilt("sbtest2", "k_2");
        ledger.rowsCommitted("sbtest10", 40);
        assertEquals(List.of("sbtest2"), ledger.completeTables());
        assertEquals(List.of("sbtest10: 40 of 100 rows, index k_10 not built"), ledger.incomplete());
        assertEquals(140, ledger.rowsLoaded());
    }
}
