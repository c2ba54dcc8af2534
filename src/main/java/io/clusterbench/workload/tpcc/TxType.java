package io.clusterbench.workload.tpcc;

import java.util.Locale;

/**
 * The transaction types of the TPC-C derivative. The ordinal is the type's statement class id: a committed
 * transaction is recorded once under its type (its COMMIT, timed from its BEGIN), so per-type counts and
 * latencies appear in the result's statement classes.
 *
 * <p>Immutable.
 */
public enum TxType {
    NEW_ORDER(45),
    PAYMENT(43),
    ORDER_STATUS(4),
    DELIVERY(4),
    STOCK_LEVEL(4),
    /** Optional ({@code --enable-purge}): deletes delivered orders to keep the data size stable. */
    PURGE(4);

    /** Class name of the intentional 1% new_order rollbacks (TPC-C 2.4.1.4), recorded on their ROLLBACK. */
    public static final String ROLLBACK_CLASS = "new_order_rollback";

    private final int defaultWeight;

    TxType(int defaultWeight) {
        this.defaultWeight = defaultWeight;
    }

    /** @return the standard mix weight (purge: its weight when enabled) */
    public int defaultWeight() {
        return defaultWeight;
    }

    /** @return the name as printed and accepted by {@code --weights}, e.g. {@code new_order} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the type with this label, or null */
    public static TxType byLabel(String label) {
        for (TxType t : values()) {
            if (t.label().equals(label)) {
                return t;
            }
        }
        return null;
    }
}
