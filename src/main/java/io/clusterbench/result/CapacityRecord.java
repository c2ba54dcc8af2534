package io.clusterbench.result;

import java.util.List;

/**
 * The outcome of a capacity search ({@code clusterbench capacity}): the highest open-loop rate at which the chosen
 * latency percentile stayed within the target and the server kept up, found by bisection below the closed-loop
 * maximum. Written as {@code capacity.json} beside result.json; definitions in docs/metrics.md, "Capacity at a
 * latency target".
 *
 * @param percentile          the latency percentile judged, e.g. 99.0
 * @param targetLatencyMicros the latency target, µs
 * @param threads             worker threads of every step
 * @param closedLoopTps       tps of the closed-loop step (the maximum the threads reach)
 * @param closedLoopMet       whether the closed-loop step already met the target (then capacity is its tps)
 * @param capacityTps         the highest rate that met the target (events per second), 0 when none did
 * @param lowestMissedRate    the lowest rate that missed it (events per second); null when none missed
 * @param steps               every step in the order run
 */
public record CapacityRecord(double percentile, long targetLatencyMicros, int threads, double closedLoopTps,
                             boolean closedLoopMet, double capacityTps, Double lowestMissedRate,
                             List<Step> steps) {
    public CapacityRecord {
        steps = List.copyOf(steps);
    }

    /**
     * One step of the search.
     *
     * @param rate                 the open-loop rate asked, events per second; 0 for the closed-loop step
     * @param tps                  the measured events per second
     * @param latencyMicros        the judged percentile of event latency (from the intended start in open loop), µs
     * @param keptUp               tps at least {@link io.clusterbench.result.CapacityRecord#KEPT_UP_SHARE} of the rate
     *                             (always true for the closed-loop step)
     * @param met                  latency within the target and kept up
     * @param errors               errors counted in the step
     */
    public record Step(double rate, double tps, long latencyMicros, boolean keptUp, boolean met, long errors) {
    }

    /** A step kept up when its tps reached this share of the asked rate (the open-loop warning's 95 %). */
    public static final double KEPT_UP_SHARE = 0.95;
}
