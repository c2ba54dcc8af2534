package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;

/**
 * One step of a list-append transaction (Elle's micro-operation): {@code append(key, value)} adds a unique value to
 * the end of the key's list; {@code read(key)} returns the whole list.
 *
 * <p>Immutable in use: {@code read} is never modified after construction (the array is not copied, for the checker's
 * memory on long histories).
 *
 * @param kind  append or read
 * @param key   the key (one row of the append table)
 * @param value the appended value (unique per key in a history); 0 for a read
 * @param read  for a read: the list observed, oldest element first ({@code []} for a missing row); null for an
 *              append, and for a read that was never executed (its transaction failed first)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MicroOp(Kind kind, long key, @JsonInclude(JsonInclude.Include.NON_DEFAULT) long value, long[] read) {
    /** The two micro-operations of list-append. */
    public enum Kind {
        APPEND("append"), READ("read");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** @return the word written in the history file */
        @JsonValue
        public String label() {
            return label;
        }
    }

    /** @return {@code append(key, value)} */
    public static MicroOp append(long key, long value) {
        return new MicroOp(Kind.APPEND, key, value, null);
    }

    /** @return {@code read(key)} that observed {@code list} (null: not executed) */
    public static MicroOp read(long key, long... list) {
        return new MicroOp(Kind.READ, key, 0, list);
    }

    /** @return a read of {@code key} not yet executed */
    public static MicroOp pendingRead(long key) {
        return new MicroOp(Kind.READ, key, 0, null);
    }

    /** @return true for an append */
    @JsonIgnore
    public boolean isAppend() {
        return kind == Kind.APPEND;
    }

    /** @return this read with its observed list */
    public MicroOp withRead(long[] list) {
        return new MicroOp(kind, key, value, list);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MicroOp m && m.kind == kind && m.key == key && m.value == value && Arrays.equals(m.read, read);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * kind.hashCode() + Long.hashCode(key)) + Long.hashCode(value)) + Arrays.hashCode(read);
    }

    @Override
    public String toString() {
        return isAppend() ? "append(" + key + ", " + value + ")" : "read(" + key + ") = " + (read == null ? "?"
                : Arrays.toString(read));
    }
}
