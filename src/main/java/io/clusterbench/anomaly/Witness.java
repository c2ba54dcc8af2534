package io.clusterbench.anomaly;

import java.util.List;

/**
 * The evidence of one anomaly: the transactions involved (for a cycle, in cycle order, each with its node, session,
 * times and micro-operations) and the edges between them with their key/value evidence (for a cycle, link i goes from
 * transaction i to transaction i+1, the last back to the first).
 *
 * <p>Immutable.
 *
 * @param anomaly      the class
 * @param transactions the transactions, as recorded
 * @param links        the edges and their evidence
 * @param summary      one line, e.g. {@code T3 -rw-> T8 -ww-> T3}
 */
public record Witness(AnomalyClass anomaly, List<Txn> transactions, List<Link> links, String summary) {
    /** Copies the lists. */
    public Witness {
        transactions = List.copyOf(transactions);
        links = List.copyOf(links);
    }
}
