package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sampling never waits for a worker, and the end of the measured time never waits for a late one (issue 9),
 * with the synthetic workload: the assertions are about order and counts, never about speed.
 */
class SamplingTest {
    private static final Target ONE = new Target(List.of(new Endpoint("127.0.0.1", 1, null)), "u", "", "db", true,
            1000);

    private static EnginePlan plan(int threads, Duration time, Duration interval) {
        return new EnginePlan(threads, time, 0, Duration.ZERO, 0, interval, ErrorPolicy.parse("none"), 42, ONE);
    }

    @Test
    void intervalsKeepComingWhileAWorkerIsFrozenInTheMiddleOfRecordingAnEvent() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean frozen = new AtomicBoolean();
        AtomicInteger samplesWhileFrozen = new AtomicInteger();
        AtomicBoolean releasedBySampling = new AtomicBoolean();
        // the 20th event stops between its two statement recordings (the first is recorded, the second and the
        // event are not), as a worker preempted or unmounted there would; only the reporter can release it
        w.between = call -> {
            if (call == 20 && frozen.compareAndSet(false, true)) {
                await(release);
            }
            return null;
        };
        List<IntervalSample> samples = new CopyOnWriteArrayList<>();
        Engine engine = new Engine(plan(3, Duration.ofSeconds(3), Duration.ofMillis(100)), Clock.SYSTEM);
        RunOutcome outcome = engine.run(w, s -> {
            samples.add(s);
            if (frozen.get() && release.getCount() > 0 && samplesWhileFrozen.incrementAndGet() == 3) {
                releasedBySampling.set(true); // three intervals were taken while the worker stayed frozen
                release.countDown();
            }
        });
        release.countDown();
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertTrue(releasedBySampling.get(), "intervals were taken while a worker was frozen mid-recording");
        long events = 0;
        long histogramEvents = 0;
        for (IntervalSample s : samples) {
            events += s.count(Counter.EVENTS);
            histogramEvents += s.eventLatency().getTotalCount();
        }
        long total = 0;
        for (long e : outcome.eventsPerWorker()) {
            total += e;
        }
        assertEquals(total, events, "interval events sum to the total");
        assertEquals(events, histogramEvents, "every counted event is in exactly one interval's histogram");
    }

    @Test
    void anEventCompletingAfterTheCutOffIsNotCountedAndTheMeasuredTimeEndsThere() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.slowMillis = 600; // each worker is inside its second event at the deadline and ignores the cancel
        Duration time = Duration.ofSeconds(1);
        List<IntervalSample> samples = new CopyOnWriteArrayList<>();
        RunOutcome outcome = new Engine(plan(4, time, Duration.ofMillis(200)), Clock.SYSTEM).run(w, samples::add);
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        double limit = (time.toNanos() + RunControl.GRACE_NANOS) / 1e9;
        assertTrue(outcome.measuredSeconds() >= 1.0 && outcome.measuredSeconds() <= limit + 1e-9,
                "the measured time ends at the cut-off at the latest: " + outcome.measuredSeconds());
        long cutOff = samples.stream().mapToLong(s -> s.count(Counter.CUT_OFF)).sum();
        long events = samples.stream().mapToLong(s -> s.count(Counter.EVENTS)).sum();
        assertTrue(cutOff >= 1, "the late completions are cut off: " + cutOff);
        assertTrue(events + cutOff <= 8, "no event counted twice: " + events + " + " + cutOff);
        double lengths = samples.stream().mapToDouble(IntervalSample::durationSeconds).sum();
        assertEquals(outcome.measuredSeconds(), lengths, 1e-6, "interval lengths add up to the measured time");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
