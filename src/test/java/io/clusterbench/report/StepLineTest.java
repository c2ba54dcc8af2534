package io.clusterbench.report;

import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sweep or A/B step line names the error codes behind its error count ("errors: 1" said nothing). */
class StepLineTest {
    @Test
    void aStepLineNamesItsErrorCodes() {
        RunRecord run = SyntheticResults.builder().runs(4, 1234.5).build().runs().get(0);
        assertTrue(ConsoleReport.stepLine(run).contains(", errors: 1 (1213)"), ConsoleReport.stepLine(run));
    }

    @Test
    void severalCodesAreCountedMostFrequentFirstWithoutTheirSqlstate() {
        Map<String, Long> codes = new LinkedHashMap<>();
        codes.put("1205/HY000", 2L);
        codes.put("1213/40001", 3L);
        codes.put("1205/HY000 causal-read wsrep_sync_wait=1", 1L);
        assertEquals(" (1213: 3, 1205: 2, 1205 causal-read wsrep_sync_wait=1: 1)", ConsoleReport.errorCodes(codes));
        assertEquals("", ConsoleReport.errorCodes(Map.of()));
    }
}
