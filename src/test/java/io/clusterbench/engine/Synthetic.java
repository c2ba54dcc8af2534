package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A workload without SQL for engine tests: two statements per event, a hit on class 0 and a miss on class 1;
 * it fails when {@code failAt} says so, and can block, take long, or run a hook between its two statements.
 * Thread-safe (one session per worker).
 */
final class Synthetic extends io.clusterbench.workload.TablelessWorkload {
    @Override
    public String name() {
        return "synthetic";
    }

    private final IntFunction<DbFailure> failAt;
    private final AtomicInteger calls = new AtomicInteger();
    final AtomicInteger shifts = new AtomicInteger();
    /**
     * From this call on, events block until the session is cancelled (a lock wait) or its connection closed; 0 for
     * never.
     */
    volatile int blockFromCall;
    /** This call alone blocks until its session is cancelled or its connection closed (one lock wait); 0 for never. */
    volatile int lockWaitAtCall;
    /**
     * From this call on every event blocks until its session is aborted, ignoring a cancel, as reads on a server that
     * stopped answering (SIGSTOP) do; 0 for never.
     */
    volatile int silentFromCall;
    /** Sessions cancelled so far (each a side connection on a real server). */
    final AtomicInteger cancels = new AtomicInteger();
    /**
     * This call blocks until the session is aborted, ignoring a cancel, as a read on a node that stopped answering
     * does; it then fails as a lost connection (2013). 0 for never.
     */
    volatile int silentAtCall;
    /**
     * From this call on the server is gone: events fail as a lost connection (2013) and reconnects fail to connect
     * (2003), except, with {@link #failoverWorks}, a reconnect that moves to the next endpoint. 0 for never.
     */
    volatile int deadFromCall;
    /** A reconnect to the next endpoint reaches a live node once the server is gone. */
    volatile boolean failoverWorks;
    /**
     * Sessions name the target's endpoint they route to ({@code Target.route}, moved along by each reconnect's
     * shift, as a JDBC session does, failed attempts included) instead of {@code synthetic}.
     */
    volatile boolean routed;
    /** Sessions aborted so far. */
    final AtomicInteger aborts = new AtomicInteger();
    /** Events started by a session after it was aborted (and reconnected). */
    final AtomicInteger eventsAfterAbort = new AtomicInteger();
    /** Every event takes this long (ms) and ignores a cancel, as a worker starved of CPU would; 0 for none. */
    volatile long slowMillis;
    /**
     * From this call on, events block after their first statement returned until the session is cancelled (a
     * transaction whose second statement waits on a lock); 0 for never.
     */
    volatile int blockBetweenFromCall;
    /** Runs on the worker's thread between the event's two statements, with the call number; may block. */
    volatile IntFunction<Void> between = call -> null;

    Synthetic(IntFunction<DbFailure> failAt) {
        this.failAt = failAt;
    }

    static DbFailure failure(int code, String state) {
        return SqlErrors.classify(new SQLException("synthetic", state, code));
    }

    @Override
    public List<String> statementClasses() {
        return List.of("found", "missing");
    }

    /** Sessions opened so far (returned by {@link #openSession}). */
    final AtomicInteger opened = new AtomicInteger();
    /** Sessions closed so far. */
    final AtomicInteger closed = new AtomicInteger();
    /** From this session on (1-based), opening blocks until interrupted, as a connect to a stalled server; 0 never. */
    volatile int openBlocksFrom;

    @Override
    public Session openSession(SessionContext context) {
        int n = opened.incrementAndGet();
        if (openBlocksFrom > 0 && n >= openBlocksFrom) {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("opening interrupted");
            }
        }
        return new Session() {
            /** Counted down by a cancel or an abort: what a blocked lock wait returns on. */
            private final CountDownLatch cancelled = new CountDownLatch(1);
            private final CountDownLatch aborted = new CountDownLatch(1);
            private volatile boolean failedOver;
            private volatile int reroutes;

            private boolean gone() {
                int dead = deadFromCall;
                return dead > 0 && calls.get() >= dead && !failedOver;
            }

            @Override
            public void event(StatementRecorder r) throws DbFailure {
                int call = calls.incrementAndGet();
                if (gone()) {
                    throw failure(2013, "HY000"); // lost connection to server during query
                }
                if (aborted.getCount() == 0) {
                    eventsAfterAbort.incrementAndGet();
                }
                if (call == silentAtCall || silentFromCall > 0 && call >= silentFromCall) {
                    try {
                        aborted.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw failure(2013, "HY000"); // lost connection to server during query
                }
                DbFailure f = failAt.apply(call);
                if (f != null) {
                    throw f;
                }
                if (blockFromCall > 0 && call >= blockFromCall || call == lockWaitAtCall) {
                    try {
                        cancelled.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw failure(1317, "70100"); // query execution was interrupted
                }
                if (slowMillis > 0) {
                    sleep(slowMillis);
                }
                r.record(0, StatementRecorder.READ, StatementRecorder.HIT, r.start());
                long token = r.start();
                if (blockBetweenFromCall > 0 && call >= blockBetweenFromCall) {
                    try {
                        cancelled.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw failure(1317, "70100"); // query execution was interrupted
                }
                between.apply(call);
                r.record(1, StatementRecorder.READ, StatementRecorder.MISS, token);
            }

            @Override
            public void reconnect(int endpointShift) throws DbFailure {
                reroutes += endpointShift;
                if (gone()) {
                    if (!failoverWorks || endpointShift == 0) {
                        throw failure(2003, "08S01"); // can't connect: nothing listens any more
                    }
                    failedOver = true;
                }
                if (endpointShift > 0) {
                    shifts.incrementAndGet();
                }
            }

            @Override
            public void cancel() {
                if (cancelled.getCount() > 0) {
                    cancels.incrementAndGet();
                }
                cancelled.countDown();
            }

            @Override
            public void abort() {
                if (aborted.getCount() > 0) {
                    aborts.incrementAndGet();
                }
                aborted.countDown();
                cancelled.countDown(); // a closed socket frees a lock wait's read too
            }

            @Override
            public String endpointLabel() {
                return routed ? context.target().route(context.workerIndex(), reroutes, false).label() : "synthetic";
            }

            @Override
            public void close() {
                closed.incrementAndGet();
            }
        };
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Asserts the true-interval rules of issue 9: intervals are contiguous from 0, their lengths add up to the
     * measured time and their events to the run's total.
     */
    static void assertIntervalsAddUp(java.util.List<io.clusterbench.metrics.IntervalSample> samples, RunOutcome outcome) {
        long events = 0;
        double length = 0;
        double end = 0;
        for (io.clusterbench.metrics.IntervalSample s : samples) {
            org.junit.jupiter.api.Assertions.assertEquals(end, s.startSeconds(), 1e-9, "intervals are contiguous");
            end = s.endSeconds();
            events += s.count(io.clusterbench.metrics.Counter.EVENTS);
            length += s.durationSeconds();
        }
        org.junit.jupiter.api.Assertions.assertEquals(outcome.measuredSeconds(), length, 1e-6,
                "interval lengths add up to the measured time");
        long total = 0;
        for (long e : outcome.eventsPerWorker()) {
            total += e;
        }
        org.junit.jupiter.api.Assertions.assertEquals(total, events, "interval events sum to the total");
    }
}
