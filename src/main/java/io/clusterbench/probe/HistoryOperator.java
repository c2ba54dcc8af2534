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
 * One history session's operations: one transaction per {@link #step}, writing transactions on its writer endpoint
 * and read-only ones where {@link Placement} says, each recorded in the history as it completes (ok, failed or
 * unknown: a failure is a finding, never thrown). A lost connection is reopened on the same endpoint; an endpoint that
 * refuses (connection refused, 1047 not ready, 1180 commit outside the primary component) is left for the next one,
 * after a pause of {@value #BACKOFF_MILLIS} ms so a cluster that refuses everything is not hammered. Run by a
 * {@link HistorySession} thread ({@code probe anomalies}) or by an engine worker ({@code run --anomalies}).
 *
 * <p>Confined to its session's thread, except {@link #abort}, which any thread may call.
 */
final class HistoryOperator {
    /** Pause after a failed connection attempt or a refusing node, ms. */
    static final long BACKOFF_MILLIS = 100;
    private final int session;
    private final HistoryWorkload kind;
    private final HistoryHost host;
    private final SplittableRandom random;
    /** Open links by endpoint; written by the session's thread, read by {@link #abort}. */
    private final Map<Integer, SessionLink> links = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Integer, Integer> reroutes = new HashMap<>();

    /**
     * @param session the session number the history records (0-based, unique in the load)
     * @param kind    the workload this session runs
     * @param host    the load it belongs to
     * @param seed    its random source's seed
     */
    HistoryOperator(int session, HistoryWorkload kind, HistoryHost host, long seed) {
        this.session = session;
        this.kind = kind;
        this.host = host;
        this.random = new SplittableRandom(seed);
    }

    /** @return the workload this session runs */
    HistoryWorkload kind() {
        return kind;
    }

    /** @return the 0-based endpoint the session writes on, before any failover */
    int writer() {
        return host.placement().writer(session);
    }

    /** Opens the writer connection ahead of the first operation (as a run opens its connections); may fail quietly. */
    void openWriter() {
        link(writer());
    }

    /** Runs and records one operation of the session's workload. */
    void step() {
        switch (kind) {
            case APPEND -> append();
            case BANK -> bank();
            case COUNTER -> counter();
        }
    }

    /** Frees the session from any statement it waits on (the load is stopping). Any thread. */
    void abort() {
        links.values().forEach(SessionLink::abort);
    }

    /** Closes every connection of the session. */
    void close() {
        links.values().forEach(SessionLink::close);
        links.clear();
    }

    private void append() {
        TxnPlan plan = host.workloads().generator().next();
        boolean readOnly = plan.ops().stream().noneMatch(MicroOp::isAppend);
        SessionLink l = link(target(readOnly));
        if (l == null) {
            return;
        }
        AppendExecutor.Executed e = host.workloads().executor().run(l.connection(), plan, session, l.node());
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
        String error = read ? host.workloads().bank().read(l.connection(), session, l.node()).error()
                : host.workloads().bank().transfer(l.connection(), session, l.node(), random).error();
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
        String error = read ? host.workloads().counter().read(l.connection(), session, l.node(), false).error()
                : host.workloads().counter().increment(l.connection(), session, l.node()).error();
        if (error != null) {
            after(l, l.broken(), refuses(code(error)));
        }
    }

    /** @return the endpoint, failover included, of the next transaction */
    private int target(boolean readOnly) {
        int base = readOnly ? host.placement().reader(session, random) : host.placement().writer(session);
        return Math.floorMod(base + reroutes.getOrDefault(base, 0), host.placement().endpoints());
    }

    /** @return the open link to {@code endpoint}, opened now when needed; null when it cannot be (rerouted) */
    private SessionLink link(int endpoint) {
        SessionLink l = links.get(endpoint);
        if (l != null) {
            return l;
        }
        try {
            l = host.open(endpoint);
        } catch (DbFailure f) {
            host.note(host.node(endpoint) + " refused a session's connection: " + f.countKey() + " "
                    + firstLine(f.getMessage()));
            reroute(endpoint);
            host.pause(BACKOFF_MILLIS);
            return null;
        }
        links.put(endpoint, l);
        if (host.stopping()) {
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
            host.pause(BACKOFF_MILLIS);
        }
    }

    /** Moves every base endpoint whose current target is {@code endpoint} one endpoint further. */
    private void reroute(int endpoint) {
        int n = host.placement().endpoints();
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
