package io.clusterbench.report;

import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SweepSummary;
import io.clusterbench.result.SyntheticResults;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * A step stopped by Ctrl-C is no repeat: beside completed runs at its thread count it is left out of the table,
     * the peak and the knee, and named below; a count with no completed run shows its interrupted one, marked (a
     * tester's 0.79 s step counted as the second of two 3 s repeats).
     */
    @Test
    void anInterruptedStepIsLeftOutBesideCompletedRepeatsAndMarkedWhereItIsAlone() {
        List<RunRecord> runs = new java.util.ArrayList<>(SyntheticResults.builder().runs(1, 300).runs(4, 900).build()
                .runs());
        runs.add(interrupted(SyntheticResults.builder().runs(1, 10_000).build().runs().get(0), 2));
        runs.add(interrupted(SyntheticResults.builder().runs(8, 50).build().runs().get(0), 1));
        SweepSummary s = SweepSummary.of(runs);
        assertEquals(List.of(1, 4, 8), s.points().stream().map(SweepSummary.Point::threads).toList());
        assertEquals(1, s.points().get(0).repeats());
        assertEquals(300.0, s.points().get(0).tps().max(), 1e-9, "the interrupted 10,000 tps step is not counted");
        assertEquals(4, s.peakThreads());
        String table = ConsoleReport.sweepTable(s, runs);
        assertTrue(table.contains("1 interrupted\n"), table);
        assertTrue(table.contains("left out (not a full repeat): 1 thr #2 (interrupted after "), table);
        assertTrue(ConsoleReport.stepLine(runs.get(2)).contains(" (interrupted after "), ConsoleReport.stepLine(runs.get(2)));
    }

    private static RunRecord interrupted(RunRecord r, int repeat) {
        return new RunRecord(r.workload(), r.threads(), repeat, r.plan(), "interrupted", null, r.workloadFacts(),
                r.intervals(), r.summary(), r.statementClasses(), r.observerFacts(), r.endpoints());
    }
}
