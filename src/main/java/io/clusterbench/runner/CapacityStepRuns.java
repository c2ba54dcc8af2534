package io.clusterbench.runner;

import io.clusterbench.result.CapacityRecord;
import io.clusterbench.result.Spread;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs of one capacity step and the rule that makes its percentile trustworthy (docs/metrics.md, "Capacity at a
 * latency target"):
 * <ul>
 *   <li><b>Events.</b> A run needs {@link CapacitySpec#minEvents()} events, {@code --tail-events} of them beyond the
 *   percentile. An open-loop run is planned long enough to get them: max(--time, ⌈minEvents ÷ (0.95 × rate)⌉ s); a
 *   closed-loop run lasts --time. Both at most {@code --max-run-time}.</li>
 *   <li><b>Short runs.</b> A run with fewer events is not counted and the step's runs are lengthened to
 *   ⌈length × 1.1 × minEvents ÷ events⌉ s (at most {@code --max-run-time}). A run counts whatever its events when it
 *   ran {@code --max-run-time}, when it fell behind its rate (a miss at any count), when it had none (a miss), or
 *   once the step has had {@link #MAX_SHORT_RUNS} short runs.</li>
 *   <li><b>Repeats.</b> A counted run meets the target when it kept up (tps ≥ 95 % of the rate; always in closed loop)
 *   and its percentile is within the target (a run without events never meets it). The step is met when more than
 *   half of its {@code --repeat} counted runs met (for an odd count: the median run); it stops as soon as the
 *   remaining runs cannot change that.</li>
 * </ul>
 *
 * <p>Not thread-safe; confined to the command's thread.
 */
final class CapacityStepRuns {
    /** Short runs a step may have before runs count whatever their events. */
    static final int MAX_SHORT_RUNS = 2;
    /** A lengthened run is planned this much longer than the events it lacked suggest. */
    static final double LENGTHEN_MARGIN = 1.1;
    private final CapacitySpec spec;
    private final double rate;
    private final List<CapacityRecord.Run> runs = new ArrayList<>();
    private long lengthSeconds;

    /**
     * @param spec        the target and the rule
     * @param rate        the step's open-loop rate, events/s; 0 for closed loop
     * @param timeSeconds {@code --time}, s, &ge; 1
     */
    CapacityStepRuns(CapacitySpec spec, double rate, long timeSeconds) {
        this.spec = spec;
        this.rate = rate;
        long planned = rate == 0 ? timeSeconds
                : Math.max(timeSeconds, ceil(spec.minEvents() / (CapacityRecord.KEPT_UP_SHARE * rate)));
        this.lengthSeconds = Math.min(planned, maxSeconds());
    }

    /** @return the step's rate, events/s (0: closed loop) */
    double rate() {
        return rate;
    }

    /** @return the runs so far, counted or not */
    int runCount() {
        return runs.size();
    }

    /** @return the measured time of the next run, or null when the step is decided */
    Duration nextRunTime() {
        return decided() ? null : Duration.ofSeconds(lengthSeconds);
    }

    /**
     * Judges a finished run of {@link #nextRunTime()}'s length.
     *
     * @param measuredSeconds   its measured time, s
     * @param events            its completed events
     * @param tps               its events per measured second
     * @param latencyMicros     its event latency at the judged percentile, µs
     * @param interval          that percentile's 95 % interval {low, high}, µs
     * @param errors            its errors
     * @return the judged run
     */
    CapacityRecord.Run add(double measuredSeconds, long events, double tps, long latencyMicros, long[] interval,
                           long errors) {
        boolean keptUp = rate == 0 || tps >= CapacityRecord.KEPT_UP_SHARE * rate;
        boolean met = keptUp && events > 0 && latencyMicros <= spec.targetMicros();
        long shortRuns = runs.stream().filter(r -> !r.counted()).count();
        boolean counted = events >= spec.minEvents() || events == 0 || lengthSeconds >= maxSeconds() || !keptUp
                || shortRuns >= MAX_SHORT_RUNS;
        CapacityRecord.Run run = new CapacityRecord.Run(runs.size() + 1, lengthSeconds, measuredSeconds, events, tps,
                latencyMicros, interval[0], interval[1], keptUp, met, counted, errors);
        runs.add(run);
        if (!counted) {
            long lengthened = ceil(lengthSeconds * LENGTHEN_MARGIN * spec.minEvents() / Math.max(1, events));
            lengthSeconds = Math.min(maxSeconds(), Math.max(lengthSeconds + 1, lengthened));
        }
        return run;
    }

    /** @return true once the counted runs decide the step: more than half of --repeat met, or can no longer */
    boolean decided() {
        long met = runs.stream().filter(r -> r.counted() && r.met()).count();
        long missed = runs.stream().filter(r -> r.counted() && !r.met()).count();
        return met >= needed() || missed > spec.repeats() - needed();
    }

    /** @return the step: its verdict and the medians of its counted runs */
    CapacityRecord.Step step() {
        List<CapacityRecord.Run> counted = runs.stream().filter(CapacityRecord.Run::counted).toList();
        Spread tps = Spread.of(counted.stream().map(CapacityRecord.Run::tps).toList());
        Spread latency = Spread.of(counted.stream().map(r -> (double) r.latencyMicros()).toList());
        long met = counted.stream().filter(CapacityRecord.Run::met).count();
        long keptUp = counted.stream().filter(CapacityRecord.Run::keptUp).count();
        long errors = runs.stream().mapToLong(CapacityRecord.Run::errors).sum();
        return new CapacityRecord.Step(rate, tps.median(), Math.round(latency.median()), Math.round(latency.min()),
                Math.round(latency.max()), 2 * keptUp > counted.size(), met >= needed(), errors, runs);
    }

    /** @return counted runs that must meet the target for the step to be met: more than half of --repeat */
    private int needed() {
        return spec.repeats() / 2 + 1;
    }

    private long maxSeconds() {
        return spec.maxRunTime().toSeconds();
    }

    private static long ceil(double seconds) {
        return (long) Math.ceil(seconds - 1e-9);
    }
}
