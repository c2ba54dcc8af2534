package io.clusterbench.observe;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The final interval carries the observers' figures: a run that ends before an observer's next scheduled reading
 * (a 0.88 s {@code --events} ddl run with a 1 s report interval) printed its only line without them (CI). A
 * synthetic observer counts its samples; no server is involved.
 */
class AsyncObserverTest {
    /** Counts its samples; its figure is the sample number. */
    private static class Counting implements Observer {
        final AtomicInteger samples = new AtomicInteger();

        @Override
        public String name() {
            return "counting";
        }

        @Override
        public void start() {
        }

        @Override
        public Map<String, Object> sample(double intervalSeconds) {
            return Map.of("n", samples.incrementAndGet());
        }

        @Override
        public String compactLine() {
            return "n: " + samples.get();
        }

        @Override
        public void close() {
        }
    }

    /** Records on which thread, and in which order, connect and start ran. */
    private static final class Connecting extends Counting {
        final java.util.List<String> calls = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        volatile boolean closed;

        @Override
        public void connect() {
            calls.add("connect on " + Thread.currentThread().getName());
        }

        @Override
        public void start() {
            calls.add("start on " + Thread.currentThread().getName());
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** Its second sample (the first after the baseline) takes {@code slowMillis}; the others are immediate. */
    private static final class SlowOnce extends Counting {
        private final long slowMillis;

        SlowOnce(long slowMillis) {
            this.slowMillis = slowMillis;
        }

        @Override
        public Map<String, Object> sample(double intervalSeconds) {
            if (samples.get() == 0) {
                try {
                    Thread.sleep(slowMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.sample(intervalSeconds);
        }
    }

    @Test
    void aSampleThatFinishedLateReachesAnIntervalBeforeALaterOneReplacesIt() throws InterruptedException {
        long periodMillis = 200;
        SlowOnce o = new SlowOnce(periodMillis + periodMillis / 5); // ends early in the next interval
        AsyncObserver a = new AsyncObserver(o, periodMillis);
        a.start();
        java.util.List<Object> seen = new java.util.ArrayList<>();
        long start = System.nanoTime();
        for (int interval = 1; interval <= 8; interval++) {
            long boundary = start + interval * periodMillis * 1_000_000L;
            Thread.sleep(Math.max(0, (boundary - System.nanoTime()) / 1_000_000));
            Map<String, Object> figures = a.sample(periodMillis / 1000.0);
            if (!figures.isEmpty()) {
                seen.add(figures.get("n"));
            }
        }
        a.close();
        assertTrue(seen.size() >= 5, "most intervals have a sample: " + seen);
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(i + 1, seen.get(i), "every sample reached an interval, in order: " + seen);
        }
    }

    @Test
    void connectAheadOpensOnTheObserversThreadAndTheBaselineWaitsForStart() throws InterruptedException {
        Connecting c = new Connecting();
        AsyncObserver a = new AsyncObserver(c, 60_000);
        a.connectAhead();
        long end = System.nanoTime() + 5_000_000_000L;
        while (c.calls.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        Thread.sleep(100);
        assertEquals(java.util.List.of("connect on observer-counting"), c.calls, "connected, no baseline yet");
        a.start(); // a short run: the baseline is read now, not after a handshake
        while (c.calls.size() < 2 && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        assertEquals(java.util.List.of("connect on observer-counting", "start on observer-counting"), c.calls);
        a.awaitFinalReading(a.requestFinalReading(), System.nanoTime() + 5_000_000_000L);
        assertEquals(Map.of("n", 1), a.sample(0.01));
        a.close();
        assertTrue(c.closed);
    }

    @Test
    void anObserverConnectedAheadAndClosedBeforeStartTakesNoReading() throws InterruptedException {
        Connecting c = new Connecting();
        AsyncObserver a = new AsyncObserver(c, 60_000);
        a.connectAhead();
        Thread.sleep(50);
        a.close(); // a run refused or interrupted before its measured phase
        assertTrue(c.closed);
        assertEquals(java.util.List.of("connect on observer-counting"), c.calls);
        assertEquals(0, c.samples.get());
    }

    /**
     * An interval that took no reading shows the observer's prefix and {@code ?}, the first one included (a tester's
     * first ddl line had neither {@code srv:} nor {@code bg}, only an empty {@code observed}); an observer without
     * line text shows nothing.
     */
    @Test
    void theFirstIntervalWithoutAReadingShowsThePrefixAndAQuestionMark() {
        Counting withText = new Counting() {
            @Override
            public String linePrefix() {
                return "n:";
            }
        };
        AsyncObserver a = new AsyncObserver(withText, 60_000);
        AsyncObserver b = new AsyncObserver(new Counting(), 60_000);
        a.start();
        b.start();
        assertTrue(a.sample(1).isEmpty());
        assertTrue(b.sample(1).isEmpty());
        assertEquals("n: ?", a.compactLine());
        assertEquals("", b.compactLine());
        a.close();
        b.close();
    }

    @Test
    void aRunEndingBeforeTheFirstScheduledReadingGetsOneAtTheEnd() throws InterruptedException {
        Counting c = new Counting();
        AsyncObserver a = new AsyncObserver(c, 60_000); // next scheduled reading a minute away
        a.start();
        Thread.sleep(50);
        assertTrue(a.sample(0.05).isEmpty(), "nothing read yet");
        long t0 = System.nanoTime();
        a.awaitFinalReading(a.requestFinalReading(), t0 + 5_000_000_000L);
        assertEquals(Map.of("n", 1), a.sample(0.05));
        assertEquals("n: 1", a.compactLine());
        assertTrue(System.nanoTime() - t0 < 4_000_000_000L, "served at once, not at the deadline");
        a.close();
    }

    @Test
    void anUnreadScheduledReadingServesTheFinalIntervalAndNoneIsTaken() throws InterruptedException {
        Counting c = new Counting();
        AsyncObserver a = new AsyncObserver(c, 2000); // the first reading at 1.9 s, 0.1 s before the boundary
        a.start();
        long end = System.nanoTime() + 10_000_000_000L;
        // until the first reading is published (the observer's own count rises just before: CI saw that window)
        while (a.compactLine().isEmpty() && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        // the first reading is unread: asking for a final one returns none to wait for, and the reading stays
        long request = a.requestFinalReading();
        assertEquals(0, request, "the scheduled reading, still unread, covers the final interval");
        a.awaitFinalReading(request, System.nanoTime());
        assertEquals(1, a.sample(2).get("n"));
        a.close();
    }

    @Test
    void anObserverThatDoesNotAnswerHoldsTheFinalLineOnlyUntilTheDeadline() {
        Observer stuck = new Counting() {
            @Override
            public Map<String, Object> sample(double intervalSeconds) {
                try {
                    Thread.sleep(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Map.of();
            }
        };
        AsyncObserver a = new AsyncObserver(stuck, 60_000);
        a.start();
        long t0 = System.nanoTime();
        a.awaitFinalReading(a.requestFinalReading(), t0 + 300_000_000L);
        long waitedMillis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(waitedMillis >= 290 && waitedMillis < 5_000, "waited " + waitedMillis + " ms");
        assertTrue(a.sample(1).isEmpty());
    }

    /**
     * The line shows the reading its interval stores: a tester's line showed the next interval's server figures,
     * or repeated the previous line's, while the interval stored another reading or none.
     */
    @Test
    void theLineShowsTheReadingTheIntervalTookAndAQuestionMarkWhenItTookNone() throws InterruptedException {
        Counting c = new Counting();
        AsyncObserver a = new AsyncObserver(c, 60_000);
        a.start();
        a.awaitFinalReading(a.requestFinalReading(), System.nanoTime() + 5_000_000_000L);
        assertEquals(Map.of("n", 1), a.sample(1));
        a.awaitFinalReading(a.requestFinalReading(), System.nanoTime() + 5_000_000_000L); // reading 2, not yet read
        assertEquals("n: 1", a.compactLine(), "the line of the interval that took reading 1");
        assertEquals(Map.of("n", 2), a.sample(1));
        assertEquals("n: 2", a.compactLine());
        assertTrue(a.sample(1).isEmpty(), "no new reading for this interval");
        assertEquals("n: ?", a.compactLine(), "not the previous line's figures again");
        a.close();
    }
}
