package io.clusterbench.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What {@link Workload#init(Connection, InitContext)} may use beyond its one connection: more connections to
 * read key spaces in parallel, a clock to time that reading (not a measured run), and a sink for progress.
 *
 * <p>Immutable; the connection source and the progress sink must be thread-safe.
 *
 * @param connections opens another connection to the same database (the caller closes it)
 * @param threads     connections to read with in parallel, &ge; 1 (the first one is the caller's)
 * @param clockNanos  monotonic clock in nanoseconds, e.g. {@code System::nanoTime}; null when untimed
 * @param progress    receives one human-readable line per step
 */
public record InitContext(Opener connections, int threads, LongSupplier clockNanos, Consumer<String> progress) {

    /** Opens a connection to the workload's database. */
    @FunctionalInterface
    public interface Opener {
        /**
         * @return a new connection, owned by the caller
         * @throws SQLException when the server refuses it
         */
        Connection open() throws SQLException;
    }

    /** @return a context with no extra connection, no clock (load time unknown) and no progress lines */
    public static InitContext single() {
        return new InitContext(() -> {
            throw new SQLException("no extra connections in this context");
        }, 1, null, line -> { });
    }

    /** @return true when the clock is real (a context made by {@link #single()} has none) */
    public boolean timed() {
        return clockNanos != null;
    }
}
