package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One list-append transaction as the client saw it.
 *
 * <p>Immutable.
 *
 * @param id             unique within the history
 * @param session        the client session (worker) that ran it; a session runs one transaction at a time
 * @param node           the endpoint it ran on (e.g. {@code n1} or {@code 127.0.0.1:3306})
 * @param invokeMicros   when the client sent its first statement, µs from the history's origin
 *                       ({@link HistoryHeader#startEpochMillis()})
 * @param completeMicros when the client received the commit's answer (or gave up), µs from the origin; for an
 *                       {@link Outcome#UNKNOWN} outcome it is no bound on when the transaction took effect
 * @param outcome        what the client learnt
 * @param ops            the micro-operations in the order run; for a failed transaction every planned one, reads
 *                       not reached without a list
 * @param error          for a failed or unknown outcome the error as {@code code/SQLSTATE message}, else null
 * @param finalRead      true for the reads taken after the load stopped and every node caught up: an acknowledged
 *                       append missing from them is lost ({@link AnomalyClass#LOST_APPEND})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Txn(long id, int session, String node, long invokeMicros, long completeMicros, Outcome outcome,
                  List<MicroOp> ops, String error,
                  @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean finalRead) implements HistoryRecord {
    /** @throws IllegalArgumentException when completion precedes invocation or a field is missing */
    public Txn {
        if (outcome == null || ops == null) {
            throw new IllegalArgumentException("transaction " + id + " has no outcome or no operations");
        }
        if (completeMicros < invokeMicros) {
            throw new IllegalArgumentException("transaction " + id + " completes at " + completeMicros
                    + " µs, before its invocation at " + invokeMicros + " µs");
        }
        ops = List.copyOf(ops);
    }

    /** @return an ordinary (not final-read) transaction without error text */
    public static Txn of(long id, int session, String node, long invokeMicros, long completeMicros, Outcome outcome,
                         MicroOp... ops) {
        return new Txn(id, session, node, invokeMicros, completeMicros, outcome, List.of(ops), null, false);
    }

    /** @return "T" and the id, as witnesses name transactions */
    public String name() {
        return "T" + id;
    }
}
