package io.clusterbench.workload.tpcc;

import java.sql.SQLException;

/**
 * The input of one transaction, drawn before it runs and kept until it commits, so that a restarted event
 * replays the same transaction.
 *
 * <p>Immutable.
 */
sealed interface TxInput permits NewOrder, Payment, OrderStatus, Delivery, StockLevel, Purge {
    /**
     * Runs the transaction as one explicit transaction on the session.
     *
     * @throws SQLException when a statement fails (the session rolls back)
     */
    void run(TpccSession s) throws SQLException;

    /** @return a fresh input of {@code type}, drawn with the session's generator */
    static TxInput draw(TpccSession s, TxType type) {
        return switch (type) {
            case NEW_ORDER -> NewOrder.draw(s);
            case PAYMENT -> Payment.draw(s);
            case ORDER_STATUS -> OrderStatus.draw(s);
            case DELIVERY -> Delivery.draw(s);
            case STOCK_LEVEL -> StockLevel.draw(s);
            case PURGE -> Purge.draw(s);
        };
    }
}
