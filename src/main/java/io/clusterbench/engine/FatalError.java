package io.clusterbench.engine;

/**
 * What stopped a run before its end, as a typed value: the kind, and for a statement or a reconnect the vendor code,
 * SQLSTATE and endpoint, so the verdict names the cause without parsing a line back. {@link #line()} is the text
 * result.json records as {@code fatalError}.
 *
 * <p>Immutable.
 *
 * @param kind       what failed
 * @param vendorCode the server's error code ({@code 1146}), or -1 when there is none (unreachable, output)
 * @param sqlState   the SQLSTATE, "" when none
 * @param endpoint   the endpoint label the error came from, or null
 * @param message    the error's own message (the driver's, the writer's, or the unreachable rule's)
 */
public record FatalError(Kind kind, int vendorCode, String sqlState, String endpoint, String message) {
    /** What failed. */
    public enum Kind {
        /** A statement failed with an error outside {@code --ignore-errors}. */
        STATEMENT,
        /** A reconnect was refused for good (access denied, unknown database). */
        RECONNECT,
        /** Every endpoint stayed unreachable for the give-up time ({@link Unreachable}). */
        UNREACHABLE,
        /** Writing the result files failed. */
        OUTPUT
    }

    public FatalError {
        sqlState = sqlState == null ? "" : sqlState;
        message = message == null ? "" : message;
    }

    /** @return a statement's error at {@code endpoint} */
    static FatalError statement(int code, String sqlState, String endpoint, String message) {
        return new FatalError(Kind.STATEMENT, code, sqlState, endpoint, message);
    }

    /** @return a reconnect refused for good */
    static FatalError reconnect(int code, String endpoint, String message) {
        return new FatalError(Kind.RECONNECT, code, "", endpoint, message);
    }

    /** @return the give-up of a target whose every endpoint stayed unreachable, described by {@code message} */
    static FatalError unreachable(String message) {
        return new FatalError(Kind.UNREACHABLE, -1, "", null, message);
    }

    /** @return a failed write of the result files */
    static FatalError output(String message) {
        return new FatalError(Kind.OUTPUT, -1, "", null, message);
    }

    /**
     * @return the line result.json records: {@code CODE[/STATE] at ENDPOINT: message} for a statement,
     *         {@code reconnect failed: CODE: message}, the unreachable rule's sentence, or
     *         {@code cannot write results: message}
     */
    public String line() {
        return switch (kind) {
            case STATEMENT -> vendorCode + (sqlState.isEmpty() ? "" : "/" + sqlState) + " at " + endpoint + ": " + message;
            case RECONNECT -> "reconnect failed: " + vendorCode + ": " + message;
            case UNREACHABLE -> message;
            case OUTPUT -> "cannot write results: " + message;
        };
    }
}
