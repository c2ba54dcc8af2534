package io.clusterbench.explain;

import io.clusterbench.observe.Observer;

import java.time.Duration;
import java.util.List;

/**
 * The explain collectors of one step ({@link ExplainObservers#forStep}) and what the step does for them before its
 * load (start the profiler and wait until it samples, so that the workers' server threads are all profiled and the
 * measured phase is covered from its start) and after it (collect what takes longer than an observer's close).
 *
 * <p>Confined to the thread that drives the step.
 */
public final class ExplainStep {
    /** No collectors (explain off). */
    public static final ExplainStep NONE = new ExplainStep(List.of(), null);
    /**
     * The longest the step waits for perf to attach (0.3–0.8 s on a quiet machine, 1.5 s on this shared one); after
     * it the step goes on and the profile says how much of the phase it covered.
     */
    public static final Duration PROFILER_READY_DEADLINE = Duration.ofSeconds(5);
    private final List<Finishing> observers;
    private final CpuProfileObserver profile;

    ExplainStep(List<Finishing> observers, CpuProfileObserver profile) {
        this.observers = List.copyOf(observers);
        this.profile = profile;
    }

    /** @return the collectors, to run beside the load like every observer */
    public List<Observer> observers() {
        return List.copyOf(observers);
    }

    /**
     * Before the engine opens its connections: starts the on-CPU profiler and waits until it samples, at most
     * {@link #PROFILER_READY_DEADLINE}. Nothing without a profiler. A stop meanwhile ends the process as before any
     * measured phase; perf ends with it (ChildProcess).
     */
    public void beforeLoad() {
        if (profile != null) {
            profile.startAndAwait(PROFILER_READY_DEADLINE);
        }
    }

    /**
     * After the step's observers were closed and before their facts are read: each collector collects what it began
     * at the measured end (remote end readings, the end of the wait readings, perf's samples and their analysis,
     * perf stat's counts), in parallel, each under its own deadline (so the step waits for the longest of them, not
     * their sum); a stop (Ctrl-C) cuts them short. Nothing when the measured phase never ended.
     */
    public void afterLoad() {
        List<Thread> finishing = new java.util.ArrayList<>();
        for (Finishing f : observers) {
            Thread t = new Thread(f::finish, "explain-finish");
            t.setDaemon(true);
            t.start();
            finishing.add(t);
        }
        long deadline = System.nanoTime() + FINISH_DEADLINE.toNanos();
        try {
            for (Thread t : finishing) {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The longest {@link #afterLoad} waits for all collectors: the profile's analysis and perf's own stop. */
    static final Duration FINISH_DEADLINE = CpuProfileObserver.ANALYSIS_DEADLINE.plus(CpuProfileObserver.STOP_DEADLINE);
}
