package io.clusterbench.ab;

/**
 * One run of an {@code ab} schedule: one side at one thread count in one repeat. The steps with the same
 * {@code threads} and {@code repeat} form a block (one run of every side, back to back; with two sides, a pair);
 * the statistics compare each side with the baseline within each block. Immutable.
 *
 * @param index   0-based position in the schedule (execution order)
 * @param repeat  1-based repeat number
 * @param threads worker threads
 * @param side    which server runs this step
 */
public record AbStep(int index, int repeat, int threads, Side side) {

    /** @return the step's directory name under {@code steps/}, e.g. {@code t0016-r2-B} or {@code t0016-r2-pgo1} */
    public String dirName() {
        return String.format(java.util.Locale.ROOT, "t%04d-r%d-%s", threads, repeat, side);
    }
}
