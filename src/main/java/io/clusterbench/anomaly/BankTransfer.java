package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One bank transfer (Jepsen's bank workload): in one transaction, read the two balances, and when {@code from} holds
 * at least {@code amount}, write both new balances as absolute values computed from what was read.
 *
 * <p>Immutable.
 *
 * @param id             unique among the history's bank operations
 * @param session        the client session
 * @param node           the endpoint
 * @param invokeMicros   first statement sent, µs from the history's origin
 * @param completeMicros commit answered (or given up), µs from the origin
 * @param outcome        what the client learnt
 * @param from           account debited
 * @param to             account credited
 * @param amount         money moved, &gt; 0
 * @param applied        false when {@code from} held less than {@code amount} and nothing was written
 * @param error          for a failed or unknown outcome, {@code code/SQLSTATE message}; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BankTransfer(long id, int session, String node, long invokeMicros, long completeMicros,
                           Outcome outcome, int from, int to, long amount, boolean applied, String error)
        implements HistoryRecord {
}
