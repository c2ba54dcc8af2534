package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The cluster topology found at the start of a run ({@code observerFacts.topology}; docs/metrics.md, "Cluster
 * topology and routing"): what the first endpoint's server is and, for a cluster, its members and how the given
 * endpoints map onto them. Immutable.
 *
 * @param flavor              {@code standalone}, {@code mariadb-galera}, {@code pxc}, {@code group-replication}, ...
 * @param version             the server's version string
 * @param clusterStatus       {@code Primary} / {@code non-Primary} for Galera, "" for a standalone server
 * @param clusterSize         members of the cluster (1 for a standalone server)
 * @param members             every member, in the cluster's order
 * @param endpointsNotMembers given endpoints that are no member of the cluster
 * @param membersNotGiven     members no given endpoint reaches
 * @param note                a remark on the discovery (e.g. a member list that could not be read); null (not
 *                            written) for none
 */
public record TopologyRecord(String flavor, String version, String clusterStatus, int clusterSize,
                             List<Member> members, List<String> endpointsNotMembers, List<String> membersNotGiven,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String note) {
    public TopologyRecord {
        members = members == null ? List.of() : List.copyOf(members);
        endpointsNotMembers = endpointsNotMembers == null ? List.of() : List.copyOf(endpointsNotMembers);
        membersNotGiven = membersNotGiven == null ? List.of() : List.copyOf(membersNotGiven);
    }

    /**
     * One member.
     *
     * @param name     the member's name (e.g. {@code n2}; the address for a standalone server)
     * @param address  its address as the cluster reports it
     * @param id       its cluster id (Galera UUID), "" when none
     * @param state    its state ({@code Synced}, {@code online}, ...)
     * @param role     {@code read-write} or {@code read-only}
     * @param endpoint the given endpoint that reaches it, "" when none
     */
    public record Member(String name, String address, String id, String state, String role, String endpoint) {
    }
}
