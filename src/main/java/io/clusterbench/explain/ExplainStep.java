package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;
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
    public static final ExplainStep NONE = new ExplainStep(List.of(), null, null);
    /**
     * The longest the step waits for perf to attach (0.3–0.8 s on a quiet machine, 1.5 s on this shared one); after
     * it the step goes on and the profile says how much of the phase it covered.
     */
    public static final Duration PROFILER_READY_DEADLINE = Duration.ofSeconds(5);
    private final List<Finishing> observers;
    private final CpuProfileObserver profile;
    private final Lifecycle life;

    /** @param life the command's lifecycle, whose end deadline bounds {@link #afterLoad}; null with no collectors */
    ExplainStep(List<Finishing> observers, CpuProfileObserver profile, Lifecycle life) {
        this.observers = List.copyOf(observers);
        this.profile = profile;
        this.life = life;
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
     * perf stat's counts), in parallel, each under its deadline ({@link Finishing#finishDeadlineNanos}: the step's one
     * end deadline, {@link Lifecycle#endDeadlineNanos}, which a stop shortens, or the on-CPU profile's own, which a stop
     * brings back to it); a collector not done by then (and {@link #FINISH_GRACE}) is abandoned, and its facts say what
     * is missing. Nothing when the measured phase never ended.
     */
    public void afterLoad() {
        List<Thread> finishing = new java.util.ArrayList<>();
        for (Finishing f : observers) {
            Thread t = new Thread(f::finish, "explain-finish");
            t.setDaemon(true);
            t.start();
            finishing.add(t);
        }
        try {
            for (int i = 0; i < finishing.size(); i++) {
                Thread t = finishing.get(i);
                Finishing f = observers.get(i);
                while (t.isAlive()) {
                    long left = f.finishDeadlineNanos(life) + FINISH_GRACE.toNanos() - System.nanoTime();
                    if (left <= 0) {
                        break; // abandoned: its facts say what is missing
                    }
                    t.join(Math.max(1, Math.min(20, left / 1_000_000)));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * After the end deadline, the longest {@link #afterLoad} waits for the collectors to make their facts from what
     * they collected (each cut its own work at the deadline).
     */
    static final Duration FINISH_GRACE = CpuProfileObserver.FINISH_GRACE.plus(Duration.ofMillis(20));
}
