package io.clusterbench.probe;

import io.clusterbench.anomaly.AppendExecutor;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.MicroOp;
import io.clusterbench.anomaly.TxnPlan;
import io.clusterbench.db.DbFailure;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One client session of a {@link HistoryLoad}: its own thread, one transaction at a time, writing transactions on its
 * writer endpoint and read-only ones where {@link Placement} says, each recorded in the history as it completes. A
 * lost connection is reopened on the same endpoint; an endpoint that refuses (connection refused, 1047 not ready,
 * 1180 commit outside the primary component) is left for the next one, after a pause of {@value #BACKOFF_MILLIS} ms
 * so a cluster that refuses everything is not hammered.
 *
 * <p>Confined to its thread, except {@link #abort}, which any thread may call.
 */
final class HistorySession implements Runnable {
    /** Pause after a failed connection attempt or a refusing node, ms. */
    static final long BACKOFF_MILLIS = 100;
    private final int session;
    private final HistoryWorkload kind;
    private final HistoryLoad load;
    private final SplittableRandom random;
    /** Open links by endpoint; written by the session's thread, read by {@link #abort}. */
    private final Map<Integer, SessionLink> links = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Integer, Integer> reroutes = new HashMap<>();

    HistorySession(int session, HistoryWorkload kind, HistoryLoad load, long seed) {
        this.session = session;
        this.kind = kind;
        this.load = load;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public void run() {
        try {
            link(load.placement().writer(session)); // opened before the start, as a run opens its connections
            load.ready();
            if (!load.awaitStart()) {
                return;
            }
            while (!load.stopping() && load.takeOperation(kind)) {
                step();
            }
        } catch (RuntimeException e) {
            load.failed(session, e);
        } finally {
            links.values().forEach(SessionLink::close);
            links.clear();
            load.ended();
        }
    }

    /** Frees the session from any statement it waits on (the load is stopping). */
    void abort() {
        links.values().forEach(SessionLink::abort);
    }

    private void step() {
        switch (kind) {
            case APPEND -> append();
            case BANK -> bank();
            case COUNTER -> counter();
        }
    }

    private void append() {
        TxnPlan plan = load.workloads().generator().next();
        boolean readOnly = plan.ops().stream().noneMatch(MicroOp::isAppend);
        SessionLink l = link(target(readOnly));
        if (l == null) {
            return;
        }
        AppendExecutor.Executed e = load.workloads().executor().run(l.connection(), plan, session, l.node());
        DbFailure f = e.failure();
        if (f != null) {
            after(l, f.kind() == DbFailure.Kind.CONNECTION || l.broken(), refuses(f.vendorCode()));
        }
    }

    private void bank() {
        boolean read = random.nextBoolean();
        SessionLink l = link(target(read));
        if (l == null) {
            return;
        }
        String error = read ? load.workloads().bank().read(l.connection(), session, l.node()).error()
                : load.workloads().bank().transfer(l.connection(), session, l.node(), random).error();
        if (error != null) {
            after(l, l.broken(), refuses(code(error)));
        }
    }

    private void counter() {
        boolean read = random.nextBoolean();
        SessionLink l = link(target(read));
        if (l == null) {
            return;
        }
        String error = read ? load.workloads().counter().read(l.connection(), session, l.node(), false).error()
                : load.workloads().counter().increment(l.connection(), session, l.node()).error();
        if (error != null) {
            after(l, l.broken(), refuses(code(error)));
        }
    }

    /** @return the endpoint, failover included, of the next transaction */
    private int target(boolean readOnly) {
        int base = readOnly ? load.placement().reader(session, random) : load.placement().writer(session);
        return Math.floorMod(base + reroutes.getOrDefault(base, 0), load.placement().endpoints());
    }

    /** @return the open link to {@code endpoint}, opened now when needed; null when it cannot be (rerouted) */
    private SessionLink link(int endpoint) {
        SessionLink l = links.get(endpoint);
        if (l != null) {
            return l;
        }
        try {
            l = load.open(endpoint);
        } catch (DbFailure f) {
            load.note(load.node(endpoint) + " refused a session's connection: " + f.countKey() + " "
                    + firstLine(f.getMessage()));
            reroute(endpoint);
            load.pause(BACKOFF_MILLIS);
            return null;
        }
        links.put(endpoint, l);
        if (load.stopping()) {
            l.abort(); // opened as the load stopped: the stop's abort may have missed it
        }
        return l;
    }

    /** After a failed operation: drop a broken link; leave a refusing node for the next endpoint. */
    private void after(SessionLink l, boolean broken, boolean refused) {
        if (broken || refused) {
            links.remove(l.endpoint());
            l.close();
        }
        if (refused) {
            reroute(l.endpoint());
            load.pause(BACKOFF_MILLIS);
        }
    }

    /** Moves every base endpoint whose current target is {@code endpoint} one endpoint further. */
    private void reroute(int endpoint) {
        int n = load.placement().endpoints();
        for (int base = 0; base < n; base++) {
            if (Math.floorMod(base + reroutes.getOrDefault(base, 0), n) == endpoint) {
                reroutes.merge(base, 1, Integer::sum);
            }
        }
    }

    /** @return true for a node that refuses work: not ready / not primary (1047), commit outside the primary (1180) */
    private static boolean refuses(int code) {
        return code == 1047 || code == 1180;
    }

    /** @return the vendor code an {@code error} text ({@code code/SQLSTATE message}) begins with, or 0 */
    static int code(String error) {
        int end = 0;
        while (end < error.length() && Character.isDigit(error.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(error.substring(0, Math.min(end, 9)));
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
