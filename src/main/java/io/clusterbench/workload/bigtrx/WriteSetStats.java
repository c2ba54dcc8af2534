package io.clusterbench.workload.bigtrx;

import io.clusterbench.observe.Observer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per transaction kind: transactions, rows, write-set bytes and fragments replicated, summed over workers.
 * Bytes and fragments are the deltas of the node's {@code wsrep_replicated_bytes} and
 * {@code wsrep_replicated} across the transaction (BEGIN to COMMIT), read on the transaction's own
 * connection; they include what other writers on that node replicated in the same time (docs/metrics.md,
 * "Big transactions").
 *
 * <p>Thread-safe (atomic counters). It is an {@link Observer} only to hand its totals to the result at the
 * end of the run ({@link #facts}); it samples nothing.
 */
final class WriteSetStats implements Observer {
    private static final int FIELDS = 6;
    private static final int TRX = 0;
    private static final int ROWS = 1;
    private static final int BYTES = 2;
    private static final int FRAGMENTS = 3;
    private static final int MAX_FRAGMENTS = 4;
    private static final int ROW_MISMATCH = 5;
    private final AtomicLongArray values = new AtomicLongArray(BigtrxOp.values().length * FIELDS);
    private volatile boolean wsrep;

    /** @param on whether the server is a Galera node (write-set figures are kept) */
    void wsrep(boolean on) {
        wsrep = on;
    }

    @Override
    public String name() {
        return "bigtrx";
    }

    @Override
    public void start() {
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    @Override
    public io.clusterbench.result.Facts facts() {
        return io.clusterbench.result.Facts.NONE.with(io.clusterbench.result.FactKeys.BIGTRX,
                new io.clusterbench.result.BigtrxFacts(kinds()));
    }

    @Override
    public void close() {
    }

    /**
     * @param rowsWritten rows the transaction's statements reported affected
     * @param expected    rows it was meant to write
     * @param bytes       write-set bytes replicated, or -1 when the server has no wsrep counters
     * @param fragments   write sets replicated (1 without streaming), or -1 when unknown
     */
    void add(BigtrxOp op, long rowsWritten, long expected, long bytes, long fragments) {
        int b = op.ordinal() * FIELDS;
        values.incrementAndGet(b + TRX);
        values.addAndGet(b + ROWS, rowsWritten);
        if (rowsWritten != expected) {
            values.incrementAndGet(b + ROW_MISMATCH);
        }
        if (bytes >= 0) {
            values.addAndGet(b + BYTES, bytes);
            values.addAndGet(b + FRAGMENTS, fragments);
            values.accumulateAndGet(b + MAX_FRAGMENTS, fragments, Math::max);
        }
    }

    /** @return per kind that ran: its figures, units in field names */
    Map<String, io.clusterbench.result.BigtrxFacts.Kind> kinds() {
        Map<String, io.clusterbench.result.BigtrxFacts.Kind> m = new LinkedHashMap<>();
        for (BigtrxOp op : BigtrxOp.values()) {
            int b = op.ordinal() * FIELDS;
            long trx = values.get(b + TRX);
            if (trx == 0) {
                continue;
            }
            m.put(op.className(), new io.clusterbench.result.BigtrxFacts.Kind(trx, (double) values.get(b + ROWS) / trx,
                    values.get(b + ROW_MISMATCH), wsrep ? (double) values.get(b + BYTES) / trx : null,
                    wsrep ? (double) values.get(b + FRAGMENTS) / trx : null,
                    wsrep ? values.get(b + MAX_FRAGMENTS) : null));
        }
        return m;
    }
}
