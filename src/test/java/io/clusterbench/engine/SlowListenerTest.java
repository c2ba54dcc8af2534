package io.clusterbench.engine;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.metrics.IntervalSample;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Writing never holds up sampling (issue 9: at 512-1024 platform workers the coordinator that wrote each interval
 * itself missed boundaries): a listener that takes 2.5 intervals per call still gets every interval, in order,
 * each taken exactly at its boundary; its backlog shows as the run's write lag; and an output failure on the
 * writer thread still stops the run.
 */
class SlowListenerTest {
    private static final Target ONE = new Target(List.of(new Endpoint("127.0.0.1", 1, null)), "u", "", "db", true, 1000);
    private static final long INTERVAL_NANOS = 400_000_000L;

    @Test
    void aSlowListenerDelaysTheWritingNeverTheSampling() throws Exception {
        EnginePlan plan = new EnginePlan(2, Duration.ofMillis(2000), 0, Duration.ZERO, 0,
                Duration.ofNanos(INTERVAL_NANOS), ErrorPolicy.parse("none"), 42, ONE);
        ManualClock clock = new ManualClock();
        Synthetic workload = new Synthetic(c -> null);
        workload.slowMillis = 1;
        List<IntervalSample> samples = new CopyOnWriteArrayList<>();
        List<Thread> callers = new CopyOnWriteArrayList<>();
        CountDownLatch stepped = new CountDownLatch(1);
        RunListener listener = clock.listener(s -> {
            samples.add(s);
            callers.add(Thread.currentThread());
            long until = clock.nanoTime() + INTERVAL_NANOS * 5 / 2; // each call takes 2.5 intervals of the clock
            while (clock.nanoTime() - until < 0 && stepped.getCount() > 0) {
                Synthetic.sleep(1);
            }
        });
        Thread coordinator = Thread.currentThread(); // Engine.run's caller runs the interval loop
        clock.watch(coordinator);
        Thread time = new Thread(() -> {
            try {
                long start = clock.awaitStart();
                for (int k = 1; k <= 4; k++) { // the boundaries 0.4 .. 1.6 s, each reached exactly
                    clock.set(start + k * INTERVAL_NANOS);
                    // back to the clock 4 times: woke (1), took the time (2), queued the interval (3), waits (4)
                    while (clock.watchedReads() < 4) {
                        Synthetic.sleep(1);
                    }
                }
                stepped.countDown();
                clock.set(start + 2_000_000_000L); // the deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        time.start();
        RunOutcome outcome = new Engine(plan, clock).run(workload, listener);
        time.join();

        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertEquals(5, samples.size(), "four boundaries and the final interval, each delivered once: " + samples);
        for (int k = 1; k <= 4; k++) {
            IntervalSample s = samples.get(k - 1);
            assertEquals(k * 0.4, s.endSeconds(), 1e-9, "taken at its boundary, whatever the listener costs: " + s);
            assertEquals(0.0, s.reporterLagSeconds(), "no reporter lag: " + s);
            assertEquals(0, s.missedReports());
        }
        Synthetic.assertIntervalsAddUp(samples, outcome); // in order, contiguous, lengths and events add up
        assertTrue(outcome.maxWriteLagSeconds() >= 0.8 - 1e-9,
                "the 0.8 s interval waited for the listener until 1.6 s: " + outcome.maxWriteLagSeconds());
        for (Thread t : callers) {
            assertNotSame(coordinator, t, "written on the writer thread");
            assertEquals(callers.get(0), t, "one writer thread");
        }
    }

    @Test
    void anOutputFailureOnTheWriterThreadStopsTheRun() throws Exception {
        List<IntervalSample> samples = new CopyOnWriteArrayList<>();
        RunOutcome outcome = sixtySecondRun(samples, new UncheckedIOException(new IOException("No space left on device")));
        assertEquals(RunOutcome.Reason.OUTPUT_FAILED, outcome.reason());
        assertTrue(outcome.fatalError().line().contains("cannot write results: ")
                && outcome.fatalError().line().contains("No space"), outcome.fatalError().line());
        assertEquals(FatalError.Kind.OUTPUT, outcome.fatalError().kind());
        assertTrue(outcome.measuredSeconds() < 30, "stopped long before --time 60: " + outcome.measuredSeconds());
        assertEquals(2, samples.size(), "nothing more is written after the failure");
    }

    /** A listener failing otherwise (a result file the user must fix, a bug) stops the run and reaches the caller. */
    @Test
    void anyOtherListenerFailureStopsTheRunAndReachesTheCaller() {
        List<IntervalSample> samples = new CopyOnWriteArrayList<>();
        long started = System.nanoTime();
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> sixtySecondRun(samples,
                new IllegalStateException("cannot write result.json: No space left on device")));
        assertTrue(thrown.getMessage().contains("No space"), thrown.getMessage());
        assertTrue(System.nanoTime() - started < 30_000_000_000L, "stopped long before --time 60");
        assertEquals(2, samples.size(), "nothing more is written after the failure");
    }

    /** Runs 2 workers for up to 60 s at 0.1 s intervals, with a listener that throws {@code failure} on the second. */
    private static RunOutcome sixtySecondRun(List<IntervalSample> samples, RuntimeException failure) throws Exception {
        EnginePlan plan = new EnginePlan(2, Duration.ofSeconds(60), 0, Duration.ZERO, 0, Duration.ofMillis(100),
                ErrorPolicy.parse("none"), 42, ONE);
        Synthetic workload = new Synthetic(c -> null);
        workload.slowMillis = 1;
        return new Engine(plan, Clock.SYSTEM).run(workload, s -> {
            samples.add(s);
            if (samples.size() == 2) {
                throw failure;
            }
        });
    }
}
