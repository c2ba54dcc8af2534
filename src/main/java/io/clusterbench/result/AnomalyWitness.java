package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The evidence of one anomaly in {@code anomalies.json}: the transactions involved (for a cycle in cycle order, each
 * with its node, session, times and operations) and the edges between them with their key/value evidence (edge i
 * goes from transaction i to transaction i+1, the last back to the first). A bank or counter witness is the one read
 * that broke the invariant, without edges.
 *
 * <p>Immutable.
 *
 * @param anomaly      the class
 * @param summary      one line, e.g. {@code T3 -rw-> T8 -ww-> T3}
 * @param transactions the operations, as recorded
 * @param edges        the dependency edges, empty for a single-operation witness
 */
public record AnomalyWitness(String anomaly, String summary, List<Txn> transactions, List<Edge> edges) {
    /** Copies the lists. */
    public AnomalyWitness {
        transactions = List.copyOf(transactions);
        edges = edges == null ? List.of() : List.copyOf(edges);
    }

    /**
     * One operation of a witness. Immutable.
     *
     * @param id             its id in the history ({@code T} + id for list-append)
     * @param session        the client session
     * @param node           the node it ran on
     * @param invokeMicros   first statement sent, µs from the history's origin
     * @param completeMicros answer received (or given up), µs from the origin
     * @param outcome        {@code ok}, {@code failed} or {@code unknown}
     * @param ops            its micro-operations in order, e.g. {@code append(3, 17)}, {@code read(3) = [1, 2]}
     * @param error          the error of a failed or unknown operation, else null
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Txn(long id, int session, String node, long invokeMicros, long completeMicros, String outcome,
                      List<String> ops, String error) {
    }

    /**
     * One edge of a witness. Immutable.
     *
     * @param from      id of the transaction it leaves
     * @param to        id of the transaction it enters
     * @param type      {@code ww}, {@code wr}, {@code rw} or {@code rt}
     * @param key       the key of the evidence; null for a real-time edge
     * @param fromValue the value on {@code from}'s side (appended, observed, or last read), or null
     * @param toValue   the value on {@code to}'s side (appended), or null
     * @param text      the evidence in one sentence
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Edge(long from, long to, String type, Long key, Long fromValue, Long toValue, String text) {
    }
}
