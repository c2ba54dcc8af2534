package io.clusterbench.result;

import java.util.Locale;

/**
 * The verdict on one figure at one thread count: is side B better or worse than baseline A, or is the
 * difference within run-to-run noise? Immutable.
 *
 * <p>The rule (docs/metrics.md, "Comparison"; DESIGN.md "Spread"): a difference is called only when both
 * sides have at least {@link #MIN_RUNS} runs at that thread count and the closed ranges [min, max] of the
 * two sides do not overlap ({@link Spread#overlaps}) <em>and</em> the medians lie further apart than the
 * wider of the two ranges is wide. The second condition keeps a table of many rows from calling
 * differences out of pure noise: with 3 runs a side, disjoint ranges alone happen by chance in 1 row of
 * 10, so a 5-thread-count sweep with three figures would show a false difference most of the time.
 * Then the text gives the change of B's median against
 * A's median, |B/A − 1| × 100, in percent. Otherwise the difference is "within noise"; when a side has
 * fewer than {@link #MIN_RUNS} runs the text says "too few runs to judge" (a single run has no spread), so a single run
 * never claims a win.
 *
 * @param kind          what was found
 * @param changePercent (B median / A median − 1) × 100, signed; null when a side is missing or A's median is 0
 * @param text          the verdict as printed, e.g. {@code B faster by 12.3%}
 */
public record Verdict(Kind kind, Double changePercent, String text) {
    /**
     * Runs per side and thread count needed before a difference is called: 3. With n runs a side drawn from
     * one distribution, the two ranges miss each other by chance with probability 2·n!·n!/(2n)!: 1/3 for
     * n = 2, 1/10 for n = 3, 1/126 for n = 5; 2 runs would call too many differences from noise.
     */
    public static final int MIN_RUNS = 3;

    /** The rule in one sentence, printed verbatim by {@code help compare}, the HTML report, README and docs/sweeps.md. */
    public static final String RULE = "A difference is called only when both sides have at least 3 runs at that thread count, their min–max ranges do not overlap, and the medians lie further apart than the wider range is wide; with fewer runs the verdict is \"too few runs to judge\", otherwise \"within noise\".";

    /** What a comparison found. */
    public enum Kind {
        /** B is better and the ranges do not overlap. */
        BETTER,
        /** B is worse and the ranges do not overlap. */
        WORSE,
        /** The ranges overlap. */
        WITHIN_NOISE,
        /** A side has fewer than {@link #MIN_RUNS} runs: its spread is unknown, no difference is called. */
        NO_SPREAD,
        /** A side has no run at this thread count. */
        MISSING
    }

    /**
     * Applies the rule.
     *
     * @param figure    the figure compared (its direction decides better/worse)
     * @param baseLabel label of the baseline, e.g. {@code A}
     * @param base      the baseline's spread, or null when it has no run at this thread count
     * @param label     label of the compared side, e.g. {@code B}
     * @param other     the compared side's spread, or null when it has no run
     * @return the verdict
     */
    public static Verdict of(ComparedFigure figure, String baseLabel, Spread base, String label, Spread other) {
        if (base == null || base.count() == 0 || other == null || other.count() == 0) {
            String missing = base == null || base.count() == 0 ? baseLabel : label;
            return new Verdict(Kind.MISSING, null, "not measured in " + missing);
        }
        Double change = base.median() > 0 ? (other.median() / base.median() - 1) * 100 : null;
        if (base.count() < MIN_RUNS || other.count() < MIN_RUNS) {
            return new Verdict(Kind.NO_SPREAD, change, "too few runs to judge (" + tooFew(baseLabel, base, label, other) + ")");
        }
        if (base.overlaps(other)) {
            return new Verdict(Kind.WITHIN_NOISE, change, "within noise");
        }
        double gap = Math.abs(other.median() - base.median());
        double width = Math.max(base.max() - base.min(), other.max() - other.min());
        if (gap <= width) {
            return new Verdict(Kind.WITHIN_NOISE, change, "within noise (ranges apart, gap smaller than the spread)");
        }
        boolean larger = other.median() > base.median();
        boolean better = larger == figure.higherIsBetter();
        String word = figure.higherIsBetter() ? (larger ? "faster" : "slower") : (larger ? "higher" : "lower");
        String amount = change == null ? "" : String.format(Locale.ROOT, " by %.1f%%", Math.abs(change));
        return new Verdict(better ? Kind.BETTER : Kind.WORSE, change, label + " " + word + amount);
    }

    private static String tooFew(String baseLabel, Spread base, String label, Spread other) {
        int fewest = Math.min(base.count(), other.count());
        String who;
        if (base.count() == other.count()) {
            who = fewest + (fewest == 1 ? " run each" : " runs each");
        } else {
            Spread few = base.count() < other.count() ? base : other;
            who = (few == base ? baseLabel : label) + " has " + few.count() + (few.count() == 1 ? " run" : " runs");
        }
        return fewest == 1 ? who + ": no spread, repeat with --repeat"
                : who + ": too few to call, repeat with --repeat " + MIN_RUNS + " or more";
    }
}
