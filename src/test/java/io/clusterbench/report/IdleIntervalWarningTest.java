package io.clusterbench.report;

import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Intervals without an event name their errors; only lost connections suggest an unreachable server. */
class IdleIntervalWarningTest {
    private static RunRecord withIdleIntervals(Map<String, Long> errors) {
        ResultDocument doc = SyntheticResults.builder().runs(4, 100).build();
        RunRecord r = doc.runs().get(0);
        List<IntervalRecord> intervals = new ArrayList<>(r.intervals());
        LatencySummary none = LatencySummary.of(new Histogram(3));
        for (int i = 5; i < 8; i++) {
            intervals.add(new IntervalRecord(i, i + 1, 4, 0, 0, 0, 0, 0, 0, 3.0, 0, 0, 0, 0, none, 0, 0, errors,
                    Map.of(), 0, 0, 0, 0));
        }
        return new RunRecord(r.workload(), r.threads(), r.repeat(), r.plan(), r.status(), r.fatalError(),
                r.workloadFacts(), intervals, r.summary(), r.statementClasses(), r.observerFacts());
    }

    @Test
    void aStatementErrorInIdleIntervalsIsNamedAndNotBlamedOnReachability() {
        String text = ConsoleReport.summary(withIdleIntervals(Map.of("1461/42000", 3L)));
        String line = text.lines().filter(l -> l.contains("no event completed")).findFirst().orElseThrow();
        assertTrue(line.contains("1461/42000=9"), line);
        assertFalse(line.contains("unreachable"), line);
    }

    @Test
    void lostConnectionsInIdleIntervalsSuggestAnUnreachableServer() {
        String text = ConsoleReport.summary(withIdleIntervals(Map.of("2013/HY000", 2L)));
        String line = text.lines().filter(l -> l.contains("no event completed")).findFirst().orElseThrow();
        assertTrue(line.contains("(server unreachable?)") && line.contains("2013/HY000=6"), line);
    }
}
