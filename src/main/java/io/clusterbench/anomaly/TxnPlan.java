package io.clusterbench.anomaly;

import java.util.List;

/**
 * A list-append transaction to run: its id and micro-operations, reads without lists yet.
 *
 * <p>Immutable.
 *
 * @param id  unique within the history
 * @param ops the micro-operations in order
 */
public record TxnPlan(long id, List<MicroOp> ops) {
    /** Copies the list. */
    public TxnPlan {
        ops = List.copyOf(ops);
    }
}
