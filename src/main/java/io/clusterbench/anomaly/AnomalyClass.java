package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The anomaly classes the list-append checker names. The cycle classes are Adya's (Adya, Weak Consistency, MIT 1999)
 * as Jepsen's Elle reports them (Kingsbury and Alvaro, VLDB 2020); docs/consistency.md defines each with an example.
 * Dependency edges: ww (write-write: the next version of a key), wr (write-read: a read observed the append), rw
 * (read-write anti-dependency: a read missed the next version), rt (real time: one transaction was acknowledged
 * before the other was invoked).
 *
 * <p>Immutable.
 */
public enum AnomalyClass {
    /** Write cycle: a cycle of ww edges only. */
    G0("G0", Unit.TRANSACTIONS),
    /** Aborted read: an acknowledged transaction read a value appended by a failed transaction. */
    G1A("G1a", Unit.READS),
    /** Intermediate read: a read observed some of another transaction's appends to a key but not its last one. */
    G1B("G1b", Unit.READS),
    /** Circular information flow: a cycle of ww and wr edges with at least one wr edge. */
    G1C("G1c", Unit.TRANSACTIONS),
    /** Read skew: a cycle of ww, wr and exactly one rw edge. */
    G_SINGLE("G-single", Unit.TRANSACTIONS),
    /** Write skew and kin: a cycle of ww, wr and at least two rw edges. */
    G2_ITEM("G2-item", Unit.TRANSACTIONS),
    /**
     * Lost update (P4): two committed transactions each read the same version of a key (the same list) before
     * appending to that key; in any serial order the second would have seen the first's append.
     */
    LOST_UPDATE("lost-update", Unit.TRANSACTIONS),
    /** A cycle of ww and rt edges with at least one rt edge: the version order contradicts real time. */
    G0_REALTIME("G0-realtime", Unit.TRANSACTIONS),
    /** A cycle of ww, wr and rt edges with at least one wr and one rt edge. */
    G1C_REALTIME("G1c-realtime", Unit.TRANSACTIONS),
    /** A cycle with exactly one rw edge and at least one rt edge (a stale read is the common case). */
    G_SINGLE_REALTIME("G-single-realtime", Unit.TRANSACTIONS),
    /** A cycle with at least two rw edges and at least one rt edge. */
    G2_ITEM_REALTIME("G2-item-realtime", Unit.TRANSACTIONS),
    /**
     * Real-time stale read: a read (not a final read) whose list lacks a value whose append was acknowledged before
     * the reading transaction was invoked.
     */
    STALE_READ("stale-read", Unit.READS),
    /** Incompatible order: a read that is not a prefix of the key's longest read; two reads disagree on the order. */
    INCOMPATIBLE_ORDER("incompatible-order", Unit.READS),
    /** Duplicate append: a read holds the same appended value twice (one append applied twice). */
    DUPLICATE_APPEND("duplicate-append", Unit.READS),
    /** Garbage read: a read holds a value that no transaction of the history appended. */
    GARBAGE_READ("garbage-read", Unit.READS),
    /**
     * Internal inconsistency: a transaction's read does not extend its own earlier read of the key, or does not end
     * with the values it appended to the key since then.
     */
    INTERNAL("internal", Unit.TRANSACTIONS),
    /** Lost append: an acknowledged append missing from a final read of its key. */
    LOST_APPEND("lost-append", Unit.APPENDS);

    /** What a class's count and its "0 in N" bound count. */
    public enum Unit {
        /** Acknowledged transactions. */
        TRANSACTIONS("transactions"),
        /** Acknowledged reads (micro-operations); for stale reads the final reads are left out. */
        READS("reads"),
        /** Acknowledged appends to keys that have a final read. */
        APPENDS("appends");

        private final String label;

        Unit(String label) {
            this.label = label;
        }

        /** @return the plural noun, e.g. {@code transactions} */
        @JsonValue
        public String label() {
            return label;
        }
    }

    private final String label;
    private final Unit unit;

    AnomalyClass(String label, Unit unit) {
        this.label = label;
        this.unit = unit;
    }

    /** @return the name Jepsen uses (e.g. {@code G-single}), as written in results */
    @JsonValue
    public String label() {
        return label;
    }

    /** @return what the class's count counts */
    public Unit unit() {
        return unit;
    }
}
