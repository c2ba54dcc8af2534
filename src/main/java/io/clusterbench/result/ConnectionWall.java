package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;

/**
 * A node that refused connections with error 1040 (too many connections) during a run: typically the node a
 * failover moved workers onto, whose {@code max_connections} had room for its own share only (docs/metrics.md,
 * "Connection wall on a node"). Computed from the run's per-endpoint errors, its intervals, its fault events and
 * its {@link ConnectionLimits}. Immutable.
 *
 * @param node           the member behind the endpoint, or the endpoint when unknown
 * @param endpoint       the endpoint label
 * @param refusals       errors 1040 counted on this endpoint (workers' reconnects and statements)
 * @param maxConnections its {@code max_connections} when the run started, -1 when unknown
 * @param firstSeconds   start of the first interval with an error 1040 (any endpoint), seconds since the measured
 *                       start; -1 when no interval shows one
 * @param afterFault     the last disruptive fault on another node that began before that interval ended (e.g.
 *                       {@code kill n2}): what moved the workers; null when none did
 */
public record ConnectionWall(String node, String endpoint, long refusals, long maxConnections, double firstSeconds,
                             String afterFault) {
    /** Vendor code of "too many connections". */
    public static final int TOO_MANY_CONNECTIONS = 1040;

    /** @return the run's walls, in endpoint order; empty when no endpoint refused a connection with 1040 */
    public static List<ConnectionWall> of(RunRecord run) {
        List<ConnectionWall> out = new ArrayList<>();
        if (run.endpoints() == null) {
            return out;
        }
        ConnectionLimits limits = run.fact(FactKeys.CONNECTION_LIMITS);
        double first = -1;
        double firstEnd = -1;
        for (IntervalRecord i : run.intervals() == null ? List.<IntervalRecord>of() : run.intervals()) {
            if (Conflicts.count(i.errorsByCode(), TOO_MANY_CONNECTIONS) > 0) {
                first = i.startSeconds();
                firstEnd = i.endSeconds();
                break;
            }
        }
        FaultReport faults = run.fact(FactKeys.FAULTS);
        for (EndpointRecord e : run.endpoints()) {
            long refusals = Conflicts.count(e.errorsByCode(), TOO_MANY_CONNECTIONS);
            if (refusals == 0) {
                continue;
            }
            String node = e.node() == null || e.node().isEmpty() ? e.endpoint() : e.node();
            Long max = limits == null ? null : limits.maxConnectionsByEndpoint().get(e.endpoint());
            out.add(new ConnectionWall(node, e.endpoint(), refusals, max == null ? -1 : max, first,
                    cause(faults, node, firstEnd)));
        }
        return out;
    }

    private static String cause(FaultReport faults, String node, double byEndSeconds) {
        if (faults == null || byEndSeconds < 0) {
            return null;
        }
        String cause = null;
        for (FaultEvent f : faults.events()) {
            if (f.disruptive() && f.atSeconds() < byEndSeconds && !node.equals(f.node())) {
                cause = f.step();
            }
        }
        return cause;
    }
}
