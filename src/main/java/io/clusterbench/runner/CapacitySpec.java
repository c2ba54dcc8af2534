package io.clusterbench.runner;

import io.clusterbench.result.CapacityRecord;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a capacity search looks for and how it trusts a step (docs/metrics.md, "Capacity at a latency target"), made
 * by {@link CapacityOptions}. Immutable.
 *
 * @param percentile    the judged latency percentile, 0 &lt; P &lt; 100
 * @param targetMicros  the latency target, µs, &gt; 0
 * @param openLoopSteps the most open-loop steps, &ge; 1
 * @param repeats       counted runs per step, &ge; 1
 * @param tailEvents    events a run needs beyond the percentile, &ge; 1
 * @param maxRunTime    the longest a run is made to reach its events, &gt; 0
 */
public record CapacitySpec(double percentile, long targetMicros, int openLoopSteps, int repeats, long tailEvents,
                           Duration maxRunTime) {
    /** The search ends once lowest missed − highest met is at most this share of the lowest missed. */
    public static final double RESOLUTION = 0.02;
    private static final Pattern LATENCY = Pattern.compile("\\s*([0-9]*\\.?[0-9]+)\\s*(ms|us|µs|s)?\\s*");

    /**
     * @return the events a run needs: ⌈tailEvents ÷ (1 − P/100)⌉, so that {@code tailEvents} of them lie beyond the
     *         percentile (p99 and 100: 10,000; p95: 2,000; p99.9: 100,000)
     */
    public long minEvents() {
        double events = tailEvents * 100 / (100 - percentile);
        return (long) Math.ceil(events * (1 - 1e-12)); // 100 - 99.9 is not exactly 0.1 in binary
    }

    /** @return the rule as recorded in capacity.json */
    public CapacityRecord.Rule rule() {
        return new CapacityRecord.Rule(tailEvents, minEvents(), repeats, maxRunTime.toMillis() / 1000.0,
                openLoopSteps, RESOLUTION);
    }

    /** @return the percentile as printed: {@code 99}, {@code 99.9} */
    public String percentileName() {
        return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
    }

    /**
     * @param text a latency with its unit: {@code 20ms}, {@code 500us} (or {@code µs}), {@code 0.02s}; a bare number
     *             is milliseconds
     * @return the latency in µs (rounded), or -1 when {@code text} is not such a latency or not above 0
     */
    public static long parseLatencyMicros(String text) {
        Matcher m = LATENCY.matcher(text == null ? "" : text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return -1;
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        double micros = switch (unit) {
            case "s" -> value * 1_000_000;
            case "ms" -> value * 1000;
            default -> value;
        };
        long rounded = Math.round(micros);
        return rounded > 0 ? rounded : -1;
    }
}
