package io.clusterbench.runner;

import io.clusterbench.db.Consistency;
import io.clusterbench.db.Topology;
import io.clusterbench.result.ConsistencyRecord;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.TopologyRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * The facts a run knows before its first step: the topology found at start, the read timeout and the consistency
 * level as applied, as typed facts ({@link FactKeys#TOPOLOGY}, {@link FactKeys#READ_TIMEOUT_MILLIS},
 * {@link FactKeys#CONSISTENCY}).
 *
 * <p>Stateless.
 */
final class ClusterFacts {
    private ClusterFacts() {
    }

    /**
     * @param applied the consistency level as applied, or null when {@code --consistency} was not given
     * @return topology, read timeout, then consistency
     */
    static Facts of(Topology topology, int readTimeoutMillis, Consistency.Applied applied) {
        Facts f = Facts.NONE.with(FactKeys.TOPOLOGY, record(topology))
                .with(FactKeys.READ_TIMEOUT_MILLIS, readTimeoutMillis);
        return applied == null ? f : f.with(FactKeys.CONSISTENCY, record(applied));
    }

    /** @return the topology as the result records it */
    static TopologyRecord record(Topology t) {
        List<TopologyRecord.Member> members = new ArrayList<>();
        for (Topology.Member m : t.members()) {
            members.add(new TopologyRecord.Member(m.name(), m.address(), m.id(), m.state(), m.role(), m.endpoint()));
        }
        return new TopologyRecord(t.flavor(), t.version(), t.clusterStatus(), t.clusterSize(), members,
                t.endpointsNotMembers(), t.membersNotGiven(), t.note().isEmpty() ? null : t.note());
    }

    /** @return the consistency level as the result records it */
    static ConsistencyRecord record(Consistency.Applied a) {
        return new ConsistencyRecord(a.requested(), a.variable(), "session", a.verifiedOn(), a.problems(), a.effect());
    }
}
