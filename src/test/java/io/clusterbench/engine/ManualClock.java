package io.clusterbench.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An injected clock for engine tests: time moves when the test moves it or a thread parks (from near
 * {@link Long#MAX_VALUE}, so it wraps around during the run). Counts the reads of one watched thread, so a test
 * can tell when that thread (the coordinator) has been back to the clock after a step.
 *
 * <p>Thread-safe.
 */
public final class ManualClock implements Clock {
    private final AtomicLong now = new AtomicLong(Long.MAX_VALUE - 1_000_000_000L);
    private final AtomicLong watchedReads = new AtomicLong();
    private volatile Thread watched;
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile long startNanos;

    @Override
    public long nanoTime() {
        if (Thread.currentThread() == watched) {
            watchedReads.incrementAndGet();
        }
        return now.get();
    }

    /**
     * Time passes for a thread that parks: after 1 ms of real time the clock moves on to its deadline (in the
     * engine only the end sequence parks, after the stop, so a test's boundaries stay exact; a frozen clock would
     * hang it).
     */
    @Override
    public boolean parkUntil(long deadlineNanos) {
        LockSupport.parkNanos(1_000_000L);
        now.getAndUpdate(t -> deadlineNanos - t > 0 ? deadlineNanos : t);
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }

    /**
     * Sets the time (nanos, the same origin as {@link #nanoTime}) and restarts the count of the watched thread's
     * reads: every read counted from here saw this time or a later one.
     */
    public void set(long nanos) {
        now.set(nanos);
        watchedReads.set(0);
    }

    /** Moves the time on by {@code nanos} (from any thread: concurrent advances add up). */
    public void advance(long nanos) {
        now.addAndGet(nanos);
    }

    /** Counts the clock reads of {@code thread} from now on. */
    void watch(Thread thread) {
        watched = thread;
    }

    /** @return clock reads by the watched thread since the last {@link #set} */
    long watchedReads() {
        return watchedReads.get();
    }

    /** Records the measured start: call from {@link RunListener#measuringStarted}. */
    void markStart() {
        startNanos = now.get();
        started.countDown();
    }

    /** @return the measured start (nanos) recorded by {@link #markStart}, 0 before */
    long start() {
        return startNanos;
    }

    /** @return the measured start (nanos), once {@link #markStart} ran */
    long awaitStart() throws InterruptedException {
        started.await();
        return startNanos;
    }

    /**
     * @param onInterval what the listener does with each interval (on the engine's writer thread)
     * @return a listener that marks the measured start on this clock ({@link #markStart}) and hands each interval on
     */
    RunListener listener(java.util.function.Consumer<io.clusterbench.metrics.IntervalSample> onInterval) {
        return new RunListener() {
            @Override
            public void measuringStarted() {
                markStart();
            }

            @Override
            public void interval(io.clusterbench.metrics.IntervalSample s) {
                onInterval.accept(s);
            }
        };
    }
}
