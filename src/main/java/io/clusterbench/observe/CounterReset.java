package io.clusterbench.observe;

import java.util.Collection;
import java.util.Map;

/**
 * Whether two readings of one server's cumulative counters may be differenced (docs/metrics.md, "Counter
 * resets"). They may not when the server behind the connection started again (a restarted node), when
 * {@code FLUSH STATUS} reset its counters, or when another server now answers at the same address (a failover
 * behind a proxy or a virtual IP): a rate taken across such a change is a fiction, negative or inflated. The
 * interval is then a <em>gap</em> for that node: no rates, and the reason in its sample.
 *
 * <p>Evidence, in this order:
 * <ol>
 *   <li>{@code Uptime} (seconds the server has run) advanced {@link #TOLERANCE_SECONDS} or more less than the
 *       time between the readings: the server started again ({@link #RESTART});</li>
 *   <li>{@code Uptime} advanced that much more than the time between the readings: a server that had been up
 *       longer now answers ({@link #REPLACED});</li>
 *   <li>a counter went down: after a {@code FLUSH STATUS} ({@code Uptime_since_flush_status} advanced that much
 *       less than the time between the readings) {@link #FLUSH}, else {@link #COUNTER_DOWN} (a server without
 *       those status variables, or a reset the uptimes do not show).</li>
 * </ol>
 * A {@code FLUSH STATUS} that lowered no counter is no gap: MariaDB 10.11 and MySQL 8.0 add the sessions' values
 * to the global counters and reset only the session's (checked on MariaDB 10.11: no global counter of
 * {@code SHOW GLOBAL STATUS} went down, {@code Uptime_since_flush_status} went to 0), so the rates across it are
 * still true.
 *
 * <p>Thread-safe (stateless).
 */
public final class CounterReset {
    /** The server started again since the previous reading. */
    public static final String RESTART = "restart";
    /** Another server, up for longer, answers at the same endpoint. */
    public static final String REPLACED = "replaced";
    /** {@code FLUSH STATUS} lowered a counter since the previous reading. */
    public static final String FLUSH = "flush";
    /** A counter went down without the uptimes showing why. */
    public static final String COUNTER_DOWN = "counter-down";
    /** The node did not answer at this reading, or at the previous one: there is nothing to difference. */
    public static final String UNANSWERED = "unanswered";
    /**
     * Slack between the server's whole-second uptime and the client's clock: the server rounds down to the
     * second, and each reading takes its own round trip; 2 s is above both on a loaded host.
     */
    public static final double TOLERANCE_SECONDS = 2.0;
    /** Status variable: seconds since the server started. */
    public static final String UPTIME = "Uptime";
    /** Status variable: seconds since the last {@code FLUSH STATUS} (or the start). */
    public static final String UPTIME_SINCE_FLUSH = "Uptime_since_flush_status";

    private CounterReset() {
    }

    /**
     * @param before         the previous reading, status name → value
     * @param now            this reading
     * @param elapsedSeconds client time between the two readings, ≥ 0
     * @param counters       the names of the cumulative counters to check for a decrease
     * @return the reason the readings may not be differenced ({@link #RESTART}, {@link #REPLACED}, {@link #FLUSH},
     *         {@link #COUNTER_DOWN}), or null when they may
     */
    public static String between(Map<String, Long> before, Map<String, Long> now, double elapsedSeconds,
                                 Collection<String> counters) {
        Long up0 = before.get(UPTIME);
        Long up1 = now.get(UPTIME);
        if (up0 != null && up1 != null) {
            double advanced = up1 - up0;
            if (advanced < elapsedSeconds - TOLERANCE_SECONDS) {
                return RESTART;
            }
            if (advanced > elapsedSeconds + TOLERANCE_SECONDS) {
                return REPLACED;
            }
        }
        for (String name : counters) {
            Long a = before.get(name);
            Long b = now.get(name);
            if (a != null && b != null && b < a) {
                Long flush0 = before.get(UPTIME_SINCE_FLUSH);
                Long flush1 = now.get(UPTIME_SINCE_FLUSH);
                boolean flushed = flush0 != null && flush1 != null && flush1 - flush0 < elapsedSeconds - TOLERANCE_SECONDS;
                return flushed ? FLUSH : COUNTER_DOWN;
            }
        }
        return null;
    }
}
