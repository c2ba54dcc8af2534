package io.clusterbench.engine;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.EndpointMetrics;
import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.VendorCodes;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.StatementRecorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker thread's loop: take the next event (paced in open loop), run it, restart it after ignored
 * errors or a reconnect, and record its latency. The worker checks the deadline itself before every event
 * and every restart: nothing it does outlives the run's clock. A statement that fails once the run is
 * stopping (cancelled at the deadline or on Ctrl-C) is counted as cut off, not as an error.
 *
 * <p>Confined to its own thread except {@link #eventSinceNanos()}, which the coordinator reads (its metrics it
 * reads through the hubs), {@link #waitingSinceNanos()}, which the clock thread reads to keep the read timeout,
 * and {@link #cancel()}/{@link #abort()}, which a canceller thread calls at the end (abort also on a read timeout). The
 * loop does not allocate or lock per event (the JDBC driver beneath the session does allocate).
 */
final class Worker implements Runnable, StatementRecorder {
    private static final long MAX_BACKOFF_NANOS = 1_000_000_000L;
    private static final VarHandle SINCE;
    private static final VarHandle WAITING;
    private static final VarHandle UNREACHABLE;
    private static final VarHandle ANSWERED;

    static {
        try {
            SINCE = MethodHandles.lookup().findVarHandle(Worker.class, "eventSince", long.class);
            WAITING = MethodHandles.lookup().findVarHandle(Worker.class, "waitingSince", long.class);
            UNREACHABLE = MethodHandles.lookup().findVarHandle(Worker.class, "unreachableSince", long.class);
            ANSWERED = MethodHandles.lookup().findVarHandle(Worker.class, "answered", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RunControl control;
    private final Session session;
    private final WorkerMetrics metrics;
    private final ErrorCounts errors;
    private final Clock clock;
    /** True while the current event started in the measured time (after warmup); worker thread only. */
    private boolean recording;
    private final EndpointMetrics endpoints;
    /** The statements of the event in progress, added to the counters once the event counts. */
    private final PendingStatements pending = new PendingStatements();
    /** The endpoint slot of the worker's connection; written by the worker at a reconnect, read by the clock thread. */
    private volatile int slot;
    /** Start of the event in progress (clock nanos), 0 between events; written opaque, read by the coordinator. */
    @SuppressWarnings("unused")
    private long eventSince;
    /**
     * When the worker last heard from its server or started a round trip (clock nanos): the event's start, each
     * statement's start and end, a reconnect's start; 0 outside events and reconnects. Written opaque by the
     * worker, read by {@link StuckStatements}: a worker whose value is older than the read timeout waits on a
     * server that stopped answering.
     */
    @SuppressWarnings("unused")
    private long waitingSince;
    /**
     * When a reconnect of this worker first failed to reach any endpoint since it last had a connection (clock
     * nanos), 0 while it has one; written opaque by the worker, read by {@link Unreachable} on the clock thread.
     */
    @SuppressWarnings("unused")
    private long unreachableSince;
    /**
     * When the worker's server last answered it (clock nanos): a statement's reply, a connection opened; 0 before
     * the first. Written opaque by the worker, read by {@link EndOfRun} to tell a server that stopped answering from
     * one running a long statement.
     */
    @SuppressWarnings("unused")
    private long answered;
    /** Set by the worker thread when it leaves its loop. */
    private volatile boolean done;

    Worker(RunControl control, Session session, WorkerMetrics metrics, ErrorCounts errors, Clock clock,
           EndpointMetrics endpoints) {
        this.control = control;
        this.session = session;
        this.metrics = metrics;
        this.errors = errors;
        this.clock = clock;
        this.endpoints = endpoints;
        this.slot = control.endpointSlot(session.endpointLabel());
        ANSWERED.setOpaque(this, clock.nanoTime()); // its connection was just opened
    }

    void closeSession() {
        session.close();
    }

    /** @return the start of the event in progress (clock nanos), or 0 between events; any thread */
    long eventSinceNanos() {
        return (long) SINCE.getOpaque(this);
    }

    /** @return when the worker last heard from its server inside an event or reconnect (clock nanos), 0 outside */
    long waitingSinceNanos() {
        return (long) WAITING.getOpaque(this);
    }

    /** @return since when (clock nanos) the worker's reconnects have failed to reach an endpoint, 0 when connected */
    long unreachableSinceNanos() {
        return (long) UNREACHABLE.getOpaque(this);
    }

    /** @return when its server last answered it (clock nanos), 0 before the first answer; any thread */
    long answeredNanos() {
        return (long) ANSWERED.getOpaque(this);
    }

    /** @return the endpoint slot of its connection ({@link RunControl#endpointSlot}); any thread */
    int endpointSlot() {
        return slot;
    }

    /** @return true once the worker left its loop; any thread */
    boolean done() {
        return done;
    }

    /** Cancels the statement in progress (KILL QUERY on a side connection); canceller thread. */
    void cancel() {
        session.cancel();
    }

    /** Closes the connection under the statement in progress; canceller thread. */
    void abort() {
        session.abort();
    }

    @Override
    public void run() {
        try {
            loop();
        } finally {
            SINCE.setOpaque(this, 0L);
            WAITING.setOpaque(this, 0L);
            done = true;
            session.close();
        }
    }

    private void loop() {
        boolean open = control.openLoop();
        while (!control.stopping() && event(open)) {
            // one event per call: see event()
        }
    }

    /**
     * Takes, runs and records one event. A method of its own, not the body of {@link #loop}: the JIT compiles a
     * method once it has been called often enough and every thread then calls the compiled code, while a loop
     * that never returns is replaced by compiled code (on-stack replacement) only in the thread that happens to
     * cross the loop counter's threshold; with 256 workers most of them ran the whole measured phase in an
     * interpreted loop (a fifth of the workers' CPU samples had an interpreted frame; docs/metrics.md, "Thread
     * model").
     *
     * @param open open loop (paced) rather than closed
     * @return false when the worker must leave its loop (stopping, deadline, budget, cut off, failed reconnect)
     */
    private boolean event(boolean open) {
        long intended = 0;
        if (open) {
            intended = control.nextIntendedStart();
            long now = clock.nanoTime();
            if (!clock.parkUntil(now + Math.min(intended - now, control.nanosLeft(now))) || control.stopping()) {
                return false;
            }
        }
        recording = control.measuring();
        long actualStart = clock.nanoTime();
        if (control.pastDeadline(actualStart)) {
            control.timeUp();
            return false;
        }
        if (recording && !control.takeEventBudget()) {
            return false;
        }
        SINCE.setOpaque(this, actualStart);
        WAITING.setOpaque(this, actualStart);
        long start = open ? intended : actualStart;
        if (recording && open && actualStart - intended > control.lateThresholdNanos()) {
            metrics.add(Counter.LATE, 1);
        }
        int restarts = runEvent();
        SINCE.setOpaque(this, 0L);
        WAITING.setOpaque(this, 0L);
        if (restarts < 0) {
            pending.clear(); // cut off (counted in runEvent) or stopped by a fatal error
            return false;
        }
        long end = clock.nanoTime();
        if (recording && control.pastCutOff(end)) {
            cutOff(); // completed after the measured time ended: not counted
            session.settled(false);
            return false;
        }
        if (!recording) {
            pending.clear();
            session.settled(false);
            return forcedReconnect(); // started during warmup: neither counted nor timed
        }
        pending.commit(metrics, endpoints);
        session.settled(true);
        metrics.recordEventMicros((end - start) / 1000);
        endpoints.event(slot, (end - start) / 1000);
        metrics.add(Counter.EVENTS, 1);
        metrics.add(Counter.BUSY_NANOS, end - actualStart);
        if (restarts > 0) {
            metrics.add(Counter.EVENTS_RETRIED, 1);
        }
        return forcedReconnect();
    }

    /** Events of this worker since its last forced reconnect; worker thread only. */
    private long sinceReconnect;

    /**
     * sysbench's {@code --reconnect=N}: after every N-th event of this worker (warmup included, as sysbench
     * counts per thread), close and reopen the connection, outside any event's latency; counted as a reconnect.
     *
     * @return false when the run stopped while reconnecting
     */
    private boolean forcedReconnect() {
        long every = control.reconnectEveryEvents();
        if (every <= 0 || ++sinceReconnect < every) {
            return true;
        }
        sinceReconnect = 0;
        return reconnect(0);
    }

    /** @return restarts the event needed, or -1 when the run stopped before it completed */
    private int runEvent() {
        int restarts = 0;
        while (true) {
            try {
                session.event(this);
                return restarts;
            } catch (DbFailure f) {
                if (pastTheClock()) {
                    cutOff(); // cancelled or abandoned at the deadline or Ctrl-C: not an error
                    return -1;
                }
                metrics.add(Counter.ERRORS, 1);
                errors.count(f.countKey(), session.failedStatementClass(), session.failedEventClass());
                endpoints.error(slot);
                control.endpointErrors(slot).count(f.countKey());
                if (!recover(f)) {
                    if (control.stopping() && control.fatalError() == null) {
                        cutOff(); // its restart's reconnect was ended by the stop: cut off, as at the deadline
                    } else {
                        session.settled(false);
                    }
                    return -1;
                }
                if (pastTheClock()) {
                    cutOff(); // an ignored error must not outlive the clock
                    return -1;
                }
                restarts++;
                metrics.add(Counter.RETRIES, 1);
            }
        }
    }

    /**
     * Counts the event in progress once as cut off, with its statements, when it started in the measured time;
     * tells the session it did not count.
     */
    private void cutOff() {
        if (recording) {
            metrics.add(Counter.CUT_OFF, 1);
            pending.discard(metrics);
        } else {
            pending.clear();
        }
        session.settled(false);
    }

    /** @return true when the run is stopping or its deadline passed (then it stops the run) */
    private boolean pastTheClock() {
        if (control.stopping()) {
            return true;
        }
        if (control.pastDeadline(clock.nanoTime())) {
            control.timeUp();
            return true;
        }
        return false;
    }

    /** @return true when the event may be restarted */
    private boolean recover(DbFailure f) {
        switch (f.kind()) {
            case CONNECTION:
                return reconnect(0);
            case NODE_NOT_READY:
                metrics.add(Counter.REROUTES, 1);
                return reconnect(control.endpointCount() > 1 ? 1 : 0);
            default:
                if (control.policy().ignores(f.vendorCode())) {
                    return true;
                }
                control.fatal(FatalError.statement(f.vendorCode(), f.sqlState(), session.endpointLabel(),
                        f.getMessage()));
                return false;
        }
    }

    /**
     * Reconnects with backoff. The first attempt moves {@code shift} endpoints along; when it fails to connect
     * and the target has several endpoints, every further attempt moves one endpoint along, so a worker whose
     * node died (or keeps refusing) fails over to the next node instead of waiting for it.
     */
    private boolean reconnect(int shift) {
        long backoff = 1_000_000L;
        int next = shift;
        while (!control.stopping()) {
            try {
                WAITING.setOpaque(this, clock.nanoTime());
                session.reconnect(next);
                WAITING.setOpaque(this, 0L);
                ANSWERED.setOpaque(this, clock.nanoTime());
                UNREACHABLE.setOpaque(this, 0L);
                slot = control.endpointSlot(session.endpointLabel());
                metrics.add(Counter.RECONNECTS, 1);
                return true;
            } catch (DbFailure again) {
                WAITING.setOpaque(this, 0L);
                if (pastTheClock()) {
                    return false; // closed under it by the end sequence (or the deadline passed): not an error
                }
                metrics.add(Counter.ERRORS, 1);
                errors.count(again.vendorCode(), again.sqlState());
                int tried = control.endpointSlot(session.endpointLabel()); // the endpoint this attempt went to
                endpoints.error(tried);
                control.endpointErrors(tried).count(again.countKey());
                if (again.vendorCode() == VendorCodes.ACCESS_DENIED || again.vendorCode() == VendorCodes.UNKNOWN_DATABASE) {
                    control.fatal(FatalError.reconnect(again.vendorCode(), session.endpointLabel(), again.getMessage()));
                    return false;
                }
                if (again.kind() == DbFailure.Kind.CONNECTION) {
                    if ((long) UNREACHABLE.getOpaque(this) == 0) {
                        UNREACHABLE.setOpaque(this, clock.nanoTime());
                    }
                    control.unreachable(again.countKey() + " at " + session.endpointLabel() + ": " + again.getMessage());
                } else {
                    UNREACHABLE.setOpaque(this, 0L); // an endpoint answered (1047, a statement error): not gone
                }
                if (control.endpointCount() > 1 && again.kind() != DbFailure.Kind.STATEMENT) {
                    next = 1;
                }
                long now = clock.nanoTime();
                long wake = now + Math.min(backoff, control.nanosLeft(now));
                if (!clock.parkUntil(wake) || pastTheClock()) {
                    return false;
                }
                backoff = Math.min(MAX_BACKOFF_NANOS, backoff * 2);
            }
        }
        return false;
    }

    // ---- StatementRecorder, called by the session on this thread ----

    @Override
    public long start() {
        long now = clock.nanoTime();
        WAITING.setOpaque(this, now);
        return now;
    }

    @Override
    public void record(int classId, int sysbenchClass, int outcome, long startToken) {
        long now = clock.nanoTime();
        WAITING.setOpaque(this, now);
        ANSWERED.setOpaque(this, now);
        if (recording) {
            pending.statement(classId, sysbenchClass, outcome, slot, (now - startToken) / 1000);
        }
    }

    @Override
    public void rows(int classId, long rows) {
        if (recording) {
            pending.rows(classId, rows);
        }
    }
}
