package io.clusterbench.runner;

/**
 * How a run or sweep ended, for the command line to turn into an exit code. A refused target, missing
 * tables or an unwritable output directory are {@link io.clusterbench.UserException}s instead.
 *
 * <p>Immutable.
 */
public enum RunStatus {
    /** Every step ran to its end. */
    COMPLETED,
    /** Ctrl-C; finished intervals are saved. */
    INTERRUPTED,
    /** A statement error outside {@code --ignore-errors} stopped the run; finished intervals are saved. */
    ABORTED
}
