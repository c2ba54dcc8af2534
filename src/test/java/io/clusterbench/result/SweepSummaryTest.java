package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepSummaryTest {
    private static RunRecord run(int threads, int repeat, double tps) {
        LatencySummary lat = new LatencySummary(10, 1, 2, 2, 3 * threads, 4 * threads, 5, 6, 20);
        Summary s = new Summary(10, (long) (tps * 10), tps, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, lat, "",
                Map.of(), 0, 0, 0, 0, 0, 0, null, null);
        return new RunRecord("w", threads, repeat, SyntheticResults.plan("w", threads), "completed", null, Map.of(), List.of(), s, List.of(),
                null);
    }

    private static List<RunRecord> series(double... tps) {
        List<RunRecord> runs = new ArrayList<>();
        int threads = 1;
        for (double t : tps) {
            runs.add(run(threads, 1, t));
            threads *= 2;
        }
        return runs;
    }

    @Test
    void kneeIsTheLastThreadCountBeforeGrowthFallsUnderFivePercent() {
        // 1:1000 2:1900 4:3500 8:3600 (+2.9%) 16:3550
        assertEquals(4, SweepSummary.of(series(1000, 1900, 3500, 3600, 3550)).kneeThreads());
        assertEquals(8, SweepSummary.of(series(1000, 1900, 3500, 3600, 3550)).peakThreads());
    }

    @Test
    void noKneeWhileEveryDoublingStillPays() {
        assertNull(SweepSummary.of(series(1000, 1900, 3500, 3700)).kneeThreads()); // +5.7% at the end
    }

    @Test
    void exactlyFivePercentIsNotAKnee() {
        assertNull(SweepSummary.of(series(1000, 1050)).kneeThreads());
        assertEquals(1, SweepSummary.of(series(1000, 1049)).kneeThreads());
    }

    @Test
    void kneeUsesMediansOverRepeats() {
        List<RunRecord> runs = new ArrayList<>(List.of(run(1, 1, 1000), run(1, 2, 1100), run(1, 3, 900),
                run(2, 1, 1020), run(2, 2, 2000), run(2, 3, 1030)));
        SweepSummary s = SweepSummary.of(runs);
        assertEquals(new Spread(900, 1000, 1100, 3), s.points().get(0).tps());
        assertEquals(1030, s.points().get(1).tps().median());
        assertEquals(1, s.kneeThreads()); // median 1030 < 1000 * 1.05
    }

    @Test
    void spreadOverlap() {
        Spread a = Spread.of(List.of(1.0, 2.0, 3.0));
        assertTrue(a.overlaps(Spread.of(List.of(3.0, 4.0))));
        assertTrue(!a.overlaps(Spread.of(List.of(3.5, 4.0))));
        assertEquals(2.5, Spread.of(List.of(4.0, 1.0, 2.0, 3.0)).median());
    }
}
