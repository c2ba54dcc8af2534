package io.clusterbench;

/**
 * A problem the user can fix: bad input, an unreachable server, a wrong password, missing tables.
 *
 * <p>Immutable. The CLI prints it as one line {@code error: <what> — <hint>} and exits with status 2
 * (the command line's USAGE exit code); no stack trace is shown.
 */
public final class UserException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String hint;

    /**
     * @param what what is wrong, one sentence without a trailing period
     * @param hint what to do about it, or {@code null} when the message says it all
     */
    public UserException(String what, String hint) {
        super(what);
        this.hint = hint;
    }

    /** @param what what is wrong; @param cause the underlying failure, kept for {@code --verbose} */
    public UserException(String what, String hint, Throwable cause) {
        super(what, cause);
        this.hint = hint;
    }

    /** @return the hint, or {@code null} */
    public String hint() {
        return hint;
    }

    /** @return the single line shown to the user: {@code <what> — <hint>} */
    public String line() {
        return hint == null ? getMessage() : getMessage() + " — " + hint;
    }
}
