package io.clusterbench.anomaly;

import java.util.List;

/**
 * A whole history, as read from a history file or taken from a {@link HistoryLog}: the records by kind, each list
 * in the order recorded (completion order).
 *
 * <p>Immutable.
 *
 * @param header        the file's header
 * @param txns          list-append transactions
 * @param transfers     bank transfers
 * @param bankReads     bank total reads
 * @param counter       counter increments and reads
 * @param truncatedTail true when the file's last line was cut off (the writer stopped mid-line) and was skipped
 */
public record History(HistoryHeader header, List<Txn> txns, List<BankTransfer> transfers, List<BankRead> bankReads,
                      List<CounterOp> counter, boolean truncatedTail) {
    /** Copies the lists. */
    public History {
        txns = List.copyOf(txns);
        transfers = List.copyOf(transfers);
        bankReads = List.copyOf(bankReads);
        counter = List.copyOf(counter);
    }
}
