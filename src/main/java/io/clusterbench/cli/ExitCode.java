package io.clusterbench.cli;

/**
 * Every exit status clusterbench uses (also listed in {@code --help}). A value never gets a new meaning.
 *
 * <p>Immutable.
 */
public enum ExitCode {
    /** Success. */
    OK(0, "success"),
    /** Internal error: a bug (stack trace with --verbose). */
    SOFTWARE(1, "internal error (a bug; rerun with --verbose and report it)"),
    /** Bad input or an unusable target: bad option, unreachable server, wrong password, missing tables. */
    USAGE(2, "bad input or unusable target (one line on stderr says what and what to do)"),
    /** The command ran but a check it performs failed. */
    CHECK_FAILED(3, "the command ran but a check failed"),
    /**
     * A statement error outside --ignore-errors, or a target whose every endpoint stayed unreachable, stopped the
     * run; finished intervals are saved.
     */
    RUN_ABORTED(4, "a SQL error outside --ignore-errors, or every server unreachable, stopped the run "
            + "(finished intervals are saved)"),
    /** Interrupted (Ctrl-C); finished intervals are saved and the summary printed. */
    INTERRUPTED(130, "interrupted (Ctrl-C); finished intervals are saved");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** @return the process exit status */
    public int code() {
        return code;
    }

    /** @return what the status means */
    public String meaning() {
        return meaning;
    }

    /** @return the exit code of a run or sweep that ended this way */
    static ExitCode of(io.clusterbench.runner.RunStatus status) {
        return switch (status) {
            case COMPLETED -> OK;
            case CHECK_FAILED -> CHECK_FAILED;
            case INTERRUPTED -> INTERRUPTED;
            case ABORTED -> RUN_ABORTED;
        };
    }

    /** @return the {@code --help} section listing every code */
    static String helpList() {
        StringBuilder b = new StringBuilder();
        for (ExitCode c : values()) {
            b.append(String.format(java.util.Locale.ROOT, "  %3d  %s%n", c.code, c.meaning));
        }
        return b.toString();
    }
}
