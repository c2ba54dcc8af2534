package io.clusterbench.explain;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.observe.Observer;
import io.clusterbench.result.WaitProfile;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The wait profile of every endpoint's server (docs/explain.md): a {@link WaitSnapshot} at the measured start and
 * one at its end (the first reading after it), over one connection per server. Schedule: those two readings only,
 * nothing per interval. Cost budget: each reading is a handful of statements over the summary tables (tens of ms
 * on a server with thousands of statement digests); their time is recorded as {@code readMillis}. It never changes
 * a server setting.
 *
 * <p>Confined to its {@code AsyncObserver}'s thread, except {@link #measuringEnded} and {@link #summary}, which
 * touch only volatile fields.
 */
final class WaitProfileObserver implements Observer {
    private final Target target;
    private final List<ExplainNode> nodes;
    private final Connection[] connections;
    private final WaitSnapshot[] first;
    private final WaitSnapshot[] last;
    private final String[] failure;
    private volatile Map<String, String> names = Map.of();
    private volatile boolean ended;
    /** Whether the end reading was taken (or begun): this observer's thread's own. */
    private boolean endTaken;
    private volatile WaitProfile result;

    /** @param target where to connect (no session variables); @param nodes the endpoints, in order */
    WaitProfileObserver(Target target, List<ExplainNode> nodes) {
        this.target = target;
        this.nodes = List.copyOf(nodes);
        this.connections = new Connection[nodes.size()];
        this.first = new WaitSnapshot[nodes.size()];
        this.last = new WaitSnapshot[nodes.size()];
        this.failure = new String[nodes.size()];
    }

    @Override
    public String name() {
        return WaitProfile.KEY;
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
        read(first);
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

    @Override
    public void measuringEnded() {
        ended = true;
    }

    /** Takes the end readings at the first sample after the measured end; nothing before. */
    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        if (ended && !endTaken) {
            endReading();
        }
        return Map.of();
    }

    private void endReading() {
        endTaken = true;
        read(last);
        result = profile();
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
    public Object summary() {
        return result;
    }

    @Override
    public void close() {
        if (ended && !endTaken) {
            endReading();
        }
        for (int i = 0; i < connections.length; i++) {
            try {
                if (connections[i] != null) {
                    connections[i].close();
                }
            } catch (SQLException ignored) {
                // gone either way
            }
            connections[i] = null;
        }
    }
}
