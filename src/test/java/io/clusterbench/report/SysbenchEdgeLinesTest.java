package io.clusterbench.report;

import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.PlanRecord;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two corners of sysbench 1.0.20's output that a default run does not show, printed as sysbench prints them
 * ({@code src/sysbench.c} {@code sb_report_cumulative}, {@code src/db_driver.c} {@code db_report_intermediate}):
 * {@code --percentile 0} and the second interval line of {@code --rate}. {@code SysbenchSummaryIT} holds both
 * against sysbench's own output.
 */
class SysbenchEdgeLinesTest {
    private static RunRecord withPercentile(double percentile) {
        RunRecord r = SyntheticResults.builder().runs(4, 1234.5).build().runs().get(0);
        PlanRecord p = r.plan();
        PlanRecord plan = new PlanRecord(p.workload(), p.threads(), p.timeSeconds(), p.events(), p.warmupSeconds(),
                p.rateEventsPerSecond(), p.reportIntervalSeconds(), p.sampleIntervalSeconds(), percentile,
                p.randType(), p.randSeed(), p.ignoreErrors(), p.dbPsMode(), p.reconnect(), p.routing(), p.consistency(),
                p.fault(), p.verifyCommits(), p.latencyStart(), p.workloadOptions(), p.giveUpSeconds());
        return new RunRecord(r.workload(), r.threads(), r.repeat(), plan, r.status(), r.fatalError(),
                r.workloadFacts(), r.intervals(), r.summary(), r.statementClasses(), r.observerFacts());
    }

    @Test
    void percentileZeroPrintsSysbenchsDisabledLineInPlaceOfThePercentile() {
        String report = SysbenchSummary.render(withPercentile(0));
        assertTrue(report.contains("\n         max: ") && report.contains(
                        "\n         percentile stats:               disabled\n         sum: "),
                "sysbench's line between max and sum:\n" + report);
        assertFalse(report.contains("th percentile:"), report);
        assertTrue(SysbenchSummary.render(withPercentile(99)).contains("\n         99th percentile: "));
    }

    @Test
    void percentileZeroIntervalLinesShowSysbenchsZero() {
        String line = ConsoleReport.intervalLine(interval(0, null), 0, false);
        assertTrue(line.contains(" lat (ms,0%): 0.00 err/s: "), line);
    }

    @Test
    void rateModesSecondIntervalLineIsSysbenchsWithConcurrency() {
        String[] lines = ConsoleReport.intervalLine(interval(7, 3), 95, true, " srv: run 2").split("\n");
        assertEquals(2, lines.length);
        assertEquals("[ 3s ] queue length: 2, concurrency: 3", lines[1], "sysbench's line, nothing after it");
        assertTrue(lines[0].matches("\\[ 3s \\] thds: 4 tps: .* reconn/s: 0\\.00 late events: 7 .*srv: run 2"),
                "late events among clusterbench's figures after sysbench's: " + lines[0]);
        assertEquals("[ 3s ] queue length: 2, concurrency: 0",
                ConsoleReport.intervalLine(interval(0, null), 95, true).split("\n")[1],
                "a result written before the count was recorded");
    }

    private static IntervalRecord interval(long late, Integer inProgress) {
        Histogram h = new Histogram(3);
        h.recordValue(1500);
        return new IntervalRecord(2, 3, 4, 100, 100, 2000, 1400, 400, 200, 0, 0, 0, 0, 0, LatencySummary.of(h), 2,
                late, Map.of(), Map.of(), 0, 0, 0, 0, inProgress);
    }
}
