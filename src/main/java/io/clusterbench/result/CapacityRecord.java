package io.clusterbench.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The outcome of a capacity search ({@code clusterbench capacity}, {@code sweep --target-p99}): the highest open-loop
 * rate at which the chosen latency percentile stayed within the target and the server kept up, with the lowest rate
 * that missed (the bracket), every step and every run of each step. Written as {@code capacity.json} beside
 * result.json; definitions in docs/metrics.md, "Capacity at a latency target". Immutable.
 *
 * @param percentile          the latency percentile judged, e.g. 99.0
 * @param targetLatencyMicros the latency target, µs
 * @param threads             worker threads of every step
 * @param rule                how long and how often each step ran (the trust rule); null in files written before it
 * @param closedLoopTps       tps of the closed-loop step (median over its counted runs)
 * @param closedLoopMet       whether the closed-loop step already met the target (then capacity is its tps)
 * @param capacityTps         the highest rate that met the target (events per second), 0 when none did
 * @param lowestMissedRate    the lowest open-loop rate that missed it (events per second); null when none missed
 * @param steps               every step in the order run, the closed-loop step first
 */
public record CapacityRecord(double percentile, long targetLatencyMicros, int threads, Rule rule,
                             double closedLoopTps, boolean closedLoopMet, double capacityTps, Double lowestMissedRate,
                             List<Step> steps) {
    /** The file name beside result.json. */
    public static final String FILE = "capacity.json";

    /** A run kept up when its tps reached this share of the asked rate (the open-loop warning's 95 %). */
    public static final double KEPT_UP_SHARE = 0.95;

    public CapacityRecord {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /**
     * How each step was made trustworthy (docs/metrics.md, "Capacity at a latency target"). Immutable.
     *
     * @param tailEvents        events a run needs beyond the judged percentile ({@code --tail-events})
     * @param minEvents         events a run needs: ⌈tailEvents ÷ (1 − percentile/100)⌉
     * @param repeats           counted runs per step ({@code --repeat}); a step is met when more than half met
     * @param maxRunSeconds     the longest a run is made to reach {@code minEvents} ({@code --max-run-time}), s
     * @param openLoopSteps     the most open-loop steps ({@code --capacity-steps})
     * @param resolution        the search ends once lowest missed − highest met ≤ this share of the lowest missed
     */
    public record Rule(long tailEvents, long minEvents, int repeats, double maxRunSeconds, int openLoopSteps,
                       double resolution) {
    }

    /**
     * One step of the search: one rate, run {@link Rule#repeats} times (fewer once the rest cannot change the
     * verdict), its figures the medians over its counted runs.
     *
     * @param rate             the open-loop rate asked, events per second; 0 for the closed-loop step
     * @param tps              median tps of the counted runs
     * @param latencyMicros    median over the counted runs of the judged percentile of event latency (from the
     *                         intended start in open loop), µs
     * @param latencyMinMicros the smallest of those percentiles, µs
     * @param latencyMaxMicros the largest, µs
     * @param keptUp           more than half of the counted runs kept up (always true for the closed-loop step)
     * @param met              more than half of the counted runs met the target
     * @param errors           errors over all its runs
     * @param runs             every run of the step, counted or not; null in files written before it
     */
    public record Step(double rate, double tps, long latencyMicros, long latencyMinMicros, long latencyMaxMicros,
                       boolean keptUp, boolean met, long errors, List<Run> runs) {
        public Step {
            runs = runs == null ? List.of() : List.copyOf(runs);
        }

        /** @return the counted runs */
        public List<Run> counted() {
            return runs.stream().filter(Run::counted).toList();
        }
    }

    /**
     * One run of a step.
     *
     * @param repeat             1-based, in the order run within the step
     * @param plannedSeconds     the measured time it was given, s
     * @param measuredSeconds    the measured time it had, s
     * @param events             completed events
     * @param tps                events per measured second
     * @param latencyMicros      the judged percentile of its event latency, µs
     * @param latencyLowMicros   lower end of that percentile's 95 % interval (order statistics), µs
     * @param latencyHighMicros  upper end, µs
     * @param keptUp             tps at least {@link #KEPT_UP_SHARE} of the rate (always true in closed loop)
     * @param met                kept up and latency within the target
     * @param counted            it counts toward the step's verdict: it had {@link Rule#minEvents}, or it reached
     *                           {@link Rule#maxRunSeconds}, or it fell behind its rate (a miss at any count), or it
     *                           had no events (a miss), or the step had already run two short runs
     * @param errors             errors counted in the run
     */
    public record Run(int repeat, double plannedSeconds, double measuredSeconds, long events, double tps,
                      long latencyMicros, long latencyLowMicros, long latencyHighMicros, boolean keptUp, boolean met,
                      boolean counted, long errors) {
    }

    /**
     * @param dir a result folder
     * @return the capacity search of that folder, or null when it holds none (or {@code dir} is null)
     * @throws IOException when the file is there but cannot be read as a capacity search
     */
    public static CapacityRecord beside(Path dir) throws IOException {
        if (dir == null || !Files.isRegularFile(dir.resolve(FILE))) {
            return null;
        }
        return ResultJson.readAs(dir.resolve(FILE), CapacityRecord.class);
    }
}
