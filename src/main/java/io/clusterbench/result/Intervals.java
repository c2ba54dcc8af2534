package io.clusterbench.result;

import java.util.List;

/**
 * Which intervals of a run are shown as a time series. Thread-safe (stateless).
 */
public final class Intervals {
    private Intervals() {
    }

    /**
     * The run's intervals without a final stub: the last interval is left out when it is shorter than half
     * of the first (the few milliseconds between the last full interval and the end of the run, whose rates
     * are noise). It stays in {@code result.json}, {@code intervals.csv} and the run's totals.
     *
     * @param run a run
     * @return its intervals to plot, in order; empty when it has none
     */
    public static List<IntervalRecord> shown(RunRecord run) {
        List<IntervalRecord> all = run.intervals() == null ? List.of() : run.intervals();
        if (all.size() < 2) {
            return all;
        }
        IntervalRecord first = all.get(0);
        IntervalRecord last = all.get(all.size() - 1);
        double full = first.endSeconds() - first.startSeconds();
        return last.endSeconds() - last.startSeconds() < full / 2 ? all.subList(0, all.size() - 1) : all;
    }
}
