package io.clusterbench.chores;

import io.clusterbench.runner.Console;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Flow control during a {@code prepare} on Galera (issue 20): a load is the largest write burst a cluster
 * sees, so while it runs every {@value #PERIOD_SECONDS} s the watcher reads each node's
 * {@code wsrep_flow_control_paused_ns}, {@code _sent} and {@code _recv} and prints a line when the cluster
 * was paused in that period, and at the end one summary line for the whole load (docs/metrics.md,
 * "Loading"). Nodes without {@code wsrep_on=ON} are not watched; with none, the watcher does nothing.
 *
 * <p>One daemon thread and one connection per node, opened at the start; a node that stops answering is
 * dropped from the figures. Thread-safe: {@link #close} may come from the loading thread at any time.
 */
final class LoadFlowControl implements AutoCloseable {
    static final int PERIOD_SECONDS = 5;
    private final List<Node> nodes;
    private final Console console;
    private final Thread thread;
    private final long startNanos = System.nanoTime();

    /** One watched node: its connection, name and the counters at the start and at the last reading. */
    private static final class Node {
        final String name;
        final Connection connection;
        final long[] first;
        long[] last;

        Node(String name, Connection connection, long[] first) {
            this.name = name;
            this.connection = connection;
            this.first = first;
            this.last = first;
        }
    }

    private LoadFlowControl(List<Node> nodes, Console console) {
        this.nodes = nodes;
        this.console = console;
        this.thread = nodes.isEmpty() ? null : new Thread(this::watch, "load-flow-control");
        if (thread != null) {
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Starts watching every endpoint of {@code target} that runs wsrep; quietly nothing on other servers. */
    static LoadFlowControl start(Target target, Console console) {
        List<Node> nodes = new ArrayList<>();
        for (Endpoint e : target.endpoints()) {
            try {
                Connection c = target.open(e);
                long[] counters = read(c);
                if (counters == null) {
                    c.close();
                } else {
                    nodes.add(new Node(e.label(), c, counters));
                }
            } catch (DbFailure | SQLException | RuntimeException notWatched) {
                // the load's own connections report an unreachable node; the watcher only adds figures
            }
        }
        return new LoadFlowControl(nodes, console);
    }

    /** @return {paused ns, FC_PAUSE sent, FC_PAUSE received}, or null when the node does not run wsrep */
    private static long[] read(Connection c) throws SQLException {
        long[] v = new long[3];
        int found = 0;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE "
                + "Variable_name IN ('wsrep_on', 'wsrep_flow_control_paused_ns', 'wsrep_flow_control_sent', "
                + "'wsrep_flow_control_recv')")) {
            while (rs.next()) {
                switch (rs.getString(1).toLowerCase(Locale.ROOT)) {
                    case "wsrep_flow_control_paused_ns" -> v[0] = rs.getLong(2);
                    case "wsrep_flow_control_sent" -> v[1] = rs.getLong(2);
                    case "wsrep_flow_control_recv" -> v[2] = rs.getLong(2);
                    default -> {
                        continue;
                    }
                }
                found++;
            }
        }
        return found == 3 && wsrepOn(c) ? v : null;
    }

    private static boolean wsrepOn(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@wsrep_on")) {
            return rs.next() && rs.getInt(1) == 1;
        }
    }

    private void watch() {
        long periodStart = System.nanoTime();
        while (!Thread.currentThread().isInterrupted()) {
            try {
                TimeUnit.SECONDS.sleep(PERIOD_SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            String line = sample((now - periodStart) / 1e9, false);
            periodStart = now;
            if (line != null) {
                console.line(line);
            }
        }
    }

    /**
     * Reads every node and describes the change since the last reading (or since the start, for the summary).
     *
     * @return the line, or null for a period without any pause
     */
    private synchronized String sample(double seconds, boolean summary) {
        long pausedNs = 0;
        long recv = 0;
        List<String> senders = new ArrayList<>();
        for (Node n : nodes) {
            long[] now;
            try {
                now = read(n.connection);
            } catch (SQLException e) {
                now = null;
            }
            if (now == null) {
                continue;
            }
            long[] from = summary ? n.first : n.last;
            n.last = now;
            pausedNs = Math.max(pausedNs, now[0] - from[0]);
            recv = Math.max(recv, now[2] - from[2]);
            if (now[1] - from[1] > 0) {
                senders.add(n.name + " " + (now[1] - from[1]));
            }
        }
        if (!summary && pausedNs == 0 && recv == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%s: paused %.2f s of %.1f s (%.1f %%), FC_PAUSE received %d, sent by %s",
                summary ? "Flow control during the load" : "Flow control in the last " + PERIOD_SECONDS + " s",
                pausedNs / 1e9, seconds, seconds > 0 ? 100.0 * pausedNs / 1e9 / seconds : 0.0, recv,
                senders.isEmpty() ? "none" : String.join(", ", senders));
    }

    /** Stops the watcher and prints the summary line for the whole load (on Galera only). */
    @Override
    public void close() {
        if (thread == null) {
            return;
        }
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        console.line(sample((System.nanoTime() - startNanos) / 1e9, true));
        for (Node n : nodes) {
            try {
                n.connection.close();
            } catch (SQLException ignored) {
                // closing a watcher connection cannot change the load's outcome
            }
        }
    }
}
