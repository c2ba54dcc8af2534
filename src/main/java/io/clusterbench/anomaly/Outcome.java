package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What the client learnt about one operation of a history (Jepsen's {@code :ok}, {@code :fail}, {@code :info}).
 *
 * <p>Immutable.
 */
public enum Outcome {
    /** Acknowledged: the commit (or the autocommit statement) returned success. */
    OK("ok"),
    /**
     * Definitely not committed: a statement failed before COMMIT was sent (the server cannot commit what it never
     * was asked to), or the server answered the COMMIT with an error (deadlock, certification failure).
     */
    FAILED("failed"),
    /**
     * Possibly committed: the COMMIT (or the autocommit statement) was sent and no answer came back (a timeout, a
     * lost connection, a node leaving the primary component). Its writes may justify reads, but no check requires
     * them.
     */
    UNKNOWN("unknown");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    /** @return the word written in the history file */
    @JsonValue
    public String label() {
        return label;
    }
}
