package io.clusterbench.runner;

import io.clusterbench.result.CapacityRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * The rates of a capacity search (docs/metrics.md, "Capacity at a latency target"). The first step is closed loop:
 * its tps {@code M} sets the scale, and when it already meets the target the search ends. Then open-loop steps
 * <em>bracket</em>: the first runs at M/2; while every step met, the next doubles the highest met rate; while every
 * step missed, the next halves the lowest missed. Once a rate met and a higher one missed, steps <em>bisect</em>
 * between the highest met and the lowest missed rate. The search ends after {@link CapacitySpec#openLoopSteps} open-loop
 * steps, or once lowest missed − highest met ≤ {@link CapacitySpec#RESOLUTION} × lowest missed. Each step's verdict
 * comes from {@link CapacityStepRuns}.
 *
 * <p>Not thread-safe; confined to the command's thread.
 */
final class CapacitySearch {
    private final CapacitySpec spec;
    private final int threads;
    private final List<CapacityRecord.Step> steps = new ArrayList<>();
    private double closedLoopTps = -1;
    private double met;
    private double missed = Double.POSITIVE_INFINITY;

    /**
     * @param spec    the target and the rule
     * @param threads worker threads of every step
     */
    CapacitySearch(CapacitySpec spec, int threads) {
        this.spec = spec;
        this.threads = threads;
    }

    /**
     * Records a judged step.
     *
     * @param step its verdict and figures; the closed-loop step (rate 0) must come first
     * @return {@code step}
     */
    CapacityRecord.Step record(CapacityRecord.Step step) {
        steps.add(step);
        if (step.rate() == 0) {
            closedLoopTps = step.tps();
        } else if (step.met()) {
            met = Math.max(met, step.rate());
        } else {
            missed = Math.min(missed, step.rate());
        }
        return step;
    }

    /** @return the next rate to run, events per second (0: the closed loop), or a negative value when done */
    double nextRate() {
        if (closedLoopTps < 0) {
            return 0;
        }
        int openRun = steps.size() - 1;
        if (steps.get(0).met() || closedLoopTps <= 0 || openRun >= spec.openLoopSteps()) {
            return -1;
        }
        double next;
        if (openRun == 0) {
            next = closedLoopTps / 2;
        } else if (missed == Double.POSITIVE_INFINITY) {
            next = 2 * met;
        } else if (met == 0) {
            next = missed / 2;
        } else if (missed - met <= CapacitySpec.RESOLUTION * missed) {
            return -1;
        } else {
            next = (met + missed) / 2;
        }
        double rounded = Math.round(next * 100) / 100.0;
        return rounded > 0 ? rounded : -1;
    }

    /** @return the search's outcome so far */
    CapacityRecord result() {
        boolean closedMet = !steps.isEmpty() && steps.get(0).met();
        return new CapacityRecord(spec.percentile(), spec.targetMicros(), threads, spec.rule(),
                Math.max(0, closedLoopTps), closedMet, closedMet ? closedLoopTps : met,
                missed == Double.POSITIVE_INFINITY ? null : missed, steps);
    }
}
