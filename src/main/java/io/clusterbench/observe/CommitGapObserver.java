package io.clusterbench.observe;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.StallFacts;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a marked statement (a DDL or a large transaction, see {@link MarkedWindows}) stalls each node: a
 * poller thread reads every node's commit counter every {@link #STEP_MILLIS} ms ({@code wsrep_last_committed}
 * on Galera, else {@code Handler_commit}) with its wsrep state and receive queue, and per window and node
 * measures the longest commit gap that overlaps the statement, the time the node was not Synced, and the
 * catch-up time after the statement ended. Figures are defined in docs/metrics.md ("Stalls").
 *
 * <p>{@link Observer} methods run on the coordinator thread; the poller thread owns the node connections
 * and hands finished windows over under this object's lock. It never throws: a node that fails a read is
 * reconnected at the next step.
 */
public final class CommitGapObserver implements Observer {
    /** Sampling step of the poller in milliseconds: the resolution of every figure here. */
    public static final int STEP_MILLIS = 20;
    /** A window is closed at the latest this long after its statement ended, when a node shows no commit. */
    public static final long SETTLE_MILLIS = 10_000;
    /** wsrep_local_state of a Synced node. */
    private static final int SYNCED = 4;
    private static final int FACT_WINDOWS = 200;

    private final Target target;
    private final List<Endpoint> nodes;
    private final MarkedWindows marks;
    private final String label;
    private final WindowStats.Summary summary;
    private final List<StallFacts.Window> recent = new ArrayList<>();
    private final List<StallFacts.Window> kept = new ArrayList<>();
    private Thread poller;
    private volatile boolean stop;
    private int startedSinceSample;
    private String compact = "";
    private volatile Map<String, String> names = Map.of();

    /**
     * @param target credentials; its session variables are not applied to the observer's reads
     * @param marks  the windows the workload's sessions mark
     * @param label  the flag shown on interval lines, e.g. {@code DDL} or {@code BIGTRX}
     */
    public CommitGapObserver(Target target, MarkedWindows marks, String label) {
        this.target = target.withSessionVariables(Map.of());
        this.nodes = List.copyOf(target.endpoints());
        this.marks = marks;
        this.label = label;
        this.summary = new WindowStats.Summary(nodes.size());
    }

    @Override
    public String name() {
        return "stall";
    }

    /** The stall flag names nodes as the rest of the run (a tester's endpoints out of member order read n1 here, n3 there). */
    @Override
    public void nameNodes(Map<String, String> namesByEndpoint) {
        names = Map.copyOf(namesByEndpoint);
    }

    @Override
    public void start() {
        if (poller != null) {
            return;
        }
        poller = new Thread(this::poll, "commit-gap-poller");
        poller.setDaemon(true);
        poller.start();
    }

    private void poll() {
        Connection[] conns = new Connection[nodes.size()];
        NodeTrack[] track = new NodeTrack[nodes.size()];
        List<WindowStats> open = new ArrayList<>();
        try {
            while (!stop) {
                for (var w : marks.takeNew()) {
                    open.add(new WindowStats(w, nodes.size()));
                    synchronized (this) {
                        startedSinceSample++;
                    }
                }
                for (int i = 0; i < conns.length; i++) {
                    conns[i] = readNode(conns, i, track);
                    long now = System.nanoTime();
                    NodeTrack t = track[i];
                    if (t != null && t.fresh) {
                        for (WindowStats s : open) {
                            s.observe(i, t, now, marks.endNanos(s.window));
                        }
                        t.settle(now);
                    }
                }
                finish(open, System.nanoTime(), false);
                Thread.sleep(STEP_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            for (var w : marks.takeNew()) { // marked after the last poll: the run's last statements still count
                open.add(new WindowStats(w, nodes.size()));
            }
            finish(open, System.nanoTime(), true);
            for (Connection c : conns) {
                closeQuietly(c);
            }
        }
    }

    /** Reads node {@code i} into {@code track[i]}; @return the connection to keep (null after a failure) */
    private Connection readNode(Connection[] conns, int i, NodeTrack[] track) {
        Connection c = conns[i];
        try {
            if (c == null) {
                c = target.open(nodes.get(i));
            }
            long commits = -1;
            long handler = -1;
            int state = -1;
            long queue = 0;
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS WHERE "
                    + "Variable_name IN ('wsrep_last_committed','wsrep_local_state','wsrep_local_recv_queue',"
                    + "'Handler_commit')")) {
                while (rs.next()) {
                    String v = rs.getString(2);
                    switch (rs.getString(1).toLowerCase(Locale.ROOT)) {
                        case "wsrep_last_committed" -> commits = parse(v);
                        case "wsrep_local_state" -> state = (int) parse(v);
                        case "wsrep_local_recv_queue" -> queue = parse(v);
                        case "handler_commit" -> handler = parse(v);
                        default -> { }
                    }
                }
            }
            long now = System.nanoTime();
            boolean galera = commits >= 0 && state >= 0;
            if (track[i] == null) {
                track[i] = new NodeTrack(galera ? commits : handler, now);
            }
            track[i].read(galera ? commits : handler, galera ? state : SYNCED, queue, now);
            return c;
        } catch (Exception e) {
            closeQuietly(c);
            if (track[i] != null) {
                track[i].fresh = false;
            }
            return null;
        }
    }

    private void finish(List<WindowStats> open, long now, boolean all) {
        for (var it = open.iterator(); it.hasNext(); ) {
            WindowStats s = it.next();
            long end = marks.endNanos(s.window);
            boolean settled = end >= 0 && (s.settled() || now - end > SETTLE_MILLIS * 1_000_000L);
            if (settled || (all && end >= 0)) {
                StallFacts.Window m = s.toWindow(nodes, marks.failed(s.window), !s.settled());
                synchronized (this) {
                    recent.add(m);
                    summary.add(s);
                    if (kept.size() < FACT_WINDOWS) {
                        kept.add(m);
                    }
                }
                it.remove();
            }
        }
    }

    @Override
    public synchronized Map<String, Object> sample(double intervalSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        boolean active = marks.active();
        m.put("markedStarted", startedSinceSample);
        m.put("markedRunning", active ? 1 : 0);
        long maxGap = -1;
        for (StallFacts.Window w : recent) {
            maxGap = Math.max(maxGap, w.maxCommitGapMillis());
        }
        if (maxGap >= 0) {
            m.put("maxCommitGapMillis", maxGap);
            m.put("windows", List.copyOf(recent));
        }
        compact = startedSinceSample > 0 || active || !recent.isEmpty()
                ? label + "[" + startedSinceSample + " started" + (active ? ", running" : "")
                + (maxGap >= 0 ? ", stall " + WindowStats.perNode(recent, names) : "") + "]" : "";
        startedSinceSample = 0;
        recent.clear();
        return m;
    }

    @Override
    public synchronized String compactLine() {
        return compact;
    }

    @Override
    public synchronized Facts facts() {
        return Facts.NONE.with(FactKeys.STALL, new StallFacts(STEP_MILLIS, "wsrep_last_committed (Galera) or Handler_commit",
                summary.toKinds(nodes), kept));
    }

    @Override
    public void close() {
        stop = true;
        if (poller != null) {
            try {
                poller.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static long parse(String v) {
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException | NullPointerException e) {
            return -1;
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (SQLException ignored) {
            // gone either way
        }
    }
}
