package io.clusterbench.report;

import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SweepSummary;
import io.clusterbench.result.SyntheticResults;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The sweep summary's columns stay aligned whatever the figures' widths (a row shifted once tps gained a digit). */
class SweepTableTest {

    @Test
    void columnsAreAsWideAsTheirWidestCell() {
        ResultDocument doc = SyntheticResults.builder().runs(1, 9_500.5, 9_800.25).runs(64, 123_456.78, 131_000.5)
                .build();
        List<RunRecord> runs = doc.runs();
        String[] lines = ConsoleReport.sweepTable(SweepSummary.of(runs), runs).split("\n");
        String header = lines[1];
        int tpsEnd = header.indexOf("tps") + "tps".length();
        int repeatsEnd = header.indexOf("repeats") + "repeats".length();
        for (int i = 2; i <= 3; i++) {
            String row = lines[i];
            assertEquals(repeatsEnd, row.length(), "every row ends under 'repeats':\n" + String.join("\n", lines));
            String tpsCell = row.substring(0, tpsEnd).strip();
            assertEquals(' ', row.charAt(tpsEnd), "the tps cell ends under 'tps':\n" + String.join("\n", lines));
            assertEquals(3, tpsCell.split(" / ").length, tpsCell);
        }
    }
}
