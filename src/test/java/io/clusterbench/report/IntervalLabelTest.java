package io.clusterbench.report;

import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.LatencySummary;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Issue 9: the console's interval label agrees with the interval's real start and end. */
class IntervalLabelTest {
    private static IntervalRecord interval(double start, double end) {
        return interval(start, end, 0, 0);
    }

    private static IntervalRecord interval(double start, double end, double lag, int missed) {
        return new IntervalRecord(start, end, 4, 100, 100 / (end - start), 0, 0, 0, 0, 0, 0, 0, 0, 0,
                LatencySummary.of(new Histogram(3)), 0, 0, Map.of(), Map.of(), lag, missed, 0, 0);
    }

    @Test
    void anIntervalOnScheduleKeepsSysbenchsLabel() {
        assertEquals("[ 3s ]", ConsoleReport.label(interval(0, 3.0004)));
        assertEquals("[ 6s ]", ConsoleReport.label(interval(3.0004, 6.08)), "the end within the cut-off grace");
    }

    @Test
    void anIntervalOffScheduleShowsItsRealStartAndEnd() {
        assertEquals("[ 1.36-3.00s ]", ConsoleReport.label(interval(1.36, 3.0)), "a first interval that starts late");
        assertEquals("[ 0.00-4.36s ]", ConsoleReport.label(interval(0, 4.36)), "a late reporter");
        assertEquals("[ 4.00-10.10s ]", ConsoleReport.label(interval(4.0, 10.1, 4.1, 2)), "stalled across the deadline");
        assertEquals("[ 2.00-5.00s ]", ConsoleReport.label(interval(2.0, 5.0, 1.0, 0)), "a whole second late");
        assertEquals("[ 8.00-9.43s ]", ConsoleReport.label(interval(8, 9.43)), "a Ctrl-C");
        assertEquals("[ 0.00-0.07s ]", ConsoleReport.label(interval(0, 0.07)), "a run of 300 events: not [ 0s ]");
        assertEquals("[ 5.00-5.06s ]", ConsoleReport.label(interval(5.0, 5.06)), "a tail inside the grace");
    }

    @Test
    void aTailShorterThanTheReportIntervalShowsItsRealStartAndEnd() {
        assertEquals("[ 2.00-3.01s ]", ConsoleReport.label(interval(2.0, 3.01), 2), "--time 3 --report-interval 2");
        assertEquals("[ 4s ]", ConsoleReport.label(interval(2.0, 4.002), 2), "a whole 2-second interval");
        assertEquals("[ 10s ]", ConsoleReport.label(interval(9.0, 10.05), 1), "the last of --time 10");
    }
}
