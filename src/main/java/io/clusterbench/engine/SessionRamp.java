package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Opens one session per worker before the run, in parallel (connecting and preparing are round trips, so a
 * few opener threads overlap them), reporting progress once a second. Not measured time: the engine reports
 * its duration as the connection ramp.
 *
 * <p>Called from the coordinator thread only; the opener threads are its own and end before it returns.
 */
final class SessionRamp {
    /** Opener threads at most: enough to overlap round trips without a connection storm on the server. */
    static final int OPENERS = 16;
    private static final long PROGRESS_NANOS = 1_000_000_000L;
    private static final long STOP_POLL_MILLIS = 50;

    private SessionRamp() {
    }

    /**
     * @param workload initialised workload
     * @param plan     thread count, seed, target
     * @param listener receives {@link RunListener#connecting} about once a second while it takes
     * @param stopped  true once the run was stopped (Ctrl-C): polled every {@value #STOP_POLL_MILLIS} ms, the
     *                 opening is then abandoned (a tester's Ctrl-C during a 600-session ramp waited for all 600)
     * @return one session per worker, in worker order; null when stopped, every session opened so far closed
     *         (one still connecting at that moment is left to the process's exit)
     * @throws DbFailure the first failure to open; every session already opened is closed
     */
    static List<Session> open(Workload workload, EnginePlan plan, RunListener listener,
                              java.util.function.BooleanSupplier stopped) throws DbFailure {
        int threads = plan.threads();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(OPENERS, threads), r -> {
            Thread t = new Thread(r, "session-opener");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger opened = new AtomicInteger();
        // The read timeout is kept by the run's clock thread (StuckStatements), not by every socket read.
        io.clusterbench.db.Target target = plan.target().withReadTimeout(0);
        List<Future<Session>> futures = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            int index = i;
            futures.add(pool.submit(() -> {
                SessionContext ctx = new SessionContext(plan.firstWorker() + index, target,
                        SessionContext.randomFor(plan.seed(), plan.firstWorker() + index));
                Session s = workload.openSession(ctx);
                opened.incrementAndGet();
                return s;
            }));
        }
        pool.shutdown();
        List<Session> sessions = new ArrayList<>(threads);
        Throwable failure = null;
        long start = System.nanoTime();
        long nextProgress = start + PROGRESS_NANOS;
        for (Future<Session> f : futures) {
            while (true) {
                if (stopped.getAsBoolean()) {
                    abandon(pool, futures, sessions);
                    return null;
                }
                long wait = Math.min(Math.max(1, nextProgress - System.nanoTime()),
                        TimeUnit.MILLISECONDS.toNanos(STOP_POLL_MILLIS));
                try {
                    sessions.add(f.get(wait, TimeUnit.NANOSECONDS));
                    break;
                } catch (TimeoutException e) {
                    if (System.nanoTime() - nextProgress >= 0) {
                        listener.connecting(opened.get(), threads, (System.nanoTime() - start) / 1e9);
                        nextProgress = System.nanoTime() + PROGRESS_NANOS;
                    }
                } catch (ExecutionException e) {
                    failure = failure == null ? e.getCause() : failure;
                    sessions.add(null);
                    break;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure = failure == null ? e : failure;
                    sessions.add(null);
                    break;
                }
            }
        }
        if (failure != null) {
            sessions.forEach(s -> {
                if (s != null) {
                    s.close();
                }
            });
            if (failure instanceof DbFailure d) {
                throw d;
            }
            if (failure instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("opening sessions failed", failure);
        }
        return sessions;
    }

    /** Stops opening: cancels what has not started, closes every session opened (taken or finished meanwhile). */
    private static void abandon(ExecutorService pool, List<Future<Session>> futures, List<Session> taken) {
        pool.shutdownNow();
        taken.forEach(s -> {
            if (s != null) {
                s.close();
            }
        });
        for (int i = taken.size(); i < futures.size(); i++) {
            Future<Session> f = futures.get(i);
            if (!f.cancel(true) && f.isDone()) {
                try {
                    f.get().close();
                } catch (Exception failedOrCancelled) {
                    // nothing was opened
                }
            }
        }
    }
}
