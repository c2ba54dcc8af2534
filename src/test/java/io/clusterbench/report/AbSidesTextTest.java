package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.Side;
import io.clusterbench.ab.SyntheticAb;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Console text and page of ab with three sides: one row per thread count and side, the ranking, the chart. */
class AbSidesTextTest {
    /** o3 the baseline, pgo1 ~10% faster at 1 thread and equal at 8, pgo2 equal to o3; 6 blocks per thread count. */
    static AbDocument threeSides() {
        List<Side> sides = List.of(Side.of("o3"), Side.of("pgo1"), Side.of("pgo2"));
        return SyntheticAb.document(sides,
                new double[] {1, 100, 110, 101, 102, 111, 100, 99, 109, 100, 100, 110, 99, 101, 111.5, 101, 98, 108, 99},
                new double[] {8, 400, 401, 399, 405, 398, 404, 402, 404, 401, 399, 402, 400, 401, 400, 403, 400, 401, 399});
    }

    @Test
    void everySideGetsARowItsRatioToTheBaselineAndARankWhereIntervalsSeparate() {
        AbDocument d = threeSides();
        assertEquals("clusterbench.ab/2", d.schema());
        List<String> header = AbText.header(d);
        assertTrue(header.get(1).startsWith("ab: oltp_point_select, 3 sides (baseline o3), threads [1, 8] x 6 block(s)"),
                header.get(1));
        assertTrue(header.contains("  set per side (o3 vs pgo1 vs pgo2): innodb_flush_log_at_trx_commit 2 vs 1"),
                header.toString());
        List<String> v = AbText.verdicts(d);
        String text = String.join("\n", v);
        assertTrue(v.get(1).startsWith("baseline o3; every ratio to it with an interval simultaneous at 95% over the 2 "
                + "comparisons of a thread count (Bonferroni: 97.5% each"), v.get(1));
        String head = v.get(2);
        assertTrue(head.contains("tps vs baseline [95% CI]") && head.contains("rank"), head);
        List<String> rows = v.subList(3, 9);
        assertTrue(rows.get(0).matches("\\s+1\\s+o3\\s+-\\s+100\\.\\d\\d\\s+baseline.*\\s2$"), rows.get(0));
        assertTrue(rows.get(1).matches("\\s+1\\s+pgo1\\s+6\\s+.*pgo1 \\+9\\.\\d% \\[.*\\s1$"), rows.get(1));
        assertTrue(rows.get(2).matches("\\s+1\\s+pgo2\\s+6\\s+.*no difference resolved.*\\s2$"), rows.get(2));
        assertTrue(rows.get(3).matches("\\s+8\\s+o3\\s+.*\\s1$"), rows.get(3));
        assertTrue(text.contains("summary: tps vs o3: pgo1 wins at 1 thread (+9."), text);
        assertTrue(text.contains("no difference resolved at 8 threads; pgo2 no difference resolved at 1, 8 threads"), text);
        assertTrue(text.contains("ranking by tps: 1 thread: pgo1 > "), text);
        assertTrue(text.contains("8 threads: ") && text.contains(" = "), text);
        assertFalse(text.contains("B/A"), "no two-sided labels among named sides: " + text);
    }

    @Test
    void thePageDrawsEverySidesRatioToTheBaselineWithItsBandAndRanksTheSides() {
        String html = AbHtml.render(threeSides(), "2024-01-01T00:00:00Z");
        assertTrue(html.contains("\"label\":\"pgo1/o3\"") && html.contains("\"label\":\"pgo2/o3\""), "one line per side");
        assertTrue(html.contains("\"label\":\"pgo1/o3 95% CI max\"") && html.contains("\"label\":\"pgo2/o3 95% CI min\""),
                "one band per side");
        assertTrue(html.contains("tps vs o3 (the baseline) vs threads"), "the chart's title names the baseline");
        assertTrue(html.contains("<b>ranking by tps</b>: 1 thread: pgo1 &gt; "), "the ranking above the charts");
        assertTrue(html.contains("<th>rank</th>") && html.contains("<th>pgo2</th>"), "rank column, a column per side");
        assertTrue(html.contains("Bonferroni: 97.5% each"), "the correction is named");
    }

    @Test
    void theExplainBlockComesOncePerSideAgainstTheBaseline() {
        AbDocument d = threeSides();
        List<io.clusterbench.ab.AbRun> runs = new java.util.ArrayList<>();
        for (io.clusterbench.ab.AbRun r : d.runs()) {
            boolean slow = r.step().side().name().equals("pgo2");
            runs.add(new io.clusterbench.ab.AbRun(r.step(), r.startedSeconds(), io.clusterbench.result.ExplainSamples.with(
                    r.run(), io.clusterbench.result.ExplainSamples.facts(10_000, slow ? 130 : 100 + r.step().repeat() % 2,
                            10, "MYSQLparse", 5000)), r.serverCpuSeconds(), null));
        }
        AbDocument with = d.withRuns(runs);
        String text = String.join("\n", AbText.verdicts(with));
        assertTrue(text.contains("explain: what changed, each side vs the baseline o3"), text);
        assertTrue(text.contains("  pgo1 vs o3, 1 thread, 6 pairs, m = ") && text.contains("  pgo2 vs o3, 8 threads, "),
                text);
        assertTrue(text.contains("130.0  pgo2 +29.4% ["), "the change names its side: " + text);
        String html = AbHtml.render(with, "2024-01-01T00:00:00Z");
        assertTrue(html.contains("<h2>explain: what changed, each side vs the baseline o3</h2>"), "the page's block");
        assertTrue(html.contains("<h3>pgo2 vs o3, 8 threads, 6 pairs, m = "), "one entry per side and thread count");
        assertTrue(html.contains("<th>pgo2 vs o3</th>"), "the change column names the pair");
    }
}
