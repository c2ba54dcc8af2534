package io.clusterbench.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Finds a target's topology from its endpoints: every endpoint is read in parallel; the member list comes
 * from the first that answers ({@code mysql.wsrep_cluster_members} on Galera 4, falling back to
 * {@code wsrep_incoming_addresses}; {@code performance_schema.replication_group_members} on GR); endpoints
 * are matched to members by node id ({@code wsrep_gcomm_uuid}, {@code @@server_uuid}), not by address, so
 * {@code localhost} vs {@code 127.0.0.1} does not matter. Members nobody gave are read at their advertised
 * address when it is known (cluster-consistency.md §1.3, §2.2).
 *
 * <p>Thread-safe (stateless). Usage: {@code Topology t = TopologyDiscovery.discover(target);}
 */
public final class TopologyDiscovery {
    private TopologyDiscovery() {
    }

    /** @return the topology; never throws: a target nobody can read gives flavor {@link Topology#UNKNOWN} */
    public static Topology discover(Target target) {
        List<CompletableFuture<NodeFacts>> futures = new ArrayList<>();
        for (Endpoint e : target.endpoints()) {
            futures.add(CompletableFuture.supplyAsync(() -> read(target, e)));
        }
        List<NodeFacts> facts = new ArrayList<>();
        futures.forEach(f -> facts.add(f.join()));
        NodeFacts first = facts.stream().filter(f -> f.error() == null).findFirst().orElse(null);
        if (first == null) {
            List<String> failures = new ArrayList<>();
            facts.forEach(f -> failures.add(f.endpoint() + " (" + f.error() + ")"));
            return new Topology(Topology.UNKNOWN, "", "", 0, List.of(), failures, List.of(),
                    "no endpoint answered");
        }
        if (first.wsrepOn()) {
            return galera(target, first, facts);
        }
        if (!first.grMembers().isEmpty()) {
            return groupReplication(first, facts);
        }
        return standalone(first, facts);
    }

    private static NodeFacts read(Target target, Endpoint e) {
        try (Connection c = target.open(e)) {
            return NodeFacts.read(e.label(), c);
        } catch (DbFailure f) {
            return NodeFacts.failed(e.label(), "error " + f.vendorCode() + ": " + firstLine(f.getMessage()));
        } catch (SQLException ex) {
            return NodeFacts.failed(e.label(), "error " + ex.getErrorCode() + ": " + firstLine(ex.getMessage()));
        }
    }

    private static Topology galera(Target target, NodeFacts first, List<NodeFacts> facts) {
        String flavor = first.versionComment().toLowerCase(Locale.ROOT).contains("xtradb cluster")
                ? Topology.PXC : Topology.MARIADB_GALERA;
        List<String[]> rows = new ArrayList<>(first.galeraMembers());
        if (rows.isEmpty()) {
            for (String a : first.wsrep().getOrDefault("wsrep_incoming_addresses", "").split(",")) {
                if (!a.isBlank()) {
                    rows.add(new String[]{"", a.strip(), a.strip()});
                }
            }
        }
        List<Topology.Member> members = new ArrayList<>();
        List<String> notGiven = new ArrayList<>();
        Set<String> matched = new HashSet<>();
        for (String[] row : rows) {
            String uuid = row[0] == null ? "" : row[0];
            String address = row[2] == null || row[2].equalsIgnoreCase("AUTO") ? "" : row[2];
            NodeFacts at = null;
            for (NodeFacts f : facts) {
                if (f.error() == null && !uuid.isEmpty() && uuid.equals(f.nodeUuid())) {
                    at = f;
                }
            }
            if (at == null && !address.isEmpty()) {
                at = probe(target, address);
            } else if (at != null) {
                matched.add(at.endpoint());
            }
            String state = at == null ? "unknown" : at.error() != null ? "unreachable"
                    : at.wsrep().getOrDefault("wsrep_local_state_comment", "unknown");
            String role = at == null || at.error() != null ? "unknown" : at.readOnly() ? "read-only" : "read-write";
            String endpoint = at != null && matched.contains(at.endpoint()) ? at.endpoint() : "";
            String name = row[1] == null || row[1].isEmpty() ? address : row[1];
            members.add(new Topology.Member(name, address, uuid, state, role, endpoint));
            if (endpoint.isEmpty()) {
                notGiven.add(name + (address.isEmpty() ? "" : " (" + address + ")"));
            }
        }
        List<String> notMembers = notMembers(facts, matched, members.isEmpty() ? null : "not in the cluster of "
                + first.endpoint() + " (" + first.wsrep().getOrDefault("wsrep_cluster_state_uuid", "?") + ")");
        int size = parseInt(first.wsrep().get("wsrep_cluster_size"));
        return new Topology(flavor, first.version(), first.wsrep().getOrDefault("wsrep_cluster_status", ""), size,
                List.copyOf(members), notMembers, List.copyOf(notGiven), "");
    }

    private static Topology groupReplication(NodeFacts first, List<NodeFacts> facts) {
        List<Topology.Member> members = new ArrayList<>();
        List<String> notGiven = new ArrayList<>();
        Set<String> matched = new HashSet<>();
        int online = 0;
        for (String[] row : first.grMembers()) {
            String endpoint = "";
            for (NodeFacts f : facts) {
                if (f.error() == null && f.serverUuid().equals(row[0])) {
                    endpoint = f.endpoint();
                    matched.add(endpoint);
                }
            }
            String address = row[1] + ":" + row[2];
            online += "ONLINE".equals(row[3]) ? 1 : 0;
            members.add(new Topology.Member(address, address, row[0], row[3], row[4] == null ? "" : row[4], endpoint));
            if (endpoint.isEmpty()) {
                notGiven.add(address);
            }
        }
        return new Topology(Topology.GROUP_REPLICATION, first.version(), online + "/" + members.size() + " ONLINE",
                members.size(), List.copyOf(members), notMembers(facts, matched, "not a member of the group"),
                List.copyOf(notGiven), "");
    }

    private static Topology standalone(NodeFacts first, List<NodeFacts> facts) {
        List<Topology.Member> members = new ArrayList<>();
        Set<String> matched = new HashSet<>();
        for (NodeFacts f : facts) {
            if (f.error() == null) {
                members.add(new Topology.Member(f.endpoint(), f.endpoint(), f.serverUuid(), "online",
                        f.readOnly() ? "read-only" : "read-write", f.endpoint()));
                matched.add(f.endpoint());
            }
        }
        return new Topology(Topology.STANDALONE, first.version(), "", 1, List.copyOf(members),
                notMembers(facts, matched, null), List.of(),
                members.size() > 1 ? members.size() + " independent servers" : "");
    }

    private static List<String> notMembers(List<NodeFacts> facts, Set<String> matched, String reason) {
        List<String> out = new ArrayList<>();
        for (NodeFacts f : facts) {
            if (f.error() != null) {
                out.add(f.endpoint() + " (unreachable: " + f.error() + ")");
            } else if (!matched.contains(f.endpoint()) && reason != null) {
                out.add(f.endpoint() + " (" + reason + ")");
            }
        }
        return List.copyOf(out);
    }

    private static NodeFacts probe(Target target, String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        try {
            Endpoint e = new Endpoint(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)), null);
            NodeFacts f = read(target, e);
            return f;
        } catch (NumberFormatException ex) {
            return null;
        }
    }

    private static int parseInt(String s) {
        try {
            return s == null ? 0 : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
