package io.clusterbench.ab;

import io.clusterbench.result.RunRecord;

/**
 * One finished (or refused) step of an A/B comparison as kept in result.json. Immutable.
 *
 * @param step             where it stands in the schedule
 * @param startedSeconds   seconds from the comparison's start to this step's start (for drift plots)
 * @param run              the step's run record (as in a sweep), or null when the step could not run
 * @param serverCpuSeconds CPU seconds (user + system) the side's server process used during the step, from
 *                         /proc/PID/stat; null when the server is not a local process clusterbench knows
 * @param note             why the step has no run, or null
 */
public record AbRun(AbStep step, double startedSeconds, RunRecord run, Double serverCpuSeconds, String note) {

    /** @return events per second of the run, or NaN when it has no summary */
    public double tps() {
        return run == null || run.summary() == null ? Double.NaN : run.summary().tps();
    }

    /** @return the run's 95th percentile latency in µs, or NaN */
    public double p95Micros() {
        return run == null || run.summary() == null ? Double.NaN : run.summary().latency().p95Micros();
    }

    /** @return the run's 99th percentile latency in µs, or NaN */
    public double p99Micros() {
        return run == null || run.summary() == null ? Double.NaN : run.summary().latency().p99Micros();
    }

    /** @return server CPU microseconds per event, or NaN without server CPU or events */
    public double serverCpuMicrosPerEvent() {
        if (serverCpuSeconds == null || run == null || run.summary() == null || run.summary().events() == 0) {
            return Double.NaN;
        }
        return serverCpuSeconds * 1e6 / run.summary().events();
    }

    /** @return true when the run finished normally (status {@code completed}) */
    public boolean completed() {
        return run != null && "completed".equals(run.status()) && run.summary() != null;
    }
}
