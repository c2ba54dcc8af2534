package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Comparison of whole results: rows per figure and thread count, ratios, verdicts, variables, notes. */
class ComparisonTest {
    @Test
    void comparesTwoSweepsRowByRow() {
        ResultDocument a = SyntheticResults.builder().runs(1, 100, 102, 104).runs(2, 190, 200, 210).runs(4, 300).build();
        ResultDocument b = SyntheticResults.builder().variable("innodb_flush_log_at_trx_commit", "2")
                .variable("port", "4000").runs(1, 120, 121, 125).runs(2, 195, 205, 230).runs(4, 400).build();
        Comparison c = Comparison.of(NamedResult.of(List.of("a.json", "b.json"), List.of(a, b)));

        assertEquals(List.of("A", "B"), c.sides().stream().map(Comparison.Side::label).toList());
        List<Comparison.Row> tps = c.rows(ComparedFigure.TPS);
        assertEquals(List.of(1, 2, 4), tps.stream().map(Comparison.Row::threads).toList());
        assertEquals(9, c.rows().size(), "tps, p95 and p99 at 3 thread counts");

        Comparison.Row one = tps.get(0);
        assertEquals(102, one.spreads().get(0).median());
        assertEquals(121, one.spreads().get(1).median());
        assertEquals(1.0, one.ratios().get(0));
        assertEquals(121.0 / 102, one.ratios().get(1), 1e-9);
        assertNull(one.verdicts().get(0));
        assertEquals("B faster by 18.6%", one.verdicts().get(1).text());
        assertEquals("within noise", tps.get(1).verdicts().get(1).text());
        assertEquals(Verdict.Kind.NO_SPREAD, tps.get(2).verdicts().get(1).kind());

        // p95 = threads / tps: B's lower latency at 1 thread does not overlap either
        assertEquals(Verdict.Kind.BETTER, c.rows(ComparedFigure.P95).get(0).verdicts().get(1).kind());

        assertEquals(1, c.variables().size());
        assertEquals("innodb_flush_log_at_trx_commit", c.variables().get(0).name());
        assertEquals(List.of("1", "2"), c.variables().get(0).values());
        assertEquals(List.of(), c.notes());
    }

    @Test
    void identicalSweepsAreWithinNoiseEverywhere() {
        ResultDocument a = SyntheticResults.builder().runs(1, 100, 103, 101).runs(2, 200, 190, 205).build();
        ResultDocument b = SyntheticResults.builder().runs(1, 102, 99, 104).runs(2, 198, 201, 193).build();
        Comparison c = Comparison.of(NamedResult.of(List.of("a", "b"), List.of(a, b)));
        for (Comparison.Row r : c.rows()) {
            assertEquals(Verdict.Kind.WITHIN_NOISE, r.verdicts().get(1).kind(), r.toString());
        }
        assertEquals(List.of(), c.variables());
    }

    @Test
    void threeResultsCompareWithTheFirstAndMissingThreadCountsAreNamed() {
        ResultDocument a = SyntheticResults.builder().runs(1, 100, 101, 102).runs(2, 200, 201, 202).build();
        ResultDocument b = SyntheticResults.builder().runs(1, 150, 151, 152).build();
        ResultDocument c3 = SyntheticResults.builder().variable("sync_binlog", "0").runs(1, 50, 51, 52)
                .runs(2, 90, 91, 92).runs(8, 300, 310, 320).build();
        Comparison c = Comparison.of(NamedResult.of(List.of("a", "b", "c"), List.of(a, b, c3)));
        List<Comparison.Row> tps = c.rows(ComparedFigure.TPS);
        assertEquals(List.of(1, 2, 8), tps.stream().map(Comparison.Row::threads).toList());
        assertEquals("B faster by 49.5%", tps.get(0).verdicts().get(1).text());
        assertEquals("C slower by 49.5%", tps.get(0).verdicts().get(2).text());
        assertEquals("not measured in B", tps.get(1).verdicts().get(1).text());
        assertEquals("not measured in A", tps.get(2).verdicts().get(2).text());
        assertNull(tps.get(2).ratios().get(2));
        assertEquals("sync_binlog", c.variables().get(0).name());
        assertEquals(java.util.Arrays.asList(null, null, "0"), c.variables().get(0).values());
    }

    @Test
    void notesSayWhatWeakensTheComparison() {
        ResultDocument a = SyntheticResults.builder().runs(1, 100).build();
        ResultDocument other = SyntheticResults.builder().runs(1, 100).build();
        RunRecord r = other.runs().get(0);
        RunRecord joins = new RunRecord("joins", 1, 1, r.plan(), "fatal_error", "boom", r.workloadFacts(), List.of(),
                null, List.of(), r.observerFacts());
        ResultDocument b = new ResultDocument(other.schema(), other.tool(), other.startedAt(), other.command(),
                other.target(), other.server(), List.of(r, joins));
        Comparison c = Comparison.of(NamedResult.of(List.of("a", "b"), List.of(a, b)));
        assertTrue(c.notes().contains("B: 1 of 2 runs fatal error: left out, without a summary (boom)"),
                c.notes().toString());
        assertTrue(c.notes().contains("workloads differ: A oltp_read_write B oltp_read_write,joins"), c.notes().toString());
        assertThrows(IllegalArgumentException.class, () -> Comparison.of(NamedResult.of(List.of("a"), List.of(a))));
    }

    private static ResultDocument withLinks(ResultDocument d, String n3) {
        List<RunRecord> runs = new java.util.ArrayList<>();
        for (RunRecord r : d.runs()) {
            Facts facts = r.observerFacts();
            if (n3 != null) {
                RelayFacts.NodeLink off = new RelayFacts.NodeLink("off", 0, 0, 0, false, 0);
                RelayFacts.NodeLink far = new RelayFacts.NodeLink(n3, n3.equals("off") ? 0 : 25_000, 0, 0, false, 0);
                facts = facts.with(FactKeys.RELAY, new RelayFacts(true, java.util.Map.of("n1", off, "n2", off,
                        "n3", far), "n1 off, n2 off, n3 " + n3));
            }
            runs.add(new RunRecord(r.workload(), r.threads(), r.repeat(), r.plan(), r.status(), r.fatalError(),
                    r.workloadFacts(), r.intervals(), r.summary(), r.statementClasses(), facts));
        }
        return new ResultDocument(d.schema(), d.tool(), d.startedAt(), d.command(), d.target(), d.server(), runs);
    }

    @Test
    void aFarNodeIsNamedAsADifferingOptionLikeAnyOtherSetupDifference() {
        ResultDocument near = withLinks(SyntheticResults.builder().runs(1, 100).build(), "off");
        ResultDocument far = withLinks(SyntheticResults.builder().runs(1, 60).build(), "25ms");
        Comparison c = Comparison.of(NamedResult.of(List.of("near", "far"), List.of(near, far)));
        assertEquals(List.of(new VariableDiff.Entry("link n3", List.of("off", "25ms"))), c.options());
        ResultDocument direct = withLinks(SyntheticResults.builder().runs(1, 100).build(), null);
        Comparison d = Comparison.of(NamedResult.of(List.of("direct", "far"), List.of(direct, far)));
        assertEquals(List.of(new VariableDiff.Entry("link n3", List.of("direct", "25ms"))), d.options(),
                "a sandbox without relay talks directly: that differs from a 25 ms link");
        Comparison same = Comparison.of(NamedResult.of(List.of("far", "far"), List.of(far, far)));
        assertEquals(List.of(), same.options());
    }

    @Test
    void aFlaggedSideIsNamedInTheNotesAndInEveryVerdictAtItsThreadCount() {
        ResultDocument a = SyntheticResults.builder().runs(1, 100, 101, 102).runs(2, 200, 201, 202).build();
        ResultDocument plain = SyntheticResults.builder().runs(1, 150, 151, 152).runs(2, 300, 301, 302).build();
        List<RunRecord> runs = new java.util.ArrayList<>();
        ValidityFlag hot = new ValidityFlag("host-cpu-saturated", "host CPU 98.0% busy", java.util.Map.of(
                "hostCpuPercent", 98.0));
        for (RunRecord r : plain.runs()) {
            Validity v = new Validity(r.threads() == 2 ? List.of(hot) : List.of(), 98.0, 30.0, true);
            runs.add(r.withFacts(r.observerFacts().with(FactKeys.VALIDITY, v)));
        }
        ResultDocument b = new ResultDocument(plain.schema(), plain.tool(), plain.startedAt(), plain.command(),
                plain.target(), plain.server(), runs);
        Comparison c = Comparison.of(NamedResult.of(List.of("a", "b"), List.of(a, b)));
        assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("B at 2 threads is flagged: host-cpu-saturated")),
                c.notes().toString());
        for (Comparison.Row row : c.rows()) {
            String text = row.verdicts().get(1).text();
            assertEquals(row.threads() == 2, text.endsWith("(B flagged host-cpu-saturated)"), text);
        }
    }

    @Test
    void anInterruptedResultIsNamedInTheHeaderAndANote() {
        ResultDocument a = SyntheticResults.builder().runs(1, 100).build();
        ResultDocument b = SyntheticResults.builder().interrupted(1, 90).build();
        Comparison c = Comparison.of(NamedResult.of(List.of("a", "b"), List.of(a, b)));
        assertTrue(c.notes().contains("B: 1 of 1 run interrupted, measured 5.0 s of the 10 s asked: its figures stand "
                + "for a shorter run than asked"), c.notes().toString());
        List<String> text = io.clusterbench.report.ComparisonText.lines(c);
        assertEquals("  A  a  (oltp_read_write, 1 run)", text.get(1));
        assertEquals("  B  b  (oltp_read_write, 1 run, not all of its time: see the notes)", text.get(2));
        ResultDocument mixed = SyntheticResults.builder().runs(1, 100, 101, 102).interrupted(1, 50).build();
        Comparison m = Comparison.of(NamedResult.of(List.of("a", "m"), List.of(a, mixed)));
        assertTrue(m.notes().contains("B: 1 of 4 runs interrupted, measured 5.0 s of the 10 s asked: left out beside "
                + "the completed runs at its thread count"), m.notes().toString());
    }

    @Test
    void aResultEndedWithoutASummaryIsLeftOutInOneNoteThatSaysWhy() {
        ResultDocument a = SyntheticResults.builder().runs(1, 100).build();
        ResultDocument b = SyntheticResults.builder().halted(1).build();
        Comparison c = Comparison.of(NamedResult.of(List.of("a", "b"), List.of(a, b)));
        assertEquals(List.of("B: 1 of 1 run interrupted: left out, without a summary (a second Ctrl-C ended the "
                + "process at once)"), c.notes());
        assertEquals("  B  b  (oltp_read_write, 0 runs, not all of its time: see the notes)",
                io.clusterbench.report.ComparisonText.lines(c).get(2));
    }
}
