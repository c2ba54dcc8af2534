package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The big transactions of a {@code bigtrx} run ({@code observerFacts.bigtrx}; docs/metrics.md, "Big transactions").
 * Immutable.
 *
 * @param transactions per transaction kind that ran (e.g. {@code bigtrx_insert}), in kind order
 */
public record BigtrxFacts(Map<String, Kind> transactions) {
    public BigtrxFacts {
        transactions = transactions == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(transactions));
    }

    /**
     * One kind's transactions.
     *
     * @param transactions                committed transactions of the kind
     * @param rowsPerTransaction          rows the statements reported affected, per transaction
     * @param transactionsWithRowMismatch transactions that affected another number of rows than asked
     * @param writeSetBytesPerTransaction write-set bytes replicated per transaction; null (not written) without wsrep
     * @param fragmentsPerTransaction     write sets per transaction (1 without streaming); null without wsrep
     * @param maxFragmentsPerTransaction  most write sets of one transaction; null without wsrep
     */
    public record Kind(long transactions, double rowsPerTransaction, long transactionsWithRowMismatch,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double writeSetBytesPerTransaction,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double fragmentsPerTransaction,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long maxFragmentsPerTransaction) {
    }
}
