package io.clusterbench.engine;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.EndpointHub;
import io.clusterbench.metrics.EndpointMetrics;
import io.clusterbench.metrics.EndpointTotals;
import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.metrics.MetricsHub;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.db.DbFailure;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.Workload;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one workload at one thread count: opens a session per worker, starts them together, discards the
 * warmup, samples every interval, and stops at the time or event limit, on {@link #requestStop()} or on a
 * fatal error.
 *
 * <p>{@link #run} is called once, from the coordinator thread; {@link #requestStop()} may be called from
 * any thread (a shutdown hook). Usage:
 * <pre>{@code
 * RunOutcome outcome = new Engine(plan, Clock.SYSTEM).run(workload, listener);
 * }</pre>
 */
public final class Engine {
    private final EnginePlan plan;
    private final Clock clock;
    private final ErrorCounts errors = new ErrorCounts();
    private final CountDownLatch stopSignal = new CountDownLatch(1);
    private final AtomicReference<String> fatal = new AtomicReference<>();
    private final AtomicLong tickets = new AtomicLong();
    private final AtomicLong budget = new AtomicLong(Long.MAX_VALUE);
    private final long periodNanos;
    private volatile boolean stop;
    private volatile boolean interrupted;
    private volatile boolean measuring;
    private volatile long startNanos;
    private final List<String> endpointLabels = new ArrayList<>();
    private final ErrorCounts[] endpointErrors;
    private EndpointHub endpointHub;

    /**
     * @param plan  what to run
     * @param clock time source ({@link Clock#SYSTEM} outside tests)
     */
    public Engine(EnginePlan plan, Clock clock) {
        this.plan = plan;
        this.clock = clock;
        this.periodNanos = plan.rateEventsPerSecond() > 0 ? (long) (1e9 / plan.rateEventsPerSecond()) : 0;
        for (var e : plan.target().endpoints()) {
            endpointLabels.add(e.label());
        }
        endpointLabels.add(OTHER_ENDPOINT);
        this.endpointErrors = new ErrorCounts[endpointLabels.size()];
        for (int i = 0; i < endpointErrors.length; i++) {
            endpointErrors[i] = new ErrorCounts();
        }
    }

    /** Label of the per-endpoint slot that collects sessions connected elsewhere than the target's endpoints. */
    public static final String OTHER_ENDPOINT = "other";

    /**
     * Per-endpoint totals of the measured time; call after {@link #run} returned.
     *
     * @return one entry per endpoint of the target, in order (plus {@value #OTHER_ENDPOINT} when used)
     */
    public List<EndpointTotals> endpointTotals() {
        return endpointHub == null ? List.of() : endpointHub.totals();
    }

    /** @return the run's error counts by vendor code */
    public ErrorCounts errors() {
        return errors;
    }

    /** Asks the run to stop (Ctrl-C); in-flight events finish, the last partial interval is sampled. */
    public void requestStop() {
        interrupted = true;
        stop = true;
        stopSignal.countDown();
    }

    /**
     * Runs the plan.
     *
     * @param workload initialised workload
     * @param listener receives each interval
     * @return how the run ended, with the measured time
     * @throws DbFailure when a worker cannot open its session at start (nothing was measured)
     */
    public RunOutcome run(Workload workload, RunListener listener) throws DbFailure {
        int classes = workload.statementClasses().size();
        List<Worker> workers = openWorkers(workload, classes);
        List<WorkerMetrics> metrics = new ArrayList<>();
        workers.forEach(w -> metrics.add(w.metrics()));
        MetricsHub hub = new MetricsHub(metrics, errors, classes);
        List<EndpointMetrics> perEndpoint = new ArrayList<>();
        workers.forEach(w -> perEndpoint.add(w.endpointMetrics()));
        endpointHub = new EndpointHub(endpointLabels, perEndpoint, endpointErrors);
        List<Thread> threads = new ArrayList<>();
        startNanos = clock.nanoTime();
        for (int i = 0; i < workers.size(); i++) {
            Thread t = new Thread(workers.get(i), "worker-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        if (plan.warmup().isZero()) {
            beginMeasuring(hub, listener);
        }
        threads.forEach(Thread::start);
        RunOutcome.Reason reason = coordinate(hub, listener, threads);
        return finish(hub, reason);
    }

    private List<Worker> openWorkers(Workload workload, int classes) throws DbFailure {
        List<Worker> workers = new ArrayList<>();
        try {
            for (int i = 0; i < plan.threads(); i++) {
                SessionContext ctx = new SessionContext(i, plan.target(), SessionContext.randomFor(plan.seed(), i));
                Session session = workload.openSession(ctx);
                workers.add(new Worker(this, session, new WorkerMetrics(classes), errors, clock,
                        new EndpointMetrics(endpointLabels.size())));
            }
        } catch (DbFailure | RuntimeException e) {
            workers.forEach(Worker::closeSession);
            throw e;
        }
        return workers;
    }

    private RunOutcome.Reason coordinate(MetricsHub hub, RunListener listener, List<Thread> threads) {
        long warmupEnd = startNanos + plan.warmup().toNanos();
        long intervalNanos = plan.sampleInterval().toNanos();
        long timeNanos = plan.time().toNanos();
        RunOutcome.Reason reason = RunOutcome.Reason.COMPLETED;
        try {
            if (!measuring) {
                waitUntil(warmupEnd, threads);
                if (stop) {
                    return stopReason();
                }
                beginMeasuring(hub, listener);
            }
            long measuredStart = measuredStartNanos;
            long end = timeNanos > 0 ? measuredStart + timeNanos : Long.MAX_VALUE;
            long lastBoundary = measuredStart;
            while (true) {
                long next = Math.min(lastBoundary + intervalNanos, end);
                waitUntil(next, threads);
                long now = clock.nanoTime();
                if (stop || now < next) {
                    break; // stopped early: the final partial interval is sampled in finish()
                }
                listener.interval(hub.sample(seconds(lastBoundary - measuredStart), seconds(next - measuredStart),
                        queueLength(now)));
                lastSampleEnd = next;
                lastBoundary = next;
                if (next >= end) {
                    break;
                }
            }
            reason = stopReason();
        } catch (UncheckedIOException e) {
            fatal.compareAndSet(null, "cannot write results: " + e.getMessage());
            reason = RunOutcome.Reason.OUTPUT_FAILED;
        }
        queueAtStop = queueLength(clock.nanoTime());
        stop = true;
        stopSignal.countDown();
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long now = clock.nanoTime();
        // Always sampled: events in flight at the limit finish now and belong to the totals.
        if (measuring && reason != RunOutcome.Reason.OUTPUT_FAILED && now > lastSampleEnd) {
            try {
                listener.interval(hub.sample(seconds(lastSampleEnd - measuredStartNanos),
                        seconds(now - measuredStartNanos), queueAtStop));
            } catch (UncheckedIOException e) {
                fatal.compareAndSet(null, "cannot write results: " + e.getMessage());
                reason = RunOutcome.Reason.OUTPUT_FAILED;
            }
        }
        measuredEndNanos = now;
        return reason == RunOutcome.Reason.COMPLETED ? stopReason() : reason;
    }

    private volatile long measuredStartNanos;
    private long lastSampleEnd;
    private long queueAtStop;
    private long measuredEndNanos;

    private void beginMeasuring(MetricsHub hub, RunListener listener) {
        hub.discard();
        endpointHub.discard();
        measuredStartNanos = clock.nanoTime();
        lastSampleEnd = measuredStartNanos;
        if (plan.events() > 0) {
            budget.set(plan.events());
        }
        measuring = true;
        listener.measuringStarted();
    }

    private RunOutcome.Reason stopReason() {
        if (fatal.get() != null) {
            return RunOutcome.Reason.FATAL_ERROR;
        }
        return interrupted ? RunOutcome.Reason.INTERRUPTED : RunOutcome.Reason.COMPLETED;
    }

    private RunOutcome finish(MetricsHub hub, RunOutcome.Reason reason) {
        long[] events = measuring ? hub.perWorker(Counter.EVENTS) : new long[plan.threads()];
        long[] busy = measuring ? hub.perWorker(Counter.BUSY_NANOS) : new long[plan.threads()];
        double[] busySeconds = new double[busy.length];
        for (int i = 0; i < busy.length; i++) {
            busySeconds[i] = busy[i] / 1e9;
        }
        double measured = measuring ? seconds(measuredEndNanos - measuredStartNanos) : 0;
        return new RunOutcome(reason, measured, fatal.get(), events, busySeconds);
    }

    private void waitUntil(long deadline, List<Thread> threads) {
        while (!stop) {
            long left = deadline - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                if (stopSignal.await(Math.min(left, 50_000_000L), TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                requestStop();
                return;
            }
            if (threads.stream().noneMatch(Thread::isAlive)) {
                stop = true; // every worker finished (event limit reached)
                return;
            }
        }
    }

    private long queueLength(long now) {
        if (periodNanos == 0) {
            return 0;
        }
        long due = (now - startNanos) / periodNanos + 1;
        return Math.max(0, due - tickets.get());
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    // ---- called by workers ----

    boolean stopping() {
        return stop;
    }

    boolean measuring() {
        return measuring;
    }

    boolean openLoop() {
        return periodNanos > 0;
    }

    long nextIntendedStart() {
        return startNanos + tickets.getAndIncrement() * periodNanos;
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

    /** @return the per-endpoint slot of an endpoint label (the last slot for an unknown one) */
    int endpointSlot(String label) {
        int i = endpointLabels.indexOf(label);
        return i < 0 ? endpointLabels.size() - 1 : i;
    }

    ErrorCounts endpointErrors(int slot) {
        return endpointErrors[slot];
    }

    int endpointCount() {
        return plan.target().endpoints().size();
    }

    void fatal(String message) {
        fatal.compareAndSet(null, message);
        stop = true;
        stopSignal.countDown();
    }
}
