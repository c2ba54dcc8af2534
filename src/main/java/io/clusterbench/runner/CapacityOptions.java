package io.clusterbench.runner;

import io.clusterbench.Defaults;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The latency target and the trust rule of a capacity search: picocli mixin of {@code capacity} and {@code sweep}
 * (where a target turns the sweep into the search). Its runs per step are the command's {@code --repeat}. Makes a
 * {@link CapacitySpec}; definitions in docs/metrics.md, "Capacity at a latency target".
 *
 * <p>Confined to the command's thread.
 */
public final class CapacityOptions {
    @Option(names = "--target-p99", paramLabel = "LATENCY",
            description = "Capacity search: the highest rate with p99 event latency within LATENCY (20ms, 500us, 0.5s; "
                    + "a bare number is ms). Default: none.")
    String targetP99;

    @Option(names = "--target-p95", paramLabel = "LATENCY", description = "As --target-p99, for p95. Default: none.")
    String targetP95;

    @Option(names = "--target-p999", paramLabel = "LATENCY",
            description = "As --target-p99, for p99.9. Default: none.")
    String targetP999;

    @Option(names = "--target-latency", paramLabel = "MS",
            description = "Capacity search: the latency target in milliseconds (> 0), for --target-percentile. "
                    + "Default: none.")
    Double targetLatencyMillis;

    @Option(names = "--target-percentile", paramLabel = "P",
            description = "The percentile --target-latency judges (0 < P < 100). Default: 99.")
    Double targetPercentile;

    @Option(names = "--capacity-steps", paramLabel = "N", defaultValue = "" + Defaults.CAPACITY_STEPS,
            description = "The most open-loop steps after the closed-loop one (>= 1); the search ends sooner once the "
                    + "highest met rate is within 2%% of the lowest missed. Default: ${DEFAULT-VALUE}.")
    int openLoopSteps = Defaults.CAPACITY_STEPS;

    @Option(names = "--tail-events", paramLabel = "K", defaultValue = "" + Defaults.CAPACITY_TAIL_EVENTS,
            description = "Events each run of a step needs beyond the judged percentile (>= 1): a run needs "
                    + "K / (1 - P/100) events (p99, 100: 10000) and is lengthened until it has them. "
                    + "Default: ${DEFAULT-VALUE}.")
    long tailEvents = Defaults.CAPACITY_TAIL_EVENTS;

    @Option(names = "--max-run-time", paramLabel = "SECONDS", defaultValue = "" + Defaults.CAPACITY_MAX_RUN_SECONDS,
            description = "The longest a run of a step is made to reach its events (>= 1, at least --time); a run "
                    + "this long counts with fewer. Default: ${DEFAULT-VALUE}.")
    long maxRunSeconds = Defaults.CAPACITY_MAX_RUN_SECONDS;

    /** @return true when a latency target was given in either spelling */
    public boolean targetGiven() {
        return targetLatencyMillis != null || targetP95 != null || targetP99 != null || targetP999 != null;
    }

    /**
     * Checks the options and makes the spec; every problem goes to {@code problems} (nothing is returned then).
     *
     * @param repeats     the command's {@code --repeat}: counted runs per step
     * @param timeSeconds the command's {@code --time}
     * @return the spec, or null when {@code problems} got one
     */
    public CapacitySpec spec(int repeats, long timeSeconds, List<String> problems) {
        int before = problems.size();
        List<String> given = new ArrayList<>();
        double percentile = targetPercentile == null ? Defaults.CAPACITY_PERCENTILE : targetPercentile;
        long micros = -1;
        if (targetLatencyMillis != null) {
            given.add("--target-latency");
            micros = targetLatencyMillis > 0 ? Math.round(targetLatencyMillis * 1000) : -1;
            if (micros <= 0) {
                problems.add("--target-latency must be > 0 ms (got " + targetLatencyMillis + ")");
            }
        }
        String[][] spelled = {{"--target-p95", targetP95, "95"}, {"--target-p99", targetP99, "99"},
                {"--target-p999", targetP999, "99.9"}};
        for (String[] s : spelled) {
            if (s[1] != null) {
                given.add(s[0]);
                percentile = Double.parseDouble(s[2]);
                micros = CapacitySpec.parseLatencyMicros(s[1]);
                if (micros <= 0) {
                    problems.add(s[0] + " takes a latency above 0 with its unit, e.g. 20ms, 500us or 0.5s (got '"
                            + s[1] + "')");
                }
            }
        }
        if (given.isEmpty()) {
            problems.add("a latency target is needed: --target-p99 20ms (or --target-p95, --target-p999, or "
                    + "--target-latency MS with --target-percentile P)");
        } else if (given.size() > 1) {
            problems.add("give one latency target, not " + String.join(" and ", given));
        } else if (targetPercentile != null && !given.get(0).equals("--target-latency")) {
            problems.add("--target-percentile goes with --target-latency; " + given.get(0) + " names its percentile");
        }
        if (!(percentile > 0 && percentile < 100)) {
            problems.add("--target-percentile must be above 0 and below 100 (got " + percentile + ")");
        }
        String[] names = {"--capacity-steps", "--repeat", "--tail-events"};
        long[] values = {openLoopSteps, repeats, tailEvents};
        for (int i = 0; i < names.length; i++) {
            if (values[i] < 1) {
                problems.add(names[i] + " must be >= 1 (got " + values[i] + ")");
            }
        }
        if (timeSeconds <= 0 || maxRunSeconds < timeSeconds) {
            problems.add("a capacity search needs --time > 0 and --max-run-time >= --time (got " + timeSeconds
                    + " and " + maxRunSeconds + ")");
        }
        return problems.size() > before ? null : new CapacitySpec(percentile, micros, openLoopSteps, repeats,
                tailEvents, Duration.ofSeconds(maxRunSeconds));
    }
}
