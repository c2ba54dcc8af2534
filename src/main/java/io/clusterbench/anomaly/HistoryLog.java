package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory history: the sink a run checks at its end (beside the file), and what tests build.
 *
 * <p>Thread-safe: {@link #add} and {@link #history} synchronize on this.
 */
public final class HistoryLog implements HistorySink {
    private final HistoryHeader header;
    private final List<Txn> txns = new ArrayList<>();
    private final List<BankTransfer> transfers = new ArrayList<>();
    private final List<BankRead> bankReads = new ArrayList<>();
    private final List<CounterOp> counter = new ArrayList<>();

    /** @param header what {@link #history()} reports as the header */
    public HistoryLog(HistoryHeader header) {
        this.header = header;
    }

    @Override
    public synchronized void add(HistoryRecord record) {
        if (record instanceof Txn t) {
            txns.add(t);
        } else if (record instanceof BankTransfer t) {
            transfers.add(t);
        } else if (record instanceof BankRead r) {
            bankReads.add(r);
        } else if (record instanceof CounterOp c) {
            counter.add(c);
        } else {
            throw new IllegalArgumentException("a history has one header, given at creation");
        }
    }

    /** @return everything recorded so far */
    public synchronized History history() {
        return new History(header, txns, transfers, bankReads, counter, false);
    }
}
