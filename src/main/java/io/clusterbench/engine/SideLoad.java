package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.db.VendorCodes;
import io.clusterbench.workload.Workload;

import java.time.Duration;

/**
 * A workload run by its own engine on a daemon thread beside the main activity (the run's
 * {@code --background}, the probe's background load, the history load of {@code run --anomalies}): closed loop (or
 * paced at a rate), no time or event limit, round-robin over the endpoints, the default ignored errors. Its intervals go to one listener; it runs until {@link #stop}.
 *
 * <p>{@link #start}, {@link #awaitRunning} and {@link #stop} may be called from any thread ({@code start} is
 * idempotent); the listener runs on the side engine's coordinator thread.
 */
public final class SideLoad {
    private final Engine engine;
    private final Workload workload;
    private final RunListener listener;
    private volatile Thread thread;
    private volatile Throwable failure;

    /**
     * @param workload initialised workload (tables exist, {@code init} done)
     * @param target   where its sessions connect
     * @param threads  worker threads, &ge; 1
     * @param seed     its seed, never 0
     * @param interval length of each interval handed to {@code listener}
     * @param listener receives every interval
     */
    public SideLoad(Workload workload, Target target, int threads, long seed, Duration interval, RunListener listener) {
        this(workload, target, threads, 0, seed, interval, listener);
    }

    /**
     * A side load in open loop ({@code run --anomalies RATE}): events evenly spaced at {@code rateEventsPerSecond}
     * over all its threads, as {@code --rate} paces a run ({@link RunControl}); a thread that falls behind takes the
     * next intended start at once.
     *
     * @param rateEventsPerSecond intended events per second over all threads; 0 = closed loop
     */
    public SideLoad(Workload workload, Target target, int threads, double rateEventsPerSecond, long seed,
                    Duration interval, RunListener listener) {
        this(workload, target, threads, rateEventsPerSecond, 0, ErrorPolicy.parse(VendorCodes.DEFAULT_IGNORED), seed,
                interval, listener);
    }

    /**
     * A side load with its own reconnects and ignored errors (a scenario of {@code run --scenario}).
     *
     * @param reconnectEveryEvents each worker reconnects after every N of its events ({@code --reconnect}); 0 = never
     * @param errors               the errors that restart the event instead of stopping the load
     */
    public SideLoad(Workload workload, Target target, int threads, double rateEventsPerSecond,
                    long reconnectEveryEvents, ErrorPolicy errors, long seed, Duration interval, RunListener listener) {
        this.workload = workload;
        this.listener = listener;
        this.engine = new Engine(new EnginePlan(threads, Duration.ZERO, 0, Duration.ZERO, rateEventsPerSecond, interval,
                errors, seed, target, 0, 0, reconnectEveryEvents, EnginePlan.DEFAULT_GIVE_UP), Clock.SYSTEM);
    }

    /** Starts the load on its own daemon thread, named {@code background-load}; a second call does nothing. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        thread = new Thread(() -> {
            try {
                engine.run(workload, listener);
            } catch (DbFailure | RuntimeException e) {
                failure = e;
            }
        }, "background-load");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Waits until the load's sessions are open and its engine runs (or it failed), at most {@code waitMillis}.
     *
     * @return true when it runs
     */
    public boolean awaitRunning(long waitMillis) {
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        while (!engine.measuringBegan() && failure == null && thread != null && thread.isAlive()
                && deadline - System.nanoTime() > 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L);
        }
        return engine.measuringBegan();
    }

    /** @return why the load stopped early, or null */
    public Throwable failure() {
        return failure;
    }

    /** Stops the load and waits up to 60 s for its workers. */
    public void stop() {
        stop(60_000);
    }

    /**
     * Stops the load and waits up to {@code waitMillis} for its end (its final partial interval reaches the
     * listener before it ends); a load still ending then goes on ending on its own.
     *
     * @param waitMillis the longest wait, ms; 0 or less: none (the stop is asked and the call returns)
     */
    public void stop(long waitMillis) {
        engine.requestStop();
        if (thread != null && waitMillis > 0) {
            try {
                thread.join(waitMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
