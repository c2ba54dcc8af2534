package io.clusterbench.anomaly;

/**
 * What the bank and counter invariants count when they break (docs/consistency.md, "The invariant workloads"), named
 * as results and the console name them, each with what its count counts.
 *
 * <p>Immutable.
 */
public enum InvariantClass {
    /** A bank read whose total differs from the starting total: money created or destroyed (lost updates). */
    WRONG_TOTAL("wrong-total", "reads"),
    /** A bank read holding a negative balance. */
    NEGATIVE_BALANCE("negative-balance", "reads"),
    /** A bank read that did not show every account. */
    WRONG_ACCOUNTS("wrong-account-count", "reads"),
    /** A counter read below the increments acknowledged before it was invoked. */
    STALE_COUNTER_READ("stale-read", "reads"),
    /** A counter read above every increment invoked before it completed. */
    IMPOSSIBLE_COUNTER_READ("impossible-read", "reads"),
    /** Acknowledged increments missing from a final read (the most any final read fell short). */
    LOST_INCREMENT("lost-increment", "increments"),
    /** Increments in a final read beyond the acknowledged and unknown ones: failed increments that were applied. */
    EXTRA_INCREMENT("extra-increment", "increments");

    private final String label;
    private final String unit;

    InvariantClass(String label, String unit) {
        this.label = label;
        this.unit = unit;
    }

    /** @return the name written in results */
    public String label() {
        return label;
    }

    /** @return what a count of this class counts (plural noun) */
    public String unit() {
        return unit;
    }
}
