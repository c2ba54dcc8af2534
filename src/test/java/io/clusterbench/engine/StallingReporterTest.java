package io.clusterbench.engine;

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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

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

    @Test
    void aReporterStalledAcrossTheDeadlineRecordsItsLagAndTheLinesItMissed() throws Exception {
        EnginePlan plan = new EnginePlan(2, Duration.ofMillis(2000), 0, Duration.ZERO, 0, Duration.ofMillis(400),
                ErrorPolicy.parse("none"), 42, ONE);
        ManualClock clock = new ManualClock();
        Engine engine = new Engine(plan, clock);
        Synthetic workload = new Synthetic(c -> null);
        workload.slowMillis = 1;
        List<IntervalSample> samples = new CopyOnWriteArrayList<>();
        Semaphore taken = new Semaphore(0);
        RunListener listener = clock.listener(s -> {
            samples.add(s);
            if (samples.size() == 2) { // taken at 0.8 s; the reporter stalls until 2.2 s, past the deadline
                clock.set(clock.start() + 2_200_000_000L);
                Synthetic.sleep(300); // the run's clock thread sees the deadline meanwhile (or not: same result)
            }
            taken.release();
        });
        Thread time = new Thread(() -> {
            try {
                long start = clock.awaitStart();
                clock.set(start + 400_000_000L);
                taken.acquire();
                clock.set(start + 800_000_000L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        time.start();
        RunOutcome outcome = engine.run(workload, listener);
        time.join();
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertEquals(2.1, outcome.measuredSeconds(), 1e-9,
                "a stalled reporter never stretches the run: it ends at the cut-off, 0.1 s after the deadline");
        assertEquals(3, samples.size(), "the lines of 1.2 s and 1.6 s were never printed: " + samples);
        IntervalSample last = samples.get(2);
        assertEquals(0.8, last.startSeconds(), 1e-9);
        assertEquals(2.1, last.endSeconds(), 1e-9);
        // From the first missed boundary (1.2 s) to the reporter's wake-up at 2.2 s. The manual clock also moves when
        // the end sequence parks while a worker is still finishing (10 ms a step), which a loaded machine makes
        // possible before the stalled reporter reads the clock: so at least 1.0 s, and less than one more interval.
        assertTrue(last.reporterLagSeconds() >= 1.0 - 1e-9 && last.reporterLagSeconds() < 1.1,
                "from the first missed boundary (1.2 s) to 2.2 s: " + last.reporterLagSeconds());
        assertEquals(2, last.missedReports(), "boundaries 1.2 s and 1.6 s fell before the stop");
        assertEquals(0, samples.get(0).missedReports());

        Synthetic.assertIntervalsAddUp(samples, outcome);

        RunAccumulator acc = new RunAccumulator(List.of("found", "missing"), 95);
        List<IntervalRecord> records = samples.stream().map(acc::add).toList();
        IntervalRecord record = records.get(2);
        assertEquals(last.count(Counter.EVENTS) / last.durationSeconds(), record.tps(), 1e-6,
                "the rate is divided by the interval's real length");
        assertEquals(2, record.missedReports(), "result.json's interval record");
        String line = ConsoleReport.intervalLine(record, 95, false);
        assertTrue(line.startsWith("[ 0.80-2.10s ]"), "the label gives the real start and end: " + line);
        assertTrue(line.contains(String.format(java.util.Locale.ROOT, "reporter lag: %.2f s missed reports: 2",
                last.reporterLagSeconds())), "the line shows the recorded lag and the missed lines: " + line);
        String[] header = IntervalFiles.CSV_HEADER.split(",");
        String[] csv = IntervalFiles.csvLine(record).split(",");
        int col = java.util.Arrays.asList(header).indexOf("missed_reports");
        assertEquals("2", csv[col], "intervals.csv");
    }
}
