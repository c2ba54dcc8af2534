package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.SyntheticAb;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Console text of ab: warnings first, one row per thread count, the summary line last. */
class AbTextTest {
    @Test
    void warningsComeFirstAndTheSummaryLast() {
        AbDocument d = SyntheticAb.document(new double[] {1, 100, 110, 102, 111, 98, 108},
                new double[] {8, 400, 401, 410, 405, 405, 403});
        List<String> header = AbText.header(d);
        assertTrue(header.get(0).startsWith("WARNING: the sides differ"), header.toString());
        assertTrue(header.get(1).startsWith("A/B: oltp_point_select, threads [1, 8] x 3 pair(s), 10 s per step, order abba: AB BA"),
                header.get(1));
        assertTrue(header.contains("  set per side (A vs B): innodb_flush_log_at_trx_commit 2 vs 1"), header.toString());
        List<String> v = AbText.verdicts(d);
        assertTrue(v.get(0).startsWith("WARNING: "));
        assertTrue(v.get(2).contains("B +9.7% ["), v.get(2));
        assertTrue(v.get(3).contains("no difference resolved: ["), v.get(3));
        assertEquals("summary: tps: B wins at 1 thread (+9.7%); no difference resolved at 8 threads", v.get(v.size() - 1));
        // the header stands over its columns (a tester found it out of line): each left-aligned heading starts where
        // its cells start, each right-aligned one ends where they end
        String head = v.get(1);
        for (String row : List.of(v.get(2), v.get(3))) {
            int ratio = head.indexOf("B/A tps");
            assertEquals(' ', row.charAt(ratio - 1), head + "\n" + row);
            assertTrue(row.startsWith("B ", ratio) || row.startsWith("no ", ratio), head + "\n" + row);
            int tpsB = head.indexOf("tps B") + "tps B".length();
            assertTrue(Character.isDigit(row.charAt(tpsB - 1)) && row.charAt(tpsB) == ' ', head + "\n" + row);
        }
    }

    @Test
    void aResolvedOrderEffectIsNamedAfterTheSummaryAndLeftOutOfTheRatio() {
        // one build against itself whose second run of every pair is about 6% faster (ABBA: AB, BA, AB, BA)
        AbDocument d = SyntheticAb.document(new double[] {1, 100, 106, 106, 100, 100, 106.5, 105.5, 100});
        List<String> v = AbText.verdicts(d);
        assertTrue(v.get(2).contains("no difference resolved: ["), v.get(2));
        String last = v.get(v.size() - 1);
        assertTrue(last.startsWith("order effect: the second run of a pair had +6."), last);
        assertTrue(last.endsWith("tps at 1 thread (removed from B/A; lengthen --warmup-time or use --restart)"), last);
        assertEquals("summary: tps: no difference resolved at any thread count", v.get(v.size() - 2));
        assertTrue(AbText.verdicts(SyntheticAb.document(new double[] {1, 100, 110, 102, 111, 98, 108})).stream()
                .noneMatch(l -> l.startsWith("order effect")), "no line without an order effect");
    }

    @Test
    void anInterruptedComparisonSaysWhatItCannotJudge() {
        AbDocument full = SyntheticAb.document(new double[] {1, 100, 110, 102, 111, 98, 108},
                new double[] {8, 400, 401, 410, 405, 405, 403});
        List<String> none = AbText.verdicts(full.withRuns(List.of()));
        assertEquals("no step finished: no verdict", none.get(none.size() - 1), none.toString());
        assertTrue(none.stream().noneMatch(l -> l.startsWith("summary")), "no empty table or blank summary: " + none);
        AbDocument one = full.withRuns(full.runs().subList(0, 1));
        assertEquals("tps: too few pairs to judge (fewer than 2 finished)", one.summary());
        // 1 thread has its 3 pairs, 8 threads only 1 (interrupted in the 2nd repeat's 8-thread pair)
        List<io.clusterbench.ab.AbRun> most = full.runs().stream()
                .filter(r -> r.step().threads() == 1 || r.step().repeat() == 1).toList();
        assertEquals("tps: B wins at 1 thread (+9.7%); too few pairs to judge at 8 threads", full.withRuns(most).summary());
    }
}
