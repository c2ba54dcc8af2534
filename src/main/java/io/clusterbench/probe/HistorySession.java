package io.clusterbench.probe;

import io.clusterbench.anomaly.HistoryWorkload;

/**
 * One client session of a {@link HistoryLoad} on its own thread: opens its writer connection, waits for the load's
 * start, then runs one {@link HistoryOperator#step} after another until the load stops or the workload's operations
 * are spent.
 *
 * <p>Confined to its thread, except {@link #abort}, which any thread may call.
 */
final class HistorySession implements Runnable {
    private final int session;
    private final HistoryLoad load;
    private final HistoryOperator operator;

    HistorySession(int session, HistoryWorkload kind, HistoryLoad load, long seed) {
        this.session = session;
        this.load = load;
        this.operator = new HistoryOperator(session, kind, load, seed);
    }

    @Override
    public void run() {
        try {
            operator.openWriter(); // opened before the start, as a run opens its connections
            load.ready();
            if (!load.awaitStart()) {
                return;
            }
            while (!load.stopping() && load.takeOperation(operator.kind())) {
                operator.step();
            }
        } catch (RuntimeException e) {
            load.failed(session, e);
        } finally {
            operator.close();
            load.ended();
        }
    }

    /** Frees the session from any statement it waits on (the load is stopping). */
    void abort() {
        operator.abort();
    }
}
