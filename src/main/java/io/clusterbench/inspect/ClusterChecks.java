package io.clusterbench.inspect;

import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import io.clusterbench.result.VariableDiff;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks across the target's nodes: settings that differ between nodes, clock skew, and the Galera and
 * Group Replication rules that break or slow a cluster. Galera rules follow Galera Cluster's "known
 * limitations" and MariaDB's Galera requirements; on PXC, {@code pxc_strict_mode} enforces some of them,
 * on MariaDB (no strict mode) only these checks do. Codes and thresholds: docs/inspect.md.
 *
 * <p>Thread-safe (stateless).
 */
final class ClusterChecks {
    /** Clock skew between nodes above which visibility-time figures are called unreliable, in microseconds. */
    static final long SKEW_LIMIT_MICROS = 1_000;
    /** Minutes of writes the gcache should cover so a node down that long rejoins by IST, not SST. */
    static final double GCACHE_MINUTES = 10;
    /** Variables Galera sets per node by design ({@code wsrep_auto_increment_control}). */
    private static final Set<String> PER_NODE = Set.of("auto_increment_offset", "wsrep_gtid_domain_id");

    private ClusterChecks() {
    }

    /** @return findings across all endpoints; empty for one endpoint of a standalone server */
    static List<Finding> of(List<EndpointSnapshot> nodes, HostFacts host) {
        List<Finding> out = new ArrayList<>();
        if (nodes.size() > 1) {
            differingVariables(nodes, out);
            clockSkew(nodes, out);
        }
        List<EndpointSnapshot> galera = nodes.stream().filter(EndpointSnapshot::galera).toList();
        if (!galera.isEmpty()) {
            GaleraChecks.of(galera, host, out);
        }
        List<EndpointSnapshot> gr = nodes.stream().filter(EndpointSnapshot::groupReplication).toList();
        if (!gr.isEmpty()) {
            groupReplication(gr, nodes.size(), out);
        }
        return out;
    }

    private static void differingVariables(List<EndpointSnapshot> nodes, List<Finding> out) {
        List<Map<String, String>> maps = new ArrayList<>();
        for (EndpointSnapshot s : nodes) {
            Map<String, String> m = new HashMap<>(s.variables());
            PER_NODE.forEach(m::remove);
            maps.add(m);
        }
        for (VariableDiff.Entry e : VariableDiff.of(maps)) {
            StringBuilder values = new StringBuilder();
            for (int i = 0; i < nodes.size(); i++) {
                values.append(i == 0 ? "" : ", ").append(nodes.get(i).endpoint()).append('=')
                        .append(e.values().get(i) == null ? "(absent)" : e.values().get(i));
            }
            out.add(new Finding(FindingLevel.WARNING, "node-variable-differs", "", e.name() + " differs between nodes: " + values,
                    "the nodes are not the same server; per-node figures and the slowest node's effect on the "
                            + "cluster (flow control) reflect the setting, not the node",
                    "set " + e.name() + " alike on every node, or state the difference with the results"));
        }
    }

    private static void clockSkew(List<EndpointSnapshot> nodes, List<Finding> out) {
        EndpointSnapshot lo = nodes.get(0);
        EndpointSnapshot hi = nodes.get(0);
        for (EndpointSnapshot s : nodes) {
            lo = s.clockOffsetMicros() < lo.clockOffsetMicros() ? s : lo;
            hi = s.clockOffsetMicros() > hi.clockOffsetMicros() ? s : hi;
        }
        long skew = hi.clockOffsetMicros() - lo.clockOffsetMicros();
        long uncertainty = hi.clockUncertaintyMicros() + lo.clockUncertaintyMicros();
        if (skew - uncertainty > SKEW_LIMIT_MICROS) {
            out.add(new Finding(FindingLevel.WARNING, "clock-skew", "", String.format(Locale.ROOT,
                    "clocks of %s and %s differ by %.2f ms (±%.2f ms)", hi.endpoint(), lo.endpoint(), skew / 1000.0,
                    uncertainty / 1000.0), "visibility times measured across nodes (probe) are off by up to that",
                    "synchronise the nodes' clocks (chrony/NTP)"));
        }
    }

    private static void groupReplication(List<EndpointSnapshot> members, int endpoints, List<Finding> out) {
        EndpointSnapshot first = members.get(0);
        boolean singlePrimary = "ON".equalsIgnoreCase(first.variable("group_replication_single_primary_mode"));
        if (singlePrimary && endpoints > 1) {
            out.add(new Finding(FindingLevel.WARNING, "gr-single-primary", "", "Group Replication in single-primary mode "
                    + "with " + endpoints + " endpoints given", "writes routed to a secondary fail (super_read_only, "
                    + "error 1290); only the primary takes writes", "give only the primary for write workloads, or "
                    + "use --routing to send writes to it"));
        }
        Set<String> versions = new TreeSet<>();
        for (String m : first.groupMembers()) {
            versions.add(m.substring(m.lastIndexOf(' ') + 1));
        }
        if (versions.size() > 1) {
            out.add(new Finding(FindingLevel.WARNING, "gr-member-versions", "", "group members run different versions: "
                    + String.join(", ", first.groupMembers()), "the group runs at the lowest version's protocol; "
                    + "per-member figures compare different servers", "upgrade every member to one version"));
        }
        Map<String, String> consistency = new LinkedHashMap<>();
        members.forEach(m -> consistency.put(m.endpoint(), m.variable("group_replication_consistency")));
        if (consistency.values().stream().anyMatch(v -> !v.equalsIgnoreCase("EVENTUAL") && !v.isEmpty())) {
            out.add(new Finding(FindingLevel.INFO, "gr-consistency", "", "group_replication_consistency " + consistency,
                    "reads or writes wait for the group at that level: its cost is in every figure",
                    "measure it explicitly with --consistency on an EVENTUAL default"));
        }
    }
}
