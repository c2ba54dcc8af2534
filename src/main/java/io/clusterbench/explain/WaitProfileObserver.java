package io.clusterbench.explain;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.WaitProfile;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The wait profile of every endpoint's server (docs/explain.md): a {@link WaitSnapshot} at the measured start (on the
 * observer's thread) and one at its end (on a thread of its own, begun at the measured end and waited for by
 * {@link #finish}), over one connection per server. Schedule: those two readings only, nothing per interval. Cost
 * budget: each reading is a handful of statements over the summary tables (tens of ms on a server with thousands of
 * statement digests); their time is recorded as {@code readMillis}. It never changes a server setting.
 *
 * <p>Thread-safe: the start reading is confined to its {@code AsyncObserver}'s thread, the end reading to its own;
 * they hand over through the latches, and {@link #facts} reads a volatile result.
 */
final class WaitProfileObserver implements Finishing {
    private final Target target;
    private final List<ExplainNode> nodes;
    private final Lifecycle life;
    private final Connection[] connections;
    private final WaitSnapshot[] first;
    private final WaitSnapshot[] last;
    private final String[] failure;
    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch endRead = new CountDownLatch(1);
    private volatile Map<String, String> names = Map.of();
    private volatile boolean ended;
    private volatile WaitProfile result;
    /** Set when {@link #finish} stopped waiting for the end readings: a late one is not used. */
    private volatile boolean gaveUp;

    /**
     * @param target where to connect (no session variables)
     * @param nodes  the endpoints, in order
     * @param life   the command's lifecycle, which bounds closing the connections
     */
    WaitProfileObserver(Target target, List<ExplainNode> nodes, Lifecycle life) {
        this.target = target;
        this.nodes = List.copyOf(nodes);
        this.life = life;
        this.connections = new Connection[nodes.size()];
        this.first = new WaitSnapshot[nodes.size()];
        this.last = new WaitSnapshot[nodes.size()];
        this.failure = new String[nodes.size()];
    }

    @Override
    public String name() {
        return FactKeys.WAIT_PROFILE.name();
    }

    @Override
    public void nameNodes(Map<String, String> namesByEndpoint) {
        names = Map.copyOf(namesByEndpoint);
    }

    @Override
    public void connect() {
        for (ExplainNode n : nodes) {
            connection(n);
        }
    }

    private Connection connection(ExplainNode n) {
        if (connections[n.index()] == null) {
            try {
                connections[n.index()] = target.open(n.endpoint());
            } catch (DbFailure e) {
                failure[n.index()] = "cannot connect: " + e.getMessage();
            }
        }
        return connections[n.index()];
    }

    @Override
    public void start() {
        try {
            read(first);
        } finally {
            started.countDown();
        }
    }

    private void read(WaitSnapshot[] into) {
        for (ExplainNode n : nodes) {
            Connection c = connection(n);
            if (c == null) {
                continue;
            }
            try {
                into[n.index()] = WaitSnapshot.read(c);
            } catch (SQLException e) {
                failure[n.index()] = "reading failed: " + e.getErrorCode() + ": " + e.getMessage();
            }
        }
    }

    /** Begins the end readings on their own thread, once the start readings are done; never waits. */
    @Override
    public void measuringEnded() {
        ended = true;
        Thread t = new Thread(() -> {
            try {
                if (started.await(Math.max(0, life.endDeadlineNanos() - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    read(last);
                    WaitProfile p = profile();
                    if (!gaveUp) {
                        result = p;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                endRead.countDown();
            }
        }, "explain-waits-end");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    private WaitProfile profile() {
        List<WaitProfile.Node> out = new ArrayList<>();
        for (ExplainNode n : nodes) {
            int i = n.index();
            String name = n.name(names);
            if (first[i] == null || last[i] == null) {
                out.add(WaitProfile.Node.absent(name, n.endpoint().label(),
                        failure[i] != null ? failure[i] : first[i] == null ? "no start reading" : "no end reading"));
            } else {
                out.add(WaitDeltas.between(name, n.endpoint().label(), first[i], last[i]));
            }
        }
        return new WaitProfile(out);
    }

    @Override
    public Facts facts() {
        WaitProfile r = result;
        return r == null ? Facts.NONE : Facts.NONE.with(FactKeys.WAIT_PROFILE, r);
    }

    /** Before the measured end (a step that never measured): closes the connections. After it {@link #finish} does. */
    @Override
    public void close() {
        if (!ended) {
            closeConnections();
        }
    }

    /**
     * Waits for the end readings (they began at the measured end) until the step's end deadline
     * ({@link Lifecycle#endDeadlineNanos}: a server that does not answer by then is given up, like the other observers'
     * final readings), then closes the connections.
     */
    @Override
    public void finish() {
        if (!ended) {
            return;
        }
        try {
            if (!endRead.await(Math.max(0, life.endDeadlineNanos() - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                gaveUp = true;
                List<WaitProfile.Node> out = new ArrayList<>();
                for (ExplainNode n : nodes) {
                    out.add(WaitProfile.Node.absent(n.name(names), n.endpoint().label(), "no end reading by the step's "
                            + "end deadline (" + Lifecycle.END_DEADLINE.toMillis() + " ms after the measured end): the "
                            + "server did not answer, or the command was stopped"));
                }
                result = new WaitProfile(out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeConnections();
    }

    /** Closes each connection through the lifecycle: a server that does not answer is abandoned, never waited for. */
    private void closeConnections() {
        for (int i = 0; i < connections.length; i++) {
            Connection c = connections[i];
            connections[i] = null;
            if (c != null) {
                life.own("wait profile connection", c::close).close();
            }
        }
    }
}
