package io.clusterbench.engine;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The run's clock, on its own thread: keeps the read timeout during the run ({@link StuckStatements}), stops a run
 * whose every endpoint stays unreachable ({@link Unreachable}), stops the run when the deadline passes (even when
 * every worker is blocked and none can see it), then makes sure nothing outlives the stop. Workers still inside an event after
 * {@link #GRACE_NANOS} get their statement cancelled ({@code KILL QUERY} on a side connection) when their endpoint
 * answered within {@link #ANSWERED_RECENTLY_NANOS}, so a live server stops the statement's work; a server that did not
 * answer as recently (frozen, gone) gets no side connection, whose handshake could hang: its workers' sockets are
 * closed at once. Those still inside after {@link #CANCEL_NANOS} more get their connection closed under them; any
 * still running after {@link #ABORT_NANOS} more are abandoned (their threads are daemons) and counted as cut off.
 *
 * <p>It never waits for the coordinator, so a reporter that falls behind cannot delay the end. Thread-safe:
 * started once by the engine; {@link #awaitEnd} may be called from the coordinator.
 */
final class EndOfRun implements Runnable {
    /** After the stop, in-flight events may finish on their own for this long ({@link RunControl#GRACE_NANOS}). */
    static final long GRACE_NANOS = RunControl.GRACE_NANOS;
    /**
     * After the cancel, the statements have this long to return before their connections are closed under them: a
     * cancelled statement returns within milliseconds from a live server, and a server that does not answer must
     * not hold the command's one-second exit bound (docs/architecture.md, "The lifecycle").
     */
    static final long CANCEL_NANOS = 100_000_000L;
    /** After closing the connections, the workers have this long to leave their loop. */
    static final long ABORT_NANOS = 100_000_000L;
    /**
     * An endpoint from which no worker heard within this long before the cut-off (five grace periods: on a live server
     * the other workers' statements and the events that ended in the grace answered just before) is taken as not
     * answering: its statements are not cancelled over a side connection, their sockets are closed.
     */
    static final long ANSWERED_RECENTLY_NANOS = 500_000_000L;
    private static final long POLL_NANOS = 10_000_000L;
    private static final int CANCELLERS = 8;

    private final RunControl control;
    private final Clock clock;
    private final List<Worker> workers;
    private final Thread thread;
    private final StuckStatements stuck;
    private final Unreachable unreachable;
    private volatile long endNanos;
    private volatile int abandoned;
    private volatile boolean finished;
    /** Each worker's event start at the cut-off (0: not inside an event), taken before anything is cancelled. */
    private volatile long[] sinceAtCutOff;

    /**
     * @param readTimeoutNanos the workers' read timeout ({@link StuckStatements}), 0 for none
     * @param giveUpNanos      how long every endpoint may stay unreachable before the run stops ({@link Unreachable})
     */
    EndOfRun(RunControl control, Clock clock, List<Worker> workers, long readTimeoutNanos, long giveUpNanos) {
        this.control = control;
        this.clock = clock;
        this.workers = workers;
        this.stuck = new StuckStatements(workers, readTimeoutNanos);
        this.unreachable = new Unreachable(workers, giveUpNanos);
        this.thread = new Thread(this, "run-clock");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    @Override
    public void run() {
        waitForStop();
        stuck.close();
        boolean allStopped = waitWorkers(control.cutOffNanos()); // in-flight events may complete until the cut-off
        long[] since = new long[workers.size()];
        for (int i = 0; i < since.length; i++) {
            Worker w = workers.get(i);
            since[i] = w.done() ? 0 : w.eventSinceNanos(); // still inside at the end: the final interval's waits
        }
        sinceAtCutOff = since;
        if (!allStopped && !waitWorkers(clock.nanoTime() + (cancelOrAbort() ? CANCEL_NANOS : ABORT_NANOS))) {
            ExecutorService aborters = pool("connection-abort");
            for (Worker w : workers) {
                if (!w.done()) {
                    aborters.execute(w::abort); // a pool: 1024 new threads at once would take seconds
                }
            }
            aborters.shutdown();
            waitWorkers(clock.nanoTime() + ABORT_NANOS);
        }
        int left = 0;
        for (Worker w : workers) {
            if (!w.done()) {
                left++;
            }
        }
        abandoned = left;
        // No event completing after the cut-off counts, so however late this thread got here (starved on an
        // overloaded client, or a collection pause), the measured time ends at the cut-off at the latest.
        long now = clock.nanoTime();
        long cutOff = control.cutOffNanos();
        endNanos = cutOff != Long.MAX_VALUE && now - cutOff > 0 ? cutOff : now;
        finished = true;
    }

    /**
     * Closes the sockets of the workers still running whose endpoint did not answer recently
     * ({@link #ANSWERED_RECENTLY_NANOS}); cancels the statement of every other worker still inside one.
     *
     * @return true when a statement was cancelled (its worker gets {@link #CANCEL_NANOS} to return), false when only
     *         sockets were closed (their workers get {@link #ABORT_NANOS})
     */
    private boolean cancelOrAbort() {
        // counted back from the cut-off, not from now: this thread may get here late (starved), and its lateness
        // must not make a live server look silent
        long now = clock.nanoTime();
        long cutOff = control.cutOffNanos();
        if (cutOff != Long.MAX_VALUE && now - cutOff > 0) {
            now = cutOff;
        }
        long[] heard = new long[control.endpointCount() + 1];
        boolean[] any = new boolean[heard.length];
        for (Worker w : workers) {
            int slot = w.endpointSlot();
            long at = w.answeredNanos();
            if (!any[slot] || at - heard[slot] > 0) {
                heard[slot] = at;
                any[slot] = true;
            }
        }
        ExecutorService cancellers = null;
        ExecutorService aborters = null;
        for (Worker w : workers) {
            if (w.done()) {
                continue;
            }
            if (now - heard[w.endpointSlot()] > ANSWERED_RECENTLY_NANOS) {
                aborters = aborters == null ? pool("connection-abort") : aborters;
                aborters.execute(w::abort); // no side connection to a server that does not answer
            } else if (w.eventSinceNanos() != 0) {
                cancellers = cancellers == null ? pool("statement-canceller") : cancellers;
                cancellers.execute(w::cancel); // inside a statement on a live server: a side connection kills it
            }
        }
        for (ExecutorService p : new ExecutorService[] {cancellers, aborters}) {
            if (p != null) {
                p.shutdown();
            }
        }
        return cancellers != null;
    }

    private static ExecutorService pool(String name) {
        return Executors.newFixedThreadPool(CANCELLERS, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Waits for a stop (Ctrl-C, fatal error, event limit) or the deadline, which it turns into a stop; stops the
     * run on a fatal error when every endpoint stays unreachable ({@link Unreachable}).
     */
    private void waitForStop() {
        while (!control.stopping()) {
            long now = clock.nanoTime();
            if (control.pastDeadline(now)) {
                control.timeUp();
                return;
            }
            if (allDone()) {
                control.allDone();
                return;
            }
            stuck.scan(now);
            if (unreachable.givenUp(now)) {
                control.fatal(FatalError.unreachable(unreachable.message(control.lastUnreachable())));
                return;
            }
            control.awaitStop(Math.min(POLL_NANOS * 5, control.nanosLeft(now)));
        }
    }

    /** @return true when every worker left its loop before {@code untilNanos} */
    private boolean waitWorkers(long untilNanos) {
        while (!allDone()) {
            if (clock.nanoTime() - untilNanos >= 0) {
                return false;
            }
            clock.parkUntil(Math.min(clock.nanoTime() + POLL_NANOS, untilNanos));
        }
        return true;
    }

    private boolean allDone() {
        for (Worker w : workers) {
            if (!w.done()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits until the end sequence is over (within about a second of the stop).
     *
     * @return the end of the measured time: when every worker had stopped or was abandoned, or the cut-off
     *         ({@link RunControl#cutOffNanos()}) when that came first
     */
    long awaitEnd() {
        boolean interrupted = false;
        while (!finished) {
            try {
                thread.join(100);
            } catch (InterruptedException e) {
                interrupted = true;
                control.requestStop();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return endNanos;
    }

    /**
     * Where each worker stood when the measured time ended, for the final interval's {@code waiting} and
     * {@code longest wait}: read after {@link #awaitEnd}, because the end sequence cancels the statements and
     * the workers leave their events (a live read then finds none waiting though every one was blocked).
     *
     * @return per worker (in the engine's order) the nano time its event in progress at the cut-off started, 0
     *         for a worker that was not inside an event (or had stopped)
     */
    long[] eventSinceAtEnd() {
        return sinceAtCutOff.clone();
    }

    /** @return workers abandoned inside a statement after the connection was closed (each one cut-off event) */
    int abandoned() {
        return abandoned;
    }
}
