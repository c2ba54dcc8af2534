package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The kinds of edge between two transactions of a history (Adya's dependencies, plus real time).
 *
 * <p>Immutable.
 */
public enum DepType {
    /** Write-write: {@code to} appended the next value of a key after {@code from}'s append. */
    WW("ww", 1),
    /** Write-read: {@code to} read a list whose observed values include {@code from}'s append. */
    WR("wr", 2),
    /** Read-write (anti-dependency): {@code from} read a key and {@code to} appended its next value. */
    RW("rw", 4),
    /** Real time: {@code from} was acknowledged before {@code to} was invoked. */
    RT("rt", 8);

    private final String label;
    private final int bit;

    DepType(String label, int bit) {
        this.label = label;
        this.bit = bit;
    }

    /** @return the edge's short name, e.g. {@code rw} */
    @JsonValue
    public String label() {
        return label;
    }

    /** @return the type's bit in an edge mask */
    int bit() {
        return bit;
    }
}
