package io.clusterbench.report;

import io.clusterbench.result.ExplainSamples;
import io.clusterbench.result.ExplainSummary;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The explain block of a run and of a sweep, from the facts only, the same under a decimal-comma locale. */
class ExplainBlockTest {
    private static RunRecord run(int threads, double cpu, double lock, String top) {
        RunRecord r = SyntheticResults.builder().runs(threads, 1000).build().runs().get(0);
        return ExplainSamples.with(r, ExplainSamples.facts(1000, cpu, lock, top, 2_000_000));
    }

    @Test
    void theRunBlockNamesWhereTheTimeWent() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String b = ExplainBlock.render(run(8, 812.44, 3.0, "rec_get_offsets_func"));
            assertTrue(b.startsWith("\nExplain (per transaction; docs/explain.md):\n  n1 (127.0.0.1:3306), profiled at 499 Hz:\n"), b);
            assertTrue(b.contains("    server CPU:       812.4 us (user 609.3, system 203.1); context switches 3.00 "
                    + "voluntary, 0.50 involuntary; storage 0 B read, 4.0 kB written\n"), b);
            assertTrue(b.contains("    on-CPU:           execute 40.0%, lock 3.0%\n"), b);
            assertTrue(b.contains("    top functions:    rec_get_offsets_func 20.0%, row_search_mvcc 5.0% (self)\n"), b);
            assertTrue(b.contains("5000 samples (98% of expected 5100, lost 0) in 9.4 of 10.0 s; 50/90/99% of samples in "
                    + "31/402/760 of 812 functions; perf CPU 50.0 ms (0.70% of the server's); stacks in profile.folded"), b);
            assertTrue(b.contains("    user-space:       rec_get_offsets_func 22.0% (self; kernel time charged to the "
                    + "function that entered the kernel)\n"), b);
            assertTrue(!b.contains("profile warning"), "98% of the expected samples and nothing lost: no warning");
            assertTrue(b.contains("    waits:            lock 2000.0 us (90.0%), file I/O 222.2 us (10.0%); not timed: "
                    + "wait/synch/mutex\n"), b);
            assertTrue(b.contains("    top waits:        innodb row lock 2000.0 us\n"), b);
            assertTrue(b.contains("    top statements:   80.0% UPDATE sbtest1 SET c=? WHERE id=? (1.00/txn)\n"), b);
            assertTrue(b.contains("    hardware:         - (not supported by this host)\n"), b);
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void aRunWithoutExplainFactsHasNoBlock() {
        assertEquals("", ExplainBlock.render(SyntheticResults.builder().runs(1, 100).build().runs().get(0)));
    }

    @Test
    void theSweepTableHasOneRowPerThreadCount() {
        List<RunRecord> runs = new ArrayList<>(List.of(run(1, 100, 1.0, "my_sha256"), run(1, 120, 1.0, "my_sha256"),
                run(8, 90, 12.5, "ut_delay")));
        String t = ExplainBlock.sweep(ExplainSummary.of(runs));
        String[] lines = t.split("\n");
        assertEquals("", lines[0]);
        assertTrue(lines[2].matches("\\s+threads\\s+srv CPU us\\s+lock cpu\\s+lock wait us\\s+top functions \\(self %\\)"
                + "\\s+top waits \\(us\\)"), lines[2]);
        assertTrue(lines[3].matches("\\s+1\\s+110\\.0\\s+1\\.0%\\s+2000\\.0\\s+my_sha256 20\\.0, row_search_mvcc 5\\.0\\s+"
                + "innodb row lock 2000\\.0"), lines[3]);
        assertTrue(lines[4].matches("\\s+8\\s+90\\.0\\s+12\\.5%\\s+2000\\.0\\s+ut_delay 20\\.0.*"), lines[4]);
        assertEquals("    profiled: 3 of 3 steps (perf's own CPU at most 0.70% of the server's)", lines[5]);
        ResultDocument none = SyntheticResults.builder().runs(1, 100).build();
        assertEquals("", ExplainBlock.sweep(ExplainSummary.of(none.runs())));
    }

    @Test
    void aWarnedProfileSaysSoInTheBlockAndOnTheStepLine() {
        RunRecord r = run(4, 100, 1.0, "f");
        io.clusterbench.result.CpuProfile p = r.fact(io.clusterbench.result.FactKeys.CPU_PROFILE);
        String warning = io.clusterbench.result.CpuProfile.warning(1000, 5100L, 0, 0.7);
        RunRecord warned = r.withFacts(r.observerFacts().with(io.clusterbench.result.FactKeys.CPU_PROFILE,
                new io.clusterbench.result.CpuProfile(List.of(ExplainSamples.profile(p.nodes().get(0), "n1", warning)))));
        assertTrue(ExplainBlock.render(warned).contains("    profile warning:  the profile holds 20% of the 5100 "
                + "samples"), ExplainBlock.render(warned));
        String line = ConsoleReport.stepLine(warned);
        assertTrue(line.endsWith(", profiled (perf 0.70% of the server's CPU, 98% of the expected samples) — profile "
                + "warning: " + warning), line);
        String table = ExplainBlock.sweep(ExplainSummary.of(List.of(warned, r)));
        assertTrue(table.contains("profiled: 2 of 2 steps (perf's own CPU at most 0.70% of the server's); 1 with a "
                + "profile warning (see the step's line)"), table);
    }

    @org.junit.jupiter.api.Test
    void aStatementIsCutAfterAWholeWordAndTheToolsOwnTextIsNeverCut() {
        String own = "(prepared statements, not itemised by this server: statement/com/Execute)";
        org.junit.jupiter.api.Assertions.assertEquals(own, ExplainBlock.shorten(own, 48));
        org.junit.jupiter.api.Assertions.assertEquals("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?...",
                ExplainBlock.shorten("SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c", 52));
        org.junit.jupiter.api.Assertions.assertEquals("SELECT c FROM sbtest1 WHERE id = ?",
                ExplainBlock.shorten("SELECT  c FROM sbtest1\n WHERE id = ?", 48));
    }
}
