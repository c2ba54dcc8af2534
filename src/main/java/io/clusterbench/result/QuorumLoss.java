package io.clusterbench.result;

/**
 * A period in which no node that answered was in a Primary component (Galera {@code wsrep_cluster_status}
 * non-Primary on the remaining nodes): the cluster refused writes everywhere. Immutable.
 *
 * @param startSeconds  first poll that saw it, seconds since the measured start
 * @param lengthSeconds until the first poll that saw a Primary node again, or until the run ended
 * @param ended         false when the run ended while quorum was still lost
 * @param nodes         what each node said at the start, e.g. {@code n1=non-Primary n2=? n3=?}
 */
public record QuorumLoss(double startSeconds, double lengthSeconds, boolean ended, String nodes) {
}
