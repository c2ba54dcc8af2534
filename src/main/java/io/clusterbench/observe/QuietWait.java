package io.clusterbench.observe;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Waits between sweep steps until the server is quiet: {@code Threads_running} back to its idle level
 * (read before the first step) for two readings in a row, or a timeout.
 *
 * <p>Confined to the caller's thread; opens its own short-lived connection.
 */
public final class QuietWait {
    private static final long POLL_MILLIS = 250;

    private QuietWait() {
    }

    /** @return Threads_running now (our own reading connection counts 1), or -1 when it cannot be read */
    public static long threadsRunning(Target target, Endpoint endpoint) {
        try (Connection c = target.open(endpoint)) {
            return read(c);
        } catch (SQLException | DbFailure e) {
            return -1;
        }
    }

    /**
     * @param idleLevel Threads_running when idle (from {@link #threadsRunning} before the sweep)
     * @param timeout   longest wait; zero returns at once
     * @return seconds waited, or -1 when the timeout passed first (the step then starts anyway)
     */
    public static double await(Target target, Endpoint endpoint, long idleLevel, Duration timeout) {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        if (timeout.isZero() || idleLevel < 0) {
            return 0;
        }
        int quietReadings = 0;
        try (Connection c = target.open(endpoint)) {
            while (System.nanoTime() < deadline) {
                long running = read(c);
                quietReadings = running <= idleLevel ? quietReadings + 1 : 0;
                if (quietReadings >= 2) {
                    return (System.nanoTime() - start) / 1e9;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (SQLException | DbFailure e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
        return -1;
    }

    private static long read(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Threads_running'")) {
            return rs.next() ? Long.parseLong(rs.getString(2)) : -1;
        }
    }
}
