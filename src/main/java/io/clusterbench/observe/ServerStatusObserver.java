package io.clusterbench.observe;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code SHOW GLOBAL STATUS} of one server, per interval: counter deltas as rates per second, and gauges as
 * read at the interval end. An interval across which the counters may not be differenced ({@link CounterReset}:
 * the server restarted, was replaced or had its counters lowered, or this or the previous reading failed) is a
 * gap: its sample has {@code gap} (the reason) and the gauges, no rate, and the next interval is differenced
 * from this reading (docs/metrics.md, "Counter resets").
 *
 * <p>Confined to the thread that samples it; owns one connection. A failed reading yields
 * {@code {"readFailures": N, "gap": "unanswered"}} and a reconnect at the next interval.
 */
public final class ServerStatusObserver implements Observer {
    /** The observer's name: its samples are {@code observed.server}. */
    public static final String NAME = "server";
    /** Counters reported as {@code <name>PerSecond} (deltas ÷ interval seconds). */
    public static final List<String> COUNTERS = List.of("Questions", "Com_select", "Com_insert", "Com_update",
            "Com_delete", "Com_commit", "Com_rollback", "Innodb_rows_read", "Innodb_rows_inserted",
            "Innodb_rows_updated", "Innodb_rows_deleted", "Innodb_buffer_pool_read_requests",
            "Innodb_buffer_pool_reads", "Innodb_data_written", "Innodb_data_read", "Aborted_connects",
            "Connection_errors_max_connections");
    /** Gauges reported as read at the interval end. */
    public static final List<String> GAUGES = List.of("Threads_running", "Threads_connected");
    /** The sample's key naming why the interval has no rates ({@link CounterReset}); absent when it has them. */
    public static final String GAP = "gap";
    /** Read for {@link CounterReset} only, not reported. */
    private static final List<String> CLOCKS = List.of(CounterReset.UPTIME, CounterReset.UPTIME_SINCE_FLUSH);

    private final Target target;
    private final Endpoint endpoint;
    private Connection connection;
    private Map<String, Long> last = new HashMap<>();
    /** When {@link #last} was read ({@link System#nanoTime()}, middle of the round trip). */
    private long lastAtNanos;
    private long readAtNanos;
    /** True when a reading failed since {@link #last} was read. */
    private boolean unansweredSince;
    private Map<String, Object> lastSample = Map.of();
    private long failures;

    /** @param target where to connect; @param endpoint which server to observe */
    public ServerStatusObserver(Target target, Endpoint endpoint) {
        this.target = target;
        this.endpoint = endpoint;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void connect() {
        try {
            if (connection == null) {
                connection = target.open(endpoint);
            }
        } catch (DbFailure e) {
            // start() tries again and counts a failure
        }
    }

    @Override
    public void start() {
        last = read();
        lastAtNanos = readAtNanos;
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        Map<String, Long> now = read();
        if (now.isEmpty()) {
            lastSample = Map.of();
            unansweredSince = true; // the next reading's difference spans more than its interval
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("readFailures", failures);
            out.put(GAP, CounterReset.UNANSWERED);
            return out;
        }
        String reset = last.isEmpty() ? null
                : CounterReset.between(last, now, (readAtNanos - lastAtNanos) / 1e9, COUNTERS);
        String gap = reset != null ? reset : last.isEmpty() || unansweredSince ? CounterReset.UNANSWERED : null;
        unansweredSince = false;
        Map<String, Object> out = new LinkedHashMap<>();
        if (gap == null) {
            rates(now, intervalSeconds, out);
        } else {
            out.put(GAP, gap);
        }
        for (String name : GAUGES) {
            if (now.containsKey(name)) {
                out.put(name, now.get(name));
            }
        }
        last = now;
        lastAtNanos = readAtNanos;
        lastSample = out;
        return out;
    }

    private void rates(Map<String, Long> now, double intervalSeconds, Map<String, Object> out) {
        for (String name : COUNTERS) {
            Long a = last.get(name);
            Long b = now.get(name);
            if (a != null && b != null) {
                out.put(name + "PerSecond", round((b - a) / intervalSeconds));
            }
        }
        Long requests = delta(now, "Innodb_buffer_pool_read_requests");
        Long reads = delta(now, "Innodb_buffer_pool_reads");
        if (requests != null && reads != null && requests > 0) {
            out.put("bufferPoolMissPercent", round(100.0 * reads / requests));
        }
    }

    @Override
    public String linePrefix() {
        return "srv:";
    }

    @Override
    public String compactLine() {
        Object running = lastSample.get("Threads_running");
        Object miss = lastSample.get("bufferPoolMissPercent");
        if (running == null) {
            return "";
        }
        // no page request in the window: a miss share of nothing, shown as '-' rather than dropped from the line
        boolean noRequests = Double.valueOf(0.0).equals(lastSample.get("Innodb_buffer_pool_read_requestsPerSecond"))
                && lastSample.containsKey("Innodb_buffer_pool_readsPerSecond");
        String bp = miss != null ? String.format(Locale.ROOT, " bp-miss %.1f%%", (Double) miss)
                : noRequests ? " bp-miss -" : "";
        Object gap = lastSample.get(GAP);
        return "srv: run " + running + bp + (gap == null ? "" : " gap " + gap);
    }

    private Long delta(Map<String, Long> now, String name) {
        Long a = last.get(name);
        Long b = now.get(name);
        return a == null || b == null ? null : b - a;
    }

    private Map<String, Long> read() {
        try {
            if (connection == null) {
                connection = target.open(endpoint);
            }
            Map<String, Long> values = new HashMap<>();
            long t0 = System.nanoTime();
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS")) {
                readAtNanos = t0 + (System.nanoTime() - t0) / 2;
                while (rs.next()) {
                    String name = rs.getString(1);
                    if (COUNTERS.contains(name) || GAUGES.contains(name) || CLOCKS.contains(name)) {
                        try {
                            values.put(name, Long.parseLong(rs.getString(2)));
                        } catch (NumberFormatException ignored) {
                            // not a number on this server version: left out
                        }
                    }
                }
            }
            return values;
        } catch (SQLException | DbFailure e) {
            failures++;
            close();
            return Map.of();
        }
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    @Override
    public void close() {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // the connection is gone either way
        }
        connection = null;
    }
}
