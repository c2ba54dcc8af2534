package io.clusterbench.inspect;

import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks of what the run's workers will hold on each node under the run's routing: connections when any one node
 * is lost and its workers fail over ({@code failover-headroom}), and server-side prepared statements against
 * {@code max_prepared_stmt_count} ({@code max-prepared-stmt-count}). Codes and thresholds: docs/inspect.md.
 *
 * <p>Thread-safe (stateless).
 */
final class CapacityChecks {
    private CapacityChecks() {
    }

    /** @return the findings over every endpoint, in endpoint order */
    static List<Finding> of(List<EndpointSnapshot> snapshots, InspectPlan plan) {
        List<Finding> out = new ArrayList<>();
        preparedStatements(snapshots, plan, out);
        failoverHeadroom(snapshots, plan, out);
        return out;
    }

    private static void preparedStatements(List<EndpointSnapshot> snapshots, InspectPlan plan, List<Finding> out) {
        if (plan.preparedPerSession() <= 0) {
            return;
        }
        int[] threads = plan.threadsPerEndpoint(snapshots.size(), -1);
        for (int j = 0; j < snapshots.size(); j++) {
            EndpointSnapshot s = snapshots.get(j);
            long max = s.variableLong("max_prepared_stmt_count", -1);
            long inUse = Math.max(0, s.statusLong("prepared_stmt_count", 0));
            long needed = threads[j] * plan.preparedPerSession();
            if (max < 0 || needed <= max - inUse) {
                continue;
            }
            int tables = Math.max(1, plan.tables().size());
            String mix = plan.preparedPerSession() % tables == 0 ? tables + " tables × "
                    + plan.preparedPerSession() / tables + " statements of the mix" : plan.preparedPerSession()
                    + " statements";
            out.add(new Finding(FindingLevel.ERROR, "max-prepared-stmt-count", s.endpoint(),
                    "max_prepared_stmt_count = " + max + (inUse > 0 ? " (" + inUse + " in use)" : "") + " < " + needed
                            + " server-side prepared statements planned (" + threads[j] + " threads × " + mix + ")",
                    "once the limit is reached every new prepare fails with error 1461 and the run stops",
                    "SET GLOBAL max_prepared_stmt_count = " + (needed + inUse + needed / 10 + 100)
                            + ", or --db-ps-mode disable, or fewer --tables or --threads"));
        }
    }

    private static void failoverHeadroom(List<EndpointSnapshot> snapshots, InspectPlan plan, List<Finding> out) {
        int n = snapshots.size();
        if (n < 2) {
            return;
        }
        int[] normal = plan.threadsPerEndpoint(n, -1);
        for (int j = 0; j < n; j++) {
            EndpointSnapshot s = snapshots.get(j);
            long max = s.variableLong("max_connections", -1);
            if (max < 0 || normal[j] + ServerChecks.RESERVED_CONNECTIONS > max) {
                continue; // no limit read, or already short without a failover (max-connections says so)
            }
            int worst = -1;
            int worstThreads = normal[j];
            for (int lost = 0; lost < n; lost++) {
                int t = lost == j ? 0 : plan.threadsPerEndpoint(n, lost)[j];
                if (lost != j && t > worstThreads) {
                    worst = lost;
                    worstThreads = t;
                }
            }
            long needed = worstThreads + (long) ServerChecks.RESERVED_CONNECTIONS;
            if (worst < 0 || needed <= max) {
                continue;
            }
            String lostName = name(snapshots.get(worst));
            out.add(new Finding(FindingLevel.WARNING, "failover-headroom", s.endpoint(), "max_connections = " + max
                    + " < " + needed + " connections if " + lostName + " is lost: its workers fail over here ("
                    + normal[j] + " + " + (worstThreads - normal[j]) + " threads with --routing "
                    + plan.routing().spelling() + " + " + ServerChecks.RESERVED_CONNECTIONS + " for the observer and "
                    + "checks)", "after that failover the moved workers are refused with error 1040 until they find "
                    + "room elsewhere: errors and a throughput dip that are the limit's, not the cluster's",
                    "SET GLOBAL max_connections = " + (needed + 50) + " on " + name(s) + " (and in its config), or "
                    + "plan fewer threads"));
        }
    }

    /** @return e.g. {@code n2 (127.0.0.1:6102)}, or the endpoint when the node has no name */
    private static String name(EndpointSnapshot s) {
        String node = s.variable("wsrep_node_name");
        return node.isEmpty() ? s.endpoint() : node + " (" + s.endpoint() + ")";
    }
}
