package io.clusterbench.result;

import java.util.List;

/**
 * What {@code --consistency} asked and what the servers said ({@code observerFacts.consistency};
 * docs/metrics.md, "Cluster topology and routing"). Immutable.
 *
 * @param requested  the level asked, e.g. {@code 1}
 * @param variable   the session variable set: {@code wsrep_sync_wait} or {@code group_replication_consistency}
 * @param scope      {@code session}
 * @param verifiedOn endpoints whose session reported the level back
 * @param problems   one sentence per endpoint that did not (unreachable, another value, unknown variable)
 * @param effect     {@code in effect}, or why the setting has no effect on this server
 */
public record ConsistencyRecord(String requested, String variable, String scope, List<String> verifiedOn,
                                List<String> problems, String effect) {
    public ConsistencyRecord {
        verifiedOn = verifiedOn == null ? List.of() : List.copyOf(verifiedOn);
        problems = problems == null ? List.of() : List.copyOf(problems);
    }
}
