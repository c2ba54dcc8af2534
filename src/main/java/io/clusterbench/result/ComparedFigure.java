package io.clusterbench.result;

import java.util.function.Function;

/**
 * A figure that {@link Comparison} compares per thread count, with the direction that counts as better.
 * Immutable.
 */
public enum ComparedFigure {
    /** Events per measured second; higher is better. */
    TPS("tps", "events/s", true, SweepSummary.Point::tps),
    /** Event latency p95 in microseconds; lower is better. */
    P95("p95", "µs", false, SweepSummary.Point::p95Micros),
    /** Event latency p99 in microseconds; lower is better. */
    P99("p99", "µs", false, SweepSummary.Point::p99Micros);

    private final String key;
    private final String unit;
    private final boolean higherIsBetter;
    private final Function<SweepSummary.Point, Spread> spread;

    ComparedFigure(String key, String unit, boolean higherIsBetter, Function<SweepSummary.Point, Spread> spread) {
        this.key = key;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.spread = spread;
    }

    /** @return the figure's name as printed ({@code tps}, {@code p95}, {@code p99}) */
    public String key() {
        return key;
    }

    /** @return the unit of the stored values ({@code events/s} or {@code µs}) */
    public String unit() {
        return unit;
    }

    /** @return true when a larger value is better (tps), false when smaller is (latency) */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** @return this figure's spread over the repeats of one thread count */
    public Spread of(SweepSummary.Point point) {
        return spread.apply(point);
    }
}
