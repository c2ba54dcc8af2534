package io.clusterbench.engine;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.EndpointHub;
import io.clusterbench.metrics.EndpointTotals;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.MetricsHub;
import io.clusterbench.db.DbFailure;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs one workload at one thread count: opens a session per worker (in parallel, not measured), starts them
 * together, discards the warmup, samples every interval, and stops at the time or event limit, on
 * {@link #requestStop()} or on a fatal error.
 *
 * <p>The clock is law: workers check the deadline themselves and a separate clock thread ({@link EndOfRun})
 * stops the run at the deadline and cancels what still runs, so the coordinator (which takes the intervals)
 * can fall behind without stretching the run. Every interval ends at the clock time read when it is taken and
 * its rates are divided by that measured length; how late the coordinator was is reported as reporter lag. The
 * coordinator only snapshots an interval; one writer thread ({@link IntervalWriter}) hands it to the listener,
 * so writing never delays the next sample (its backlog is the run's write lag).
 *
 * <p>{@link #run} is called once, from the coordinator thread; {@link #requestStop()} may be called from
 * any thread (a shutdown hook). Usage:
 * <pre>{@code
 * RunOutcome outcome = new Engine(plan, Clock.SYSTEM).run(workload, listener);
 * }</pre>
 */
public final class Engine {
    /** Label of the per-endpoint slot that collects sessions connected elsewhere than the target's endpoints. */
    public static final String OTHER_ENDPOINT = "other";
    /** How the line of a run whose every endpoint stayed unreachable begins ({@link Unreachable}). */
    static final String UNREACHABLE = "every endpoint unreachable";
    private static final long POLL_NANOS = 50_000_000L;

    private final EnginePlan plan;
    private final Clock clock;
    private final ErrorCounts errors = new ErrorCounts();
    private final RunControl control;
    private final List<String> endpointLabels = new ArrayList<>();
    private final ThreadModel threadModel;
    private EndpointHub endpointHub;
    private MetricsHub metricsHub;
    private long measuredStartNanos;
    private long giveUpNanos;

    /**
     * @param plan  what to run
     * @param clock time source ({@link Clock#SYSTEM} outside tests)
     */
    public Engine(EnginePlan plan, Clock clock) {
        this.plan = plan;
        this.clock = clock;
        this.giveUpNanos = plan.giveUp().toNanos();
        for (var e : plan.target().endpoints()) {
            endpointLabels.add(e.label());
        }
        endpointLabels.add(OTHER_ENDPOINT);
        this.control = new RunControl(plan, endpointLabels, clock);
        this.threadModel = ThreadModel.choose();
    }

    /**
     * Per-endpoint totals of the measured time; call after {@link #run} returned.
     *
     * @return one entry per endpoint of the target, in order (plus {@value #OTHER_ENDPOINT} when used)
     */
    public List<EndpointTotals> endpointTotals() {
        return endpointHub == null ? List.of() : endpointHub.totals(metricsHub.runEventHistogram());
    }

    /**
     * Errors of the measured time by code and where they happened (the same window as the intervals'
     * {@code errorsByCode}); call after {@link #run} returned.
     *
     * @return keys as {@link ErrorCounts#detail()}; read them with {@link ErrorCounts#places}
     */
    public java.util.Map<String, Long> measuredErrorDetail() {
        return metricsHub == null ? java.util.Map.of() : metricsHub.errorDetailSinceDiscard();
    }

    /**
     * Engine tests only: how long every endpoint may stay unreachable before the run stops ({@link Unreachable}).
     *
     * @return this engine
     */
    Engine giveUpAfter(java.time.Duration unreachable) {
        this.giveUpNanos = unreachable.toNanos();
        return this;
    }

    /** @return the run's error counts by vendor code */
    public ErrorCounts errors() {
        return errors;
    }

    /** Asks the run to stop (Ctrl-C): statements still running are cancelled; the last partial interval is sampled. */
    public void requestStop() {
        control.requestStop();
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
        long rampStart = clock.nanoTime();
        List<Session> sessions = SessionRamp.open(workload, plan, listener, control::stopping);
        double connectSeconds = seconds(clock.nanoTime() - rampStart);
        if (sessions == null) { // stopped while opening: nothing started, nothing measured
            return new RunOutcome(stopReason(), 0, control.fatalError(), new long[plan.threads()],
                    new double[plan.threads()], connectSeconds, threadModel.name(), 0, 0);
        }
        MetricsHub hub = new MetricsHub(plan.threads(), classes, errors);
        metricsHub = hub;
        endpointHub = new EndpointHub(endpointLabels, control.allEndpointErrors(), endpointLabels.size() > 2,
                plan.threads());
        List<Worker> workers = new ArrayList<>();
        for (Session s : sessions) {
            workers.add(new Worker(control, s, hub.newWorker(), errors, clock, endpointHub.newWorker()));
        }
        // Workers start parked at a gate that opens when the measured phase starts: started running one after
        // another, 512 platform workers took the starting thread 8 s of wall time (it shared the CPU with the
        // ones already running), the coordinator started after them, and the run's first interval lines were
        // missed (reporter lag 5-7 s at --time 6-8); parked threads start in milliseconds.
        CountDownLatch gate = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            Worker w = workers.get(i);
            threads.add(threadModel.newThread(() -> {
                awaitGate(gate);
                w.run();
            }, "worker-" + i));
        }
        if (!awaitStartAt(listener)) {
            sessions.forEach(Session::close);
            return new RunOutcome(stopReason(), 0, control.fatalError(), new long[plan.threads()],
                    new double[plan.threads()], connectSeconds, threadModel.name(), 0, 0);
        }
        threads.forEach(Thread::start);
        boolean measuring = plan.warmup().isZero();
        EndOfRun end;
        try {
            control.started(clock.nanoTime());
            if (measuring) {
                beginMeasuring(hub, listener);
            }
            end = new EndOfRun(control, clock, workers, plan.target().readTimeoutMillis() * 1_000_000L, giveUpNanos);
        } catch (RuntimeException e) {
            control.requestStop(); // the parked workers must not wait for a gate that never opens
            gate.countDown();
            throw e;
        }
        gate.countDown();
        end.start();
        listener.sessionsOpened(plan.threads(), connectSeconds, threadModel.name());
        Coordinator coordinator = new Coordinator(hub, listener, workers);
        RunOutcome.Reason reason = coordinator.run(measuring, end);
        double measured = control.measuring() ? seconds(coordinator.measuredEndNanos - measuredStartNanos) : 0;
        long[] events = control.measuring() ? hub.perWorker(Counter.EVENTS) : new long[plan.threads()];
        long[] busy = control.measuring() ? hub.perWorker(Counter.BUSY_NANOS) : new long[plan.threads()];
        double[] busySeconds = new double[busy.length];
        for (int i = 0; i < busy.length; i++) {
            busySeconds[i] = busy[i] / 1e9;
        }
        return new RunOutcome(reason, measured, control.fatalError(), events, busySeconds, connectSeconds,
                threadModel.name(), end.abandoned(), coordinator.maxWriteLagSeconds());
    }

    /** Parks a worker thread until the run opens {@code gate}; an interrupt lets it go on at once. */
    private static void awaitGate(CountDownLatch gate) {
        try {
            gate.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits for {@code --start-at} on the wall clock (sessions are open, workers not yet started).
     *
     * @return false when the run was stopped (Ctrl-C) while waiting
     */
    private boolean awaitStartAt(RunListener listener) {
        if (plan.startAtEpochMillis() <= 0) {
            return true;
        }
        java.time.Instant now = java.time.Instant.now();
        long waitNanos = (plan.startAtEpochMillis() - now.toEpochMilli()) * 1_000_000L - now.getNano() % 1_000_000;
        listener.waitingForStart(plan.startAtEpochMillis(), waitNanos / 1e9);
        long until = clock.nanoTime() + Math.max(0, waitNanos);
        while (!control.stopping()) {
            long left = until - clock.nanoTime();
            if (left <= 0) {
                return true;
            }
            control.awaitStop(Math.min(left, POLL_NANOS));
        }
        return false;
    }

    private void beginMeasuring(MetricsHub hub, RunListener listener) {
        hub.discard();
        endpointHub.discard();
        measuredStartNanos = clock.nanoTime();
        control.beginMeasuring(measuredStartNanos);
        listener.measuringStarted();
    }

    /**
     * @return true once the measured phase began (after the connection ramp and any warmup); false before, and
     *         for a run stopped before it; thread-safe
     */
    public boolean measuringBegan() {
        return control.measuring();
    }

    private RunOutcome.Reason stopReason() {
        if (control.fatalError() != null) {
            return RunOutcome.Reason.FATAL_ERROR;
        }
        return control.interrupted() ? RunOutcome.Reason.INTERRUPTED : RunOutcome.Reason.COMPLETED;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /**
     * The interval loop, on the caller's thread: waits for boundaries, snapshots each interval there (its counters
     * and histograms read, its end time fixed) and hands it to the {@link IntervalWriter}, which formats and
     * writes it on its own thread; takes the final interval, then waits until every interval was written.
     */
    private final class Coordinator {
        private final MetricsHub hub;
        private final RunListener listener;
        private final List<Worker> workers;
        private IntervalWriter writer;
        private long measuredEndNanos;

        Coordinator(MetricsHub hub, RunListener listener, List<Worker> workers) {
            this.hub = hub;
            this.listener = listener;
            this.workers = workers;
        }

        /** @return the longest an interval waited for the writer (seconds); call after {@link #run} */
        double maxWriteLagSeconds() {
            return writer == null ? 0 : seconds(writer.maxWriteLagNanos());
        }

        RunOutcome.Reason run(boolean measuring, EndOfRun end) {
            long intervalNanos = plan.sampleInterval().toNanos();
            long lastBoundary = 0;
            long due = Long.MAX_VALUE; // the next boundary of the schedule not yet taken
            try {
                if (!measuring) {
                    if (waitUntil(control.startedNanos() + plan.warmup().toNanos())) {
                        return finish(end, 0, due, intervalNanos);
                    }
                    try {
                        beginMeasuring(hub, listener);
                    } catch (java.io.UncheckedIOException e) {
                        control.fatal(FatalError.output(e.getMessage()));
                        finish(end, 0, due, intervalNanos);
                        return RunOutcome.Reason.OUTPUT_FAILED;
                    }
                }
                // Started after the listener's last call from this thread (measuringStarted): from here on only the
                // writer calls it, so the listener is never called concurrently, and in order.
                // a listener that copies what it keeps gets recycled histograms: written intervals go back to the hub
                writer = listener.copiesHistograms() ? new IntervalWriter(listener, hub::recycle, control, clock)
                        : new IntervalWriter(listener, control, clock);
                lastBoundary = measuredStartNanos;
                long k = 1;
                while (true) {
                    due = measuredStartNanos + k * intervalNanos;
                    if (waitUntil(due)) {
                        break; // stopped (deadline, limit, Ctrl-C, fatal): the final interval is taken below
                    }
                    long now = clock.nanoTime();
                    if (control.pastDeadline(now) || control.stopping()) {
                        break; // the last interval runs to the measured end, taken below
                    }
                    long lag = now - due;
                    sample(lastBoundary, now, lag, (int) (lag / intervalNanos), liveEventSince(), false);
                    lastBoundary = now;
                    k = Math.max(k + 1, (now - measuredStartNanos) / intervalNanos + 1); // late: skip, never fold
                }
                return finish(end, lastBoundary, due, intervalNanos);
            } finally {
                if (writer != null) {
                    writer.drain(); // every interval taken is written before run() returns (Ctrl-C, lost server)
                }
            }
        }

        /**
         * Waits for the end sequence, then takes the final (partial) interval up to the measured end. When the
         * coordinator came back after boundaries of the schedule that fell before the stop (it was stalled across
         * the deadline), the final interval carries its lag (from the first of them) and how many lines it missed.
         *
         * @param due the first boundary not taken, {@link Long#MAX_VALUE} for none
         */
        private RunOutcome.Reason finish(EndOfRun end, long lastBoundary, long due, long intervalNanos) {
            long back = clock.nanoTime(); // when the coordinator got here
            control.timeUp(); // no-op when already stopped; makes sure the clock thread ends
            long stopped = control.cutOffNanos() - RunControl.GRACE_NANOS; // the deadline at the latest
            long endNanos = end.awaitEnd();
            // a stop that came before the measured start (a Ctrl-C as it began) ends a measured time of 0, never
            // a negative one (a tester's Ctrl-C during the connection ramp printed "total time: -1.6914s")
            measuredEndNanos = control.measuring() && endNanos - measuredStartNanos < 0 ? measuredStartNanos : endNanos;
            long lag = 0;
            int missed = 0;
            if (due != Long.MAX_VALUE && stopped - due > 0) {
                lag = back - due;
                missed = (int) ((stopped - due - 1) / intervalNanos) + 1;
            }
            if (control.measuring() && measuredEndNanos - lastBoundary <= 0 && hub.movedSinceLastSample()) {
                // events committed after the last sample read the counters, with no clock time passing since (a
                // clock that stands still): they get a final interval of 1 ns, never lost from the totals
                measuredEndNanos = lastBoundary + 1;
            }
            if (writer != null && control.measuring() && measuredEndNanos - lastBoundary > 0) {
                // Always sampled: events in flight at the limit finish now and belong to the totals.
                sample(lastBoundary, measuredEndNanos, lag, missed, end.eventSinceAtEnd(), true);
            }
            if (writer != null) {
                writer.drain();
                if (writer.failed()) {
                    return RunOutcome.Reason.OUTPUT_FAILED;
                }
            }
            return stopReason();
        }

        /** @return per worker the nano time its event in progress started, 0 for none, read now */
        private long[] liveEventSince() {
            long[] since = new long[workers.size()];
            for (int i = 0; i < since.length; i++) {
                since[i] = workers.get(i).eventSinceNanos();
            }
            return since;
        }

        /**
         * Snapshots one interval and queues it for the writer; never waits for the writing.
         *
         * @param lagNanos how much later than its boundary of the schedule the interval was taken
         * @param missed   report lines of the schedule that were due but not printed, whose time this interval covers
         * @param eventSince per worker the start of its event in progress at {@code toNanos}, 0 for none
         * @param last       true for the final interval, up to the measured end
         */
        private void sample(long fromNanos, long toNanos, long lagNanos, int missed, long[] eventSince, boolean last) {
            int whole = 0; // inside one event for the whole interval
            int inEvent = 0;
            long longest = 0;
            for (long since : eventSince) {
                if (since != 0) {
                    inEvent++;
                    longest = Math.max(longest, toNanos - since);
                    if (since - fromNanos < 0) {
                        whole++;
                    }
                }
            }
            IntervalSample s = hub.sample(seconds(fromNanos - measuredStartNanos), seconds(toNanos - measuredStartNanos),
                    control.queueLength(toNanos), inEvent, seconds(Math.max(0, lagNanos)), missed, whole,
                    seconds(longest));
            if (s.count(Counter.EVENTS) == 0 && inEvent != whole) {
                // No event completed: every worker inside one is waiting, also those whose event began in this
                // interval (the first interval of a stall: statements ran, no event finished).
                s = s.withWaiting(inEvent);
            }
            writer.submit(s, clock.nanoTime(), last); // the final interval is taken after the end sequence, not at toNanos
        }

        /** @return true when the run stopped before {@code deadlineNanos} */
        private boolean waitUntil(long deadlineNanos) {
            while (!control.stopping()) {
                long left = deadlineNanos - clock.nanoTime();
                if (left <= 0) {
                    return false;
                }
                control.awaitStop(Math.min(left, POLL_NANOS));
            }
            return true;
        }
    }
}
