package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One read of every account's balance in one transaction (one {@code SELECT} over the bank table).
 *
 * <p>Immutable in use (the array is not copied).
 *
 * @param id             unique among the history's bank operations
 * @param session        the client session
 * @param node           the endpoint
 * @param invokeMicros   statement sent, µs from the history's origin
 * @param completeMicros answer received (or given up), µs from the origin
 * @param outcome        what the client learnt
 * @param balances       balance by account number (index), as read; null when the read failed
 * @param error          for a failed or unknown outcome, {@code code/SQLSTATE message}; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BankRead(long id, int session, String node, long invokeMicros, long completeMicros, Outcome outcome,
                       long[] balances, String error) implements HistoryRecord {
    /** @return the sum of the balances read; 0 when none */
    public long total() {
        long t = 0;
        if (balances != null) {
            for (long b : balances) {
                t += b;
            }
        }
        return t;
    }
}
