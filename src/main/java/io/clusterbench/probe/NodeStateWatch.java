package io.clusterbench.probe;

import io.clusterbench.db.Target;

import io.clusterbench.result.ProbeNodeSpell;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Samples every node's Galera state on its own thread while the probe runs, so that a node that was frozen or
 * unavailable is named with how long it was so, whatever the probe steps saw. Each reading (every
 * {@value #PERIOD_MILLIS} ms, one connection per node, bounded by a {@value #READ_TIMEOUT_MILLIS} ms socket
 * timeout) classifies the node as: {@code Synced} (healthy), the {@code wsrep_local_state_comment} when not
 * Synced ({@code Donor/Desynced} under {@code FLUSH TABLES WITH READ LOCK} or {@code wsrep_desync=ON},
 * {@code Joining}…), {@code Desynced} when Synced but {@code wsrep_desync_count > 0}, {@code not ready}
 * ({@code wsrep_ready=OFF}), or {@code unavailable} (no answer in time, or the connection failed). The time
 * from the previous reading to a reading is credited to that reading's state (cluster-consistency.md §1.3).
 *
 * <p>Thread-safe: one sampling thread writes; {@link #spells} may be read at any time (it is meant for after
 * {@link #stop}, which joins the thread unless a node's connect outlasts the join).
 */
public final class NodeStateWatch {
    /** Time between readings of one node (ms). */
    public static final int PERIOD_MILLIS = 200;
    /** Longest wait for one node's reading (ms) before it counts as unavailable. */
    public static final int READ_TIMEOUT_MILLIS = 1000;
    private static final String QUERY = "SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
            + "WHERE VARIABLE_NAME IN ('WSREP_LOCAL_STATE_COMMENT', 'WSREP_READY', 'WSREP_DESYNC_COUNT')";
    private static final Executor DIRECT = Runnable::run;
    private final Target target;
    private final List<String> names;
    private final long startedNanos;
    private final List<Map<String, long[]>> spells = new ArrayList<>();
    /** As {@link #spells}, since the last {@link #window()}; guarded by {@link #spells}. */
    private final List<Map<String, long[]>> window = new ArrayList<>();
    private final Connection[] connections;
    private final long[] lastNanos;
    private volatile boolean stopping;
    private Thread thread;

    /**
     * @param target       the nodes (no session variables needed)
     * @param names        a name per endpoint, same order
     * @param startedNanos the probe's start ({@link System#nanoTime()}), origin of the reported offsets
     */
    public NodeStateWatch(Target target, List<String> names, long startedNanos) {
        this.target = target;
        this.names = names;
        this.startedNanos = startedNanos;
        this.connections = new Connection[names.size()];
        this.lastNanos = new long[names.size()];
        for (int i = 0; i < names.size(); i++) {
            spells.add(new LinkedHashMap<>());
            window.add(new LinkedHashMap<>());
        }
    }

    /** Starts the sampling thread (a daemon). */
    public void start() {
        long now = System.nanoTime();
        java.util.Arrays.fill(lastNanos, now);
        thread = new Thread(this::loop, "probe-node-state");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops sampling, waits for the thread (at most one reading round) and closes its connections. */
    public void stop() {
        stopping = true;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5) + (long) READ_TIMEOUT_MILLIS * names.size());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void loop() {
        try {
            while (!stopping) {
                for (int i = 0; i < names.size() && !stopping; i++) {
                    String state = read(i);
                    long now = System.nanoTime();
                    if (!state.equals("Synced")) {
                        synchronized (spells) {
                            credit(spells.get(i), state, now - lastNanos[i], now);
                            credit(window.get(i), state, now - lastNanos[i], now);
                        }
                    }
                    lastNanos[i] = now;
                }
                Thread.sleep(PERIOD_MILLIS);
            }
        } catch (InterruptedException e) {
            // stop() asked
        } finally {
            for (int i = 0; i < connections.length; i++) {
                close(i);
            }
        }
    }

    private static void credit(Map<String, long[]> node, String state, long nanos, long now) {
        long[] s = node.computeIfAbsent(state, k -> new long[]{0, now, now});
        s[0] += nanos;
        s[2] = now;
    }

    private String read(int i) {
        try {
            if (connections[i] == null) {
                connections[i] = target.open(target.endpoints().get(i));
                connections[i].setNetworkTimeout(DIRECT, READ_TIMEOUT_MILLIS);
            }
            String comment = "";
            String ready = "ON";
            long desync = 0;
            try (Statement s = connections[i].createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
                while (rs.next()) {
                    String v = rs.getString(2);
                    switch (rs.getString(1).toUpperCase(Locale.ROOT)) {
                        case "WSREP_LOCAL_STATE_COMMENT" -> comment = v;
                        case "WSREP_READY" -> ready = v;
                        case "WSREP_DESYNC_COUNT" -> desync = parse(v);
                        default -> { }
                    }
                }
            }
            if (!"ON".equalsIgnoreCase(ready)) {
                return "not ready";
            }
            if (comment.isEmpty()) {
                return "Synced"; // not a Galera node: nothing to watch
            }
            return comment.equals("Synced") && desync > 0 ? "Desynced" : comment;
        } catch (SQLException | io.clusterbench.db.DbFailure e) {
            close(i);
            return "unavailable";
        }
    }

    private void close(int i) {
        if (connections[i] != null) {
            try {
                connections[i].close();
            } catch (SQLException ignored) {
                // already broken
            }
            connections[i] = null;
        }
    }

    private static long parse(String v) {
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * @return every node that was not Synced at some reading, with each state it was in: name, state,
     *         {@code seconds} (time credited to the state), {@code firstSeenSeconds} and {@code lastSeenSeconds}
     *         (offsets from the probe's start); call after {@link #stop}
     */
    public List<ProbeNodeSpell> spells() {
        synchronized (spells) {
            return list(spells);
        }
    }

    /**
     * The spells since the previous call (or since {@link #start}), then starts a new window: call it at a level's
     * start and again at its end to get what the nodes went through during the level. Thread-safe.
     *
     * @return as {@link #spells}, with {@code seconds} credited within the window and the first and last readings in
     *         it (offsets from the probe's start)
     */
    public List<ProbeNodeSpell> window() {
        synchronized (spells) {
            List<ProbeNodeSpell> out = list(window);
            window.forEach(Map::clear);
            return out;
        }
    }

    private List<ProbeNodeSpell> list(List<Map<String, long[]>> source) {
        List<ProbeNodeSpell> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            for (Map.Entry<String, long[]> e : source.get(i).entrySet()) {
                long[] s = e.getValue();
                out.add(new ProbeNodeSpell(names.get(i), e.getKey(), s[0] / 1e9, (s[1] - startedNanos) / 1e9,
                        (s[2] - startedNanos) / 1e9));
            }
        }
        return out;
    }
}
