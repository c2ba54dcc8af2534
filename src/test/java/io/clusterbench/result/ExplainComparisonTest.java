package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** compare's explain block: each side's spread per thread count, the moved functions, the rule without better/worse. */
class ExplainComparisonTest {
    private static NamedResult side(String label, double[] cpu, double lock, String top) {
        ResultDocument d = SyntheticResults.builder().runs(4, 100, 100, 100).build();
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < d.runs().size(); i++) {
            runs.add(ExplainSamples.with(d.runs().get(i), ExplainSamples.facts(1000, cpu[i], lock, top, 1000L * i)));
        }
        return new NamedResult(label, label + "/result.json", new ResultDocument(d.schema(), d.tool(), d.startedAt(),
                d.command(), d.target(), d.server(), runs, d.preflight(), d.tables()));
    }

    @Test
    void eachSideHasItsSpreadAndTheMovedFunctionsLeadTheList() {
        ExplainComparison c = ExplainComparison.of(List.of(side("A", new double[] {100, 110, 120}, 1.0, "my_sha256"),
                side("B", new double[] {200, 210, 220}, 9.0, "ut_delay")));
        assertEquals(1, c.points().size());
        ExplainComparison.Point p = c.points().get(0);
        assertEquals(4, p.threads());
        assertEquals(List.of(3, 3), p.steps());
        assertEquals(new Spread(100, 110, 120, 3), p.cpuMicrosPerEvent().get(0));
        assertEquals(210.0, p.cpuMicrosPerEvent().get(1).median(), 1e-9);
        assertEquals(ExplainComparison.APART, ExplainComparison.rule(p.cpuMicrosPerEvent().get(0),
                p.cpuMicrosPerEvent().get(1)));
        assertEquals(9.0, p.lockSharePercent().get(1).median());
        assertEquals(HardwareCounters.NOT_SUPPORTED, p.ipcAbsentReason());
        // my_sha256 20% → 0, ut_delay 0 → 20%: both moved 20 points; row_search_mvcc stayed at 5%
        assertEquals(List.of("my_sha256", "ut_delay", "row_search_mvcc"),
                p.functions().stream().map(ExplainComparison.Named::name).toList());
        assertEquals(0.0, p.functions().get(0).spreads().get(1).median(), "not listed in B's steps: 0");
        assertEquals(1.0, p.lockWaitMicros().get(0).median(), 1e-9, "lock µs per event: 0, 1000, 2000 over 1000");
    }

    @Test
    void theRuleCallsNothingWithFewRunsOrOverlappingRanges() {
        assertEquals(ExplainComparison.TOO_FEW, ExplainComparison.rule(new Spread(1, 1, 1, 1), new Spread(9, 9, 9, 3)));
        assertEquals(ExplainComparison.WITHIN_NOISE, ExplainComparison.rule(new Spread(1, 2, 5, 3),
                new Spread(4, 6, 8, 3)));
        assertEquals(ExplainComparison.WITHIN_NOISE, ExplainComparison.rule(new Spread(1, 2, 3, 3),
                new Spread(4, 4.5, 7, 3)), "apart, but the gap is no wider than the spread");
        assertNull(ExplainComparison.rule(null, new Spread(1, 1, 1, 3)));
    }

    @Test
    void resultsWithoutExplainFactsHaveNoPoints() {
        NamedResult a = new NamedResult("A", "a", SyntheticResults.builder().runs(1, 100).build());
        assertTrue(ExplainComparison.of(List.of(a, a)).points().isEmpty());
    }
}
