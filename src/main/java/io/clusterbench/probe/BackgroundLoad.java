package io.clusterbench.probe;

import io.clusterbench.engine.SideLoad;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.db.Target;
import io.clusterbench.workload.Workload;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A workload run by the engine beside the probe (closed loop, no time limit, round-robin over the endpoints),
 * so the probe sees the stale-read window under load and each level's row shows the load's throughput: the
 * write cost of consistency. Events are attributed to the level running when their 1-second interval ended.
 *
 * <p>{@link #start}, {@link #level} and {@link #stop} are called from the probe's thread; the engine's
 * coordinator thread updates the per-level totals under this object's lock.
 */
public final class BackgroundLoad {
    /** How often the load's events are attributed to the current level. */
    static final Duration SAMPLE_INTERVAL = Duration.ofMillis(100);
    private final SideLoad load;
    private final AtomicReference<String> level = new AtomicReference<>("");
    private final Map<String, double[]> perLevel = new HashMap<>();
    /** The metrics endpoint's per-level series, or null; set before {@link #start}. */
    private volatile ProbeMetrics metrics;
    private final List<String> statementClasses;

    /**
     * @param workload initialised workload (tables exist, {@code init} done)
     * @param target   where its sessions connect
     * @param threads  worker threads, &ge; 1
     * @param seed     run seed, never 0
     */
    public BackgroundLoad(Workload workload, Target target, int threads, long seed) {
        // Sampled every 100 ms, so a level shorter than a second (a quiet machine probes 240 samples in about
        // 1.5 s) still gets its intervals; each interval goes to the level current when it ends.
        this.load = new SideLoad(workload, target, threads, seed, SAMPLE_INTERVAL, this::interval);
        this.statementClasses = List.copyOf(workload.statementClasses());
    }

    /** @param m the per-level series its interval samples also go to ({@code --metrics-listen}), or null */
    public void metrics(ProbeMetrics m) {
        this.metrics = m;
    }

    /** @return the load workload's statement classes, in class-id order */
    public List<String> statementClasses() {
        return statementClasses;
    }

    /** Starts the load on its own thread. */
    public void start() {
        load.start();
    }

    /** Attributes the following intervals to {@code name} ("" for none). */
    public void level(String name) {
        level.set(name);
    }

    /** @return events per second of the intervals attributed to {@code name}, or null when there were none */
    public synchronized Double tps(String name) {
        double[] v = perLevel.get(name);
        return v == null || v[1] <= 0 ? null : v[0] / v[1];
    }

    /** @return why the load stopped early, or null */
    public Throwable failure() {
        return load.failure();
    }

    /** Stops the load and waits for its workers. */
    public void stop() {
        load.stop();
    }

    private synchronized void interval(IntervalSample s) {
        String name = level.get();
        if (!name.isEmpty()) {
            double[] v = perLevel.computeIfAbsent(name, k -> new double[2]);
            v[0] += s.count(Counter.EVENTS);
            v[1] += s.durationSeconds();
            ProbeMetrics m = metrics;
            if (m != null) {
                m.sample(name, s);
            }
        }
    }
}
