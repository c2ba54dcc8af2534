package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One line of a history file: the header, a list-append transaction, or an operation of the bank or counter
 * invariant workloads. The JSON form names the kind in a {@code type} field.
 *
 * <p>Implementations are immutable records.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = HistoryHeader.class, name = "header"),
        @JsonSubTypes.Type(value = Txn.class, name = "txn"),
        @JsonSubTypes.Type(value = BankTransfer.class, name = "bank-transfer"),
        @JsonSubTypes.Type(value = BankRead.class, name = "bank-read"),
        @JsonSubTypes.Type(value = CounterOp.class, name = "counter")
})
public sealed interface HistoryRecord permits HistoryHeader, Txn, BankTransfer, BankRead, CounterOp {
}
