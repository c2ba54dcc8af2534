package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.result.IntervalFiles;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.RunAccumulator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reporter stalled across the deadline (issue 9, the tester's case scaled down 5×: {@code --report-interval 2
 * --time 10}, the reporter stuck from 4 s to after 10 s): the run still ends on time, the final interval carries
 * the lag and the lines it missed, its rate is its events over its real length, and the console, intervals.csv
 * and result.json's record say so.
 */
class StallingReporterTest {
    private static final Target ONE = new Target(List.of(new Endpoint("127.0.0.1", 1, null)), "u", "", "db", true, 1000);

    /** A clock {@code offsetNanos} ahead of the system clock, wrapping around during the run. */
    private static Clock shifted(long offsetNanos) {
        return new Clock() {
            @Override
            public long nanoTime() {
                return System.nanoTime() + offsetNanos;
            }

            @Override
            public boolean parkUntil(long deadlineNanos) {
                return Clock.SYSTEM.parkUntil(deadlineNanos - offsetNanos);
            }
        };
    }

    @Test
    void aReporterStalledAcrossTheDeadlineRecordsItsLagAndTheLinesItMissed() throws DbFailure {
        EnginePlan plan = new EnginePlan(4, Duration.ofMillis(2000), 0, Duration.ZERO, 0, Duration.ofMillis(400),
                ErrorPolicy.parse("none"), 42, ONE);
        Engine engine = new Engine(plan, shifted(Long.MAX_VALUE - 1_500_000_000L));
        List<IntervalSample> samples = new ArrayList<>();
        RunOutcome outcome = engine.run(new Synthetic(c -> null), s -> {
            samples.add(s);
            if (samples.size() == 2) {
                Synthetic.sleep(1400); // taken at 0.8 s, back at about 2.2 s: past the deadline (2.0 s)
            }
        });
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertTrue(outcome.measuredSeconds() >= 2.0 && outcome.measuredSeconds() <= 2.1 + 1e-6,
                "a stalled reporter never stretches the run: measured " + outcome.measuredSeconds());
        assertEquals(3, samples.size(), "the lines of 1.2 s and 1.6 s were never printed: " + samples);
        IntervalSample last = samples.get(2);
        assertEquals(0.8, last.startSeconds(), 0.15);
        assertEquals(outcome.measuredSeconds(), last.endSeconds(), 1e-6);
        assertTrue(last.reporterLagSeconds() >= 0.9, "lag from the first missed boundary (1.2 s): " + last);
        assertEquals(2, last.missedReports(), "boundaries 1.2 s and 1.6 s fell before the stop");
        assertEquals(0, samples.get(0).missedReports());

        long events = 0;
        double length = 0;
        double end = 0;
        for (IntervalSample s : samples) {
            assertEquals(end, s.startSeconds(), 1e-9, "intervals are contiguous");
            end = s.endSeconds();
            events += s.count(Counter.EVENTS);
            length += s.durationSeconds();
        }
        assertEquals(outcome.measuredSeconds(), length, 1e-6, "interval lengths add up to the measured time");
        long total = 0;
        for (long e : outcome.eventsPerWorker()) {
            total += e;
        }
        assertEquals(total, events, "interval events sum to the total");

        RunAccumulator acc = new RunAccumulator(List.of("found", "missing"), 95);
        List<IntervalRecord> records = samples.stream().map(acc::add).toList();
        IntervalRecord record = records.get(2);
        assertEquals(last.count(Counter.EVENTS) / last.durationSeconds(), record.tps(), 1e-6,
                "the rate is divided by the interval's real length");
        assertEquals(2, record.missedReports(), "result.json's interval record");
        String line = ConsoleReport.intervalLine(record, 95, false);
        assertTrue(line.startsWith(String.format(java.util.Locale.ROOT, "[ %.2f-%.2fs ]", record.startSeconds(),
                record.endSeconds())), "the label gives the real start and end: " + line);
        assertTrue(line.contains("reporter lag: ") && line.contains("missed reports: 2"), line);
        String first = ConsoleReport.intervalLine(records.get(0), 95, false);
        assertTrue(first.startsWith(String.format(java.util.Locale.ROOT, "[ 0.00-%.2fs ]", records.get(0).endSeconds())),
                "an interval that does not end on a whole second gives its real times: " + first);
        String[] header = IntervalFiles.CSV_HEADER.split(",");
        String[] csv = IntervalFiles.csvLine(record).split(",");
        int col = java.util.Arrays.asList(header).indexOf("missed_reports");
        assertEquals("2", csv[col], "intervals.csv");
    }
}
