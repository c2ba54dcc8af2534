package io.clusterbench.engine;

import io.clusterbench.metrics.IntervalSample;

import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The run's one writer thread: takes the intervals the coordinator snapshotted at their boundaries and hands
 * them to {@link RunListener#interval} in order, one at a time, so formatting and writing (the console line,
 * intervals.csv, result files, the HdrHistogram log) never hold up the next sample (issue 9: at 512-1024
 * platform workers on 2 cores the coordinator that wrote each interval itself missed boundaries, reporter lag
 * 1.55-4.33 s).
 *
 * <p>A writer that falls behind is never hidden: {@link #maxWriteLagNanos} is the longest time from an interval
 * being taken to the listener having written it (its wait in the queue and the writing itself: the run's
 * {@code write lag}, docs/metrics.md). The
 * first exception from the listener stops the run ({@link RunControl#fatal}); later intervals are dropped (the
 * output is broken) and {@link #failed} says so. An {@link UncheckedIOException} is the run's output failure; any
 * other exception (a {@code UserException} such as a result file that cannot be written, or a bug) is thrown
 * again on the coordinator's thread by {@link #drain}, as if the listener had run there.
 *
 * <p>Thread-safety: {@link #submit}, {@link #drain} and the getters from the coordinator thread; the listener
 * and the hand-back of each written interval run only on the writer thread; a submitted sample is the writer's
 * until it has been handed back. Everything the coordinator did before {@link #submit} happens-before the
 * listener sees the interval, and everything the listener did happens-before {@link #drain} returns.
 */
final class IntervalWriter {
    private final RunListener listener;
    private final Consumer<IntervalSample> written;
    private final RunControl control;
    private final Clock clock;
    private final ArrayDeque<Taken> queue = new ArrayDeque<>();
    private final Thread thread;
    private boolean closed;
    private volatile boolean failed;
    private RuntimeException rethrow; // written by the writer thread before it ends; read after join()
    private long maxWriteLagNanos;

    /** One interval, the clock time it was taken at (nanos, {@link Clock#nanoTime}), whether it is the run's final one. */
    private record Taken(IntervalSample sample, long takenNanos, boolean last) {
    }

    /**
     * Starts the writer thread (a platform thread, whatever the workers' model: it must not queue behind
     * virtual workers for a carrier).
     *
     * @param listener receives every submitted interval, in order, on the writer thread
     * @param control  stopped ({@link RunControl#fatal}) when the listener cannot write
     * @param clock    the run's clock, for the write lag
     */
    IntervalWriter(RunListener listener, RunControl control, Clock clock) {
        this(listener, s -> { }, control, clock);
    }

    /**
     * As above, handing each interval to {@code written} once the listener is done with it.
     *
     * @param written called on the writer thread with each submitted interval once the listener's
     *                {@link RunListener#interval} returned, or when the interval was dropped after an output failure
     *                (not for the one whose listener call threw); never while the listener still has it (the run
     *                hands its histograms back here)
     */
    IntervalWriter(RunListener listener, Consumer<IntervalSample> written, RunControl control, Clock clock) {
        this.written = written;
        this.listener = listener;
        this.control = control;
        this.clock = clock;
        this.thread = new Thread(this::loop, "interval-writer");
        thread.setDaemon(true); // drain() waits for it; a second Ctrl-C must not
        thread.start();
    }

    /**
     * Queues one interval for the listener and returns at once.
     *
     * @param sample     the interval, snapshotted at its boundary
     * @param takenNanos clock time its snapshot was complete
     * @param last       true for the run's final interval: the listener's {@link RunListener#measuringEnded} runs first
     */
    synchronized void submit(IntervalSample sample, long takenNanos, boolean last) {
        queue.add(new Taken(sample, takenNanos, last));
        notifyAll();
    }

    /**
     * Waits until every submitted interval was handed to the listener (or dropped after an output failure),
     * then ends the writer thread. Idempotent.
     *
     * @throws RuntimeException the listener's exception other than {@link UncheckedIOException}, again on each call
     */
    void drain() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the intervals must reach the disk; keep the interrupt for the caller
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (rethrow != null) {
            throw rethrow;
        }
    }

    /** @return true when the listener threw {@link UncheckedIOException} (the run then stopped) */
    boolean failed() {
        return failed;
    }

    /** @return the longest time (nanos) from an interval being taken to the listener having written it */
    synchronized long maxWriteLagNanos() {
        return maxWriteLagNanos;
    }

    private void loop() {
        while (true) {
            Taken next;
            synchronized (this) {
                while (queue.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // nobody interrupts this thread on purpose; go on draining
                    }
                }
                next = queue.poll();
                if (next == null) {
                    return; // closed and empty
                }
            }
            if (failed) {
                handBack(next);
                continue;
            }
            try {
                if (next.last()) {
                    listener.measuringEnded();
                }
                listener.interval(next.sample());
                // measured once the line and files are written: a writer starved inside its own work (not in the
                // queue) printed lines 0.86 s late while a lag taken at hand-over said 0.003 s (tester)
                long lag = clock.nanoTime() - next.takenNanos();
                synchronized (this) {
                    maxWriteLagNanos = Math.max(maxWriteLagNanos, lag);
                }
            } catch (RuntimeException e) {
                // Any failure stops the run, not only I/O: a writer thread that died of anything else would leave
                // the run going with nothing written (a listener turning a full disk into the user's error did).
                failed = true;
                if (!(e instanceof UncheckedIOException)) {
                    rethrow = e; // the caller's, from drain(): a user error or a bug is not an output failure
                }
                control.fatal(FatalError.output(e.getMessage()));
            }
            if (!failed) {
                handBack(next);
            } // the listener threw: it may still hold the sample's histograms, so they are not reused
        }
    }

    private void handBack(Taken t) {
        if (t.sample() != null) {
            written.accept(t.sample());
        }
    }
}
