package io.clusterbench.db;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a target is, found from its endpoints at start ({@link TopologyDiscovery}): flavor, version,
 * members with state and role, cluster status, and how the endpoints given match the members.
 *
 * <p>Immutable.
 *
 * @param flavor          {@link #STANDALONE}, {@link #MARIADB_GALERA}, {@link #PXC}, {@link #GROUP_REPLICATION},
 *                        or {@link #UNKNOWN} when no endpoint answered
 * @param version         {@code SELECT VERSION()} of the first endpoint that answered, or "" when none did
 * @param clusterStatus   Galera {@code wsrep_cluster_status} ({@code Primary}…), GR "ONLINE members/all", or ""
 * @param clusterSize     members in the component the first answering endpoint sees; 1 for standalone
 * @param members         the members, in the cluster's order; for standalone the one server
 * @param endpointsNotMembers endpoints given that are not members (unreachable, or of another cluster), each
 *                        with the reason
 * @param membersNotGiven members whose SQL address is not among the endpoints given
 * @param note            why discovery is incomplete, or ""
 */
public record Topology(String flavor, String version, String clusterStatus, int clusterSize, List<Member> members,
                       List<String> endpointsNotMembers, List<String> membersNotGiven, String note) {
    /** A single server (wsrep off, no group replication). */
    public static final String STANDALONE = "standalone";
    /** MariaDB with the Galera provider on. */
    public static final String MARIADB_GALERA = "mariadb-galera";
    /** Percona XtraDB Cluster (Galera). */
    public static final String PXC = "percona-xtradb-cluster";
    /** MySQL Group Replication. */
    public static final String GROUP_REPLICATION = "group-replication";
    /** No endpoint answered. */
    public static final String UNKNOWN = "unknown";

    /**
     * One member.
     *
     * @param name     {@code wsrep_node_name}, GR member host:port, or the endpoint label for standalone
     * @param address  SQL address {@code host:port} as the cluster advertises it, or "" when unknown
     * @param id       Galera node UUID ({@code wsrep_gcomm_uuid}), GR {@code MEMBER_ID}, or ""
     * @param state    Galera {@code wsrep_local_state_comment} (Synced, Donor/Desynced, Joining…), GR
     *                 {@code MEMBER_STATE}, or "unreachable" / "unknown"
     * @param role     Galera: {@code read-write} or {@code read-only} ({@code @@read_only}); GR
     *                 {@code PRIMARY}/{@code SECONDARY}; standalone {@code read-write}/{@code read-only}
     * @param endpoint the endpoint given that reaches this member, or "" when none does
     */
    public record Member(String name, String address, String id, String state, String role, String endpoint) {
    }

    /** @return true for MariaDB Galera and PXC */
    public boolean galera() {
        return MARIADB_GALERA.equals(flavor) || PXC.equals(flavor);
    }

    /** @return the member reached through endpoint {@code label}, or null */
    public Member memberAt(String label) {
        for (Member m : members) {
            if (m.endpoint().equals(label)) {
                return m;
            }
        }
        return null;
    }

    /** @return the topology as JSON-ready maps and lists (for observer facts in result.json) */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("flavor", flavor);
        m.put("version", version);
        m.put("clusterStatus", clusterStatus);
        m.put("clusterSize", clusterSize);
        List<Map<String, Object>> ms = new ArrayList<>();
        for (Member x : members) {
            Map<String, Object> mm = new LinkedHashMap<>();
            mm.put("name", x.name());
            mm.put("address", x.address());
            mm.put("id", x.id());
            mm.put("state", x.state());
            mm.put("role", x.role());
            mm.put("endpoint", x.endpoint());
            ms.add(mm);
        }
        m.put("members", ms);
        m.put("endpointsNotMembers", endpointsNotMembers);
        m.put("membersNotGiven", membersNotGiven);
        if (!note.isEmpty()) {
            m.put("note", note);
        }
        return m;
    }

    /** @return human-readable lines for the console, without trailing newlines */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        String head = String.format(Locale.ROOT, "Topology: %s %s", flavor, version);
        if (!STANDALONE.equals(flavor) && !UNKNOWN.equals(flavor)) {
            head += ", cluster " + clusterStatus + ", size " + clusterSize;
        }
        lines.add(head + (note.isEmpty() ? "" : " (" + note + ")"));
        // columns as wide as their widest value (a standalone member is named by its address, which spilled over
        // an 8-wide name column), named once (a tester read "n1 127.0.0.1:19000 ... <- 127.0.0.1:19000")
        int name = "member".length();
        int address = "address".length();
        int state = "state".length();
        int role = "role".length();
        for (Member x : members) {
            name = Math.max(name, x.name().length());
            address = Math.max(address, Math.max(1, x.address().length()));
            state = Math.max(state, x.state().length());
            role = Math.max(role, x.role().length());
        }
        String row = "  %-" + name + "s  %-" + address + "s  %-" + state + "s  %-" + role + "s  %s";
        if (!members.isEmpty()) {
            lines.add(String.format(Locale.ROOT, row, "member", "address", "state", "role", "endpoint"));
        }
        for (Member x : members) {
            lines.add(String.format(Locale.ROOT, row, x.name(), x.address().isEmpty() ? "-" : x.address(), x.state(),
                    x.role(), endpointColumn(x)));
        }
        for (String e : endpointsNotMembers) {
            lines.add("  endpoint given that is not a member: " + e);
        }
        if (!membersNotGiven.isEmpty()) {
            lines.add("  members not given: " + String.join(", ", membersNotGiven));
        }
        return lines;
    }

    /**
     * @return how the run reaches member {@code x}: {@code given} when an endpoint given is its own address,
     *         {@code given as HOST:PORT} when another one leads to it (a proxy, a forwarded port), or
     *         {@code not given}
     */
    private static String endpointColumn(Member x) {
        if (x.endpoint().isEmpty()) {
            return "not given";
        }
        return x.endpoint().equals(x.address()) ? "given" : "given as " + x.endpoint();
    }
}
