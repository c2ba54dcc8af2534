package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.metrics.MetricsHub;
import io.clusterbench.metrics.WorkerMetrics;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Interval histograms go back to the hub only after the writer's listener wrote them (issue 9): the coordinator
 * never gets one the writer still has, and a listener that keeps samples (the default) never sees them reused.
 */
class IntervalRecyclingTest {
    private static final Target ONE = new Target(List.of(new Endpoint("127.0.0.1", 1, null)), "u", "", "db", true,
            1000);

    @Test
    void aHistogramTheWriterStillHasIsNeverHandedOutAgain() throws InterruptedException {
        MetricsHub hub = new MetricsHub(1, 1, new ErrorCounts());
        WorkerMetrics w = hub.newWorker();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        long[] seenByListener = new long[4];
        RunListener slow = new RunListener() {
            private int n;

            @Override
            public void interval(IntervalSample s) {
                if (n == 0) {
                    inside.countDown();
                    await(release); // the writer is starved inside its first interval
                }
                seenByListener[n++] = s.eventLatency().getTotalCount();
            }
        };
        IntervalWriter writer = new IntervalWriter(slow, hub::recycle, null, new ManualClock());
        w.recordEventMicros(100);
        IntervalSample first = hub.sample(0, 1, 0, 0, 0, 0, 0, 0);
        writer.submit(first, 0, false);
        inside.await();
        Set<Histogram> takenMeanwhile = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 2; i <= 4; i++) {
            for (int k = 0; k < i; k++) {
                w.recordEventMicros(100);
            }
            IntervalSample s = hub.sample(i - 1, i, 0, 0, 0, 0, 0, 0);
            takenMeanwhile.add(s.eventLatency());
            writer.submit(s, 0, false);
        }
        assertFalse(takenMeanwhile.contains(first.eventLatency()), "the first interval's histogram is still the writer's");
        release.countDown();
        writer.drain();
        assertEquals(List.of(1L, 2L, 3L, 4L), java.util.Arrays.stream(seenByListener).boxed().toList(),
                "each interval reached the listener with its own values");
        w.recordEventMicros(100);
        IntervalSample next = hub.sample(4, 5, 0, 0, 0, 0, 0, 0);
        assertTrue(next.eventLatency() == first.eventLatency() || takenMeanwhile.contains(next.eventLatency()),
                "written intervals' histograms are reused");
        assertEquals(1, next.eventLatency().getTotalCount());
    }

    @Test
    void aListenerThatCopiesGetsEveryEventOnceWithRecycledHistograms() throws DbFailure {
        EnginePlan plan = new EnginePlan(3, Duration.ofSeconds(1), 0, Duration.ZERO, 0, Duration.ofMillis(50),
                ErrorPolicy.parse("none"), 42, ONE);
        AtomicLong counted = new AtomicLong();
        AtomicLong inHistograms = new AtomicLong();
        Set<Histogram> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        int[] intervals = new int[1];
        RunListener copying = new RunListener() {
            @Override
            public boolean copiesHistograms() {
                return true;
            }

            @Override
            public void interval(IntervalSample s) {
                counted.addAndGet(s.count(Counter.EVENTS));
                inHistograms.addAndGet(s.eventLatency().getTotalCount());
                distinct.add(s.eventLatency());
                intervals[0]++;
            }
        };
        RunOutcome outcome = new Engine(plan, Clock.SYSTEM).run(new Synthetic(c -> null), copying);
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        long total = java.util.Arrays.stream(outcome.eventsPerWorker()).sum();
        assertEquals(total, counted.get(), "interval events sum to the total");
        assertEquals(counted.get(), inHistograms.get(), "every event in exactly one interval's histogram");
        assertTrue(distinct.size() < intervals[0], distinct.size() + " histograms for " + intervals[0] + " intervals");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
