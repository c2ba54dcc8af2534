package io.clusterbench.probe;

import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.prom.MetricsServer;
import io.clusterbench.prom.PromMetric;
import io.clusterbench.prom.StepSeries;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code probe stale-reads --metrics-listen}: one step's series per consistency level, labelled with the level;
 * the background load's interval samples go to the level running when they end (as its tps does), and each
 * level's first reads and stale reads are added when the level is done.
 *
 * <p>Thread-safe: {@link #sample} runs on the background load's coordinator thread, {@link #levelDone} on the
 * probe's thread; the map of levels is guarded by this object, each series by its own lock.
 */
public final class ProbeMetrics {
    private final MetricsServer server;
    private final String run;
    private final String workload;
    private final int threads;
    private final List<String> classes;
    private final Map<String, StepSeries> levels = new HashMap<>();

    /**
     * @param server   the command's metrics endpoint
     * @param run      the run label (the result directory's name)
     * @param workload the background workload's name, or {@code stale-reads} when none runs
     * @param threads  the background load's threads, 0 when none runs
     * @param classes  the background workload's statement classes (empty when none runs)
     */
    public ProbeMetrics(MetricsServer server, String run, String workload, int threads, List<String> classes) {
        this.server = server;
        this.run = run;
        this.workload = workload;
        this.threads = threads;
        this.classes = List.copyOf(classes);
    }

    /** @return the series of {@code level}, started on first use */
    synchronized StepSeries level(String level) {
        return levels.computeIfAbsent(level, l -> {
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("run", run);
            labels.put("workload", workload);
            labels.put("threads", Integer.toString(threads));
            labels.put("step", Integer.toString(levels.size() + 1));
            labels.put("repeat", "1");
            labels.put("consistency", l);
            labels.put("shard", "none");
            return server.step(labels, classes);
        });
    }

    /** One interval of the background load, while {@code level} is probed. */
    void sample(String level, IntervalSample s) {
        level(level).interval(null, s);
    }

    /** A level is done: its first reads and stale reads, summed over the node pairs. */
    void levelDone(LevelResult r) {
        StepSeries s = level(r.level());
        long stale = r.stale();
        s.count(PromMetric.PROBE_SAMPLES, r.samples());
        s.count(PromMetric.PROBE_STALE_READS, stale);
        s.finished();
    }
}
