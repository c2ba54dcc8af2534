package io.clusterbench.engine;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.EndpointMetrics;
import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.VendorCodes;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.StatementRecorder;

/**
 * One worker thread's loop: take the next event (paced in open loop), run it, restart it after ignored
 * errors or a reconnect, and record its latency.
 *
 * <p>Confined to its own thread except {@link #metrics()}, which the reporter reads. The loop does not
 * allocate or lock per event (the JDBC driver beneath the session does allocate).
 */
final class Worker implements Runnable, StatementRecorder {
    private static final long MAX_BACKOFF_NANOS = 1_000_000_000L;
    private final Engine engine;
    private final Session session;
    private final WorkerMetrics metrics;
    private final ErrorCounts errors;
    private final Clock clock;
    /** True while the current event started in the measured time (after warmup); worker thread only. */
    private boolean recording;
    private final EndpointMetrics endpoints;
    private int slot;

    Worker(Engine engine, Session session, WorkerMetrics metrics, ErrorCounts errors, Clock clock,
           EndpointMetrics endpoints) {
        this.engine = engine;
        this.session = session;
        this.metrics = metrics;
        this.errors = errors;
        this.clock = clock;
        this.endpoints = endpoints;
        this.slot = engine.endpointSlot(session.endpointLabel());
    }

    EndpointMetrics endpointMetrics() {
        return endpoints;
    }

    void closeSession() {
        session.close();
    }

    WorkerMetrics metrics() {
        return metrics;
    }

    @Override
    public void run() {
        try {
            loop();
        } finally {
            session.close();
        }
    }

    private void loop() {
        boolean open = engine.openLoop();
        while (!engine.stopping()) {
            long intended = 0;
            if (open) {
                intended = engine.nextIntendedStart();
                if (!clock.parkUntil(intended) || engine.stopping()) {
                    return;
                }
            }
            recording = engine.measuring();
            if (recording && !engine.takeEventBudget()) {
                return;
            }
            long actualStart = clock.nanoTime();
            long start = open ? intended : actualStart;
            if (recording && open && actualStart - intended > engine.lateThresholdNanos()) {
                metrics.add(Counter.LATE, 1);
            }
            int restarts = runEvent();
            if (restarts < 0) {
                return;
            }
            if (!recording) {
                continue; // started during warmup: neither counted nor timed
            }
            long end = clock.nanoTime();
            metrics.recordEventMicros((end - start) / 1000);
            endpoints.event(slot, (end - start) / 1000);
            metrics.add(Counter.EVENTS, 1);
            metrics.add(Counter.BUSY_NANOS, end - actualStart);
            if (restarts > 0) {
                metrics.add(Counter.EVENTS_RETRIED, 1);
            }
        }
    }

    /** @return restarts the event needed, or -1 when the run stopped before it completed */
    private int runEvent() {
        int restarts = 0;
        while (true) {
            try {
                session.event(this);
                return restarts;
            } catch (DbFailure f) {
                metrics.add(Counter.ERRORS, 1);
                errors.count(f.vendorCode(), f.sqlState());
                endpoints.error(slot);
                engine.endpointErrors(slot).count(f.vendorCode(), f.sqlState());
                if (!recover(f)) {
                    return -1;
                }
                restarts++;
                metrics.add(Counter.RETRIES, 1);
            }
        }
    }

    /** @return true when the event may be restarted */
    private boolean recover(DbFailure f) {
        switch (f.kind()) {
            case CONNECTION:
                return reconnect(0);
            case NODE_NOT_READY:
                metrics.add(Counter.REROUTES, 1);
                return reconnect(engine.endpointCount() > 1 ? 1 : 0);
            default:
                if (engine.policy().ignores(f.vendorCode())) {
                    return true;
                }
                engine.fatal(f.vendorCode() + (f.sqlState().isEmpty() ? "" : "/" + f.sqlState()) + ": "
                        + f.getMessage());
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
        while (!engine.stopping()) {
            try {
                session.reconnect(next);
                slot = engine.endpointSlot(session.endpointLabel());
                metrics.add(Counter.RECONNECTS, 1);
                return true;
            } catch (DbFailure again) {
                metrics.add(Counter.ERRORS, 1);
                errors.count(again.vendorCode(), again.sqlState());
                if (again.vendorCode() == VendorCodes.ACCESS_DENIED || again.vendorCode() == VendorCodes.UNKNOWN_DATABASE) {
                    engine.fatal("reconnect failed: " + again.vendorCode() + ": " + again.getMessage());
                    return false;
                }
                if (engine.endpointCount() > 1 && again.kind() != DbFailure.Kind.STATEMENT) {
                    next = 1;
                }
                if (!clock.parkUntil(clock.nanoTime() + backoff)) {
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
        return clock.nanoTime();
    }

    @Override
    public void record(int classId, int sysbenchClass, int outcome, long startToken) {
        if (!recording) {
            return;
        }
        metrics.recordStatementMicros(classId, (clock.nanoTime() - startToken) / 1000);
        metrics.add(Counter.READS + sysbenchClass, 1);
        metrics.add(Counter.classCount(classId), 1);
        if (outcome != NO_TARGET) {
            metrics.add(outcome == HIT ? Counter.classHits(classId) : Counter.classMisses(classId), 1);
            endpoints.outcome(slot, outcome == HIT);
        }
    }

    @Override
    public void rows(int classId, long rows) {
        if (recording) {
            metrics.add(Counter.classRows(classId), rows);
        }
    }
}
