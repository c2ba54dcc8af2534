package io.clusterbench.engine;

import io.clusterbench.metrics.ErrorCounts;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the workers of one run share: the stop and measuring flags, the deadline, the event budget, the
 * open-loop pacing, the fatal error and the per-endpoint error slots.
 *
 * <p>Thread-safe. Workers read the flags and the deadline once per event (volatile loads, no lock); the
 * coordinator sets measuring and the deadline; anyone may stop the run ({@link #requestStop()} from a
 * Ctrl-C hook, {@link #timeUp()} from the first worker that sees the deadline, {@link #fatal} on an error
 * outside {@code --ignore-errors}). The deadline is checked by the workers themselves, as sysbench's threads
 * do, so a coordinator that falls behind can never stretch the measured time.
 *
 * <p>The stop fixes the <em>cut-off</em>: {@link #GRACE_NANOS} after the deadline (or after a Ctrl-C or fatal
 * error). Events in progress at the stop may still complete and count until then; one that completes later is
 * cut off, never counted. So the measured time ends at the cut-off at the latest, however long a starved
 * worker, the end sequence or a collection pause on an overloaded client takes to wind the run down.
 */
final class RunControl {
    /**
     * After the stop, events in flight may complete and count for this long (sysbench lets them finish);
     * with the end sequence's waits it keeps the measured time inside issue 9's bound of max(0.5 s, 1%)
     * past {@code --time}.
     */
    static final long GRACE_NANOS = 100_000_000L;
    private final EnginePlan plan;
    private final Clock clock;
    private final CountDownLatch stopSignal = new CountDownLatch(1);
    private final AtomicReference<FatalError> fatal = new AtomicReference<>();
    private final AtomicLong tickets = new AtomicLong();
    private final AtomicLong budget = new AtomicLong(Long.MAX_VALUE);
    private final long periodNanos;
    private final List<String> endpointLabels;
    private final ErrorCounts[] endpointErrors;
    private volatile String lastUnreachable;
    private volatile boolean stop;
    private volatile boolean interrupted;
    private volatile boolean measuring;
    private volatile long deadlineNanos = Long.MAX_VALUE;
    private volatile long startNanos;
    private volatile long cutOffNanos = Long.MAX_VALUE;

    /**
     * @param plan           what runs (thread count, limits, rate, error policy)
     * @param endpointLabels endpoint labels in target order, then the catch-all slot's label
     * @param clock          the run's clock (the time of a stop)
     */
    RunControl(EnginePlan plan, List<String> endpointLabels, Clock clock) {
        this.plan = plan;
        this.clock = clock;
        this.periodNanos = plan.rateEventsPerSecond() > 0 ? (long) (1e9 / plan.rateEventsPerSecond()) : 0;
        this.endpointLabels = List.copyOf(endpointLabels);
        this.endpointErrors = new ErrorCounts[endpointLabels.size()];
        for (int i = 0; i < endpointErrors.length; i++) {
            endpointErrors[i] = new ErrorCounts();
        }
    }

    // ---- set by the coordinator ----

    /** Pacing origin: open-loop tickets are spaced from here. */
    void started(long nowNanos) {
        startNanos = nowNanos;
    }

    /** @return the pacing origin set by {@link #started} */
    long startedNanos() {
        return startNanos;
    }

    /**
     * Measuring starts now: the event budget is refilled and the deadline set {@code --time} ahead.
     *
     * @param nowNanos the measured start
     */
    void beginMeasuring(long nowNanos) {
        if (plan.events() > 0) {
            budget.set(plan.events());
        }
        long time = plan.time().toNanos();
        deadlineNanos = time > 0 ? nowNanos + time : Long.MAX_VALUE;
        measuring = true;
    }

    /** Ctrl-C: stop now; the run counts as interrupted. Any thread. */
    void requestStop() {
        interrupted = true;
        stopNow();
    }

    /** The deadline passed (seen by a worker or the coordinator); the cut-off counts from the deadline. Any thread. */
    void timeUp() {
        stopNow();
    }

    /**
     * @return the clock time after which a completing event is cut off: {@link #GRACE_NANOS} after the stop
     *         (after the deadline when time ran out); {@link Long#MAX_VALUE} while the run is not stopping
     */
    long cutOffNanos() {
        return cutOffNanos;
    }

    /** @return true when an event that completed at {@code endNanos} is past the cut-off (not counted) */
    boolean pastCutOff(long endNanos) {
        long c = cutOffNanos;
        return c != Long.MAX_VALUE && endNanos - c > 0;
    }

    /** Every worker is done (event limit): nothing more will run. */
    void allDone() {
        stopNow();
    }

    /** Stops the run on an error outside {@code --ignore-errors}; the first one wins. Any thread. */
    void fatal(FatalError error) {
        fatal.compareAndSet(null, error);
        stopNow();
    }

    private void stopNow() {
        synchronized (this) {
            if (cutOffNanos == Long.MAX_VALUE) {
                long now = clock.nanoTime();
                long d = deadlineNanos;
                cutOffNanos = (d != Long.MAX_VALUE && now - d > 0 ? d : now) + GRACE_NANOS;
            }
        }
        stop = true;
        stopSignal.countDown();
    }

    /**
     * Waits until {@code nanos} pass or the run is stopped, whichever comes first.
     *
     * @return true when the run was stopped
     */
    boolean awaitStop(long nanos) {
        if (nanos <= 0) {
            return stop;
        }
        try {
            return stopSignal.await(nanos, TimeUnit.NANOSECONDS) || stop;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            requestStop();
            return true;
        }
    }

    // ---- read by workers and the coordinator ----

    /** @return true once the run must stop: workers start no new event */
    boolean stopping() {
        return stop;
    }

    /** @return true once warmup is over */
    boolean measuring() {
        return measuring;
    }

    /** @return the end of the measured time ({@link System#nanoTime()} scale), or {@link Long#MAX_VALUE} */
    long deadlineNanos() {
        return deadlineNanos;
    }

    /** @return true when a deadline is set and {@code nowNanos} reached it */
    boolean pastDeadline(long nowNanos) {
        long d = deadlineNanos;
        return d != Long.MAX_VALUE && nowNanos - d >= 0;
    }

    /** @return nanoseconds until the deadline (&ge; 0), or {@link Long#MAX_VALUE} without one */
    long nanosLeft(long nowNanos) {
        long d = deadlineNanos;
        return d == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, d - nowNanos);
    }

    /** @return true when the run stopped from outside (Ctrl-C) */
    boolean interrupted() {
        return interrupted;
    }

    /** A reconnect failed to reach its endpoint; {@code line} is {@code CODE/STATE at ENDPOINT: message}. Any thread. */
    void unreachable(String line) {
        lastUnreachable = line;
    }

    /** @return the last failed reconnect's line ({@link #unreachable}), or null */
    String lastUnreachable() {
        return lastUnreachable;
    }

    /** @return the error that stopped the run, or null */
    FatalError fatalError() {
        return fatal.get();
    }

    boolean openLoop() {
        return periodNanos > 0;
    }

    /** @return the intended start of the next open-loop event (one ticket per call) */
    long nextIntendedStart() {
        return startNanos + tickets.getAndIncrement() * periodNanos;
    }

    /** @return open loop: events due at {@code nowNanos} but not yet started; 0 in closed loop */
    long queueLength(long nowNanos) {
        if (periodNanos == 0) {
            return 0;
        }
        long due = (nowNanos - startNanos) / periodNanos + 1;
        return Math.max(0, due - tickets.get());
    }

    long lateThresholdNanos() {
        return EnginePlan.LATE_THRESHOLD.toNanos();
    }

    /** @return false when the measured event limit is used up */
    boolean takeEventBudget() {
        if (plan.events() <= 0) {
            return true;
        }
        return budget.getAndDecrement() > 0;
    }

    ErrorPolicy policy() {
        return plan.errors();
    }

    /** @return {@code --reconnect}: events per worker between forced reconnects, 0 = never */
    long reconnectEveryEvents() {
        return plan.reconnectEveryEvents();
    }

    /** @return the per-endpoint slot of an endpoint label (the last slot for an unknown one) */
    int endpointSlot(String label) {
        int i = endpointLabels.indexOf(label);
        return i < 0 ? endpointLabels.size() - 1 : i;
    }

    /** @return the error counts of one endpoint slot (shared, thread-safe) */
    ErrorCounts endpointErrors(int slot) {
        return endpointErrors[slot];
    }

    /** @return every endpoint slot's error counts, in slot order */
    ErrorCounts[] allEndpointErrors() {
        return endpointErrors;
    }

    /** @return the target's endpoints (without the catch-all slot) */
    int endpointCount() {
        return endpointLabels.size() - 1;
    }
}
