package io.clusterbench.engine;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The run's read timeout ({@code --read-timeout}, docs/metrics.md "Read timeout"), kept by one thread instead of
 * by every socket: a worker that has heard nothing from its server for longer than the timeout inside an event or
 * a reconnect ({@link Worker#waitingSinceNanos()}) has its connection closed under it ({@link Worker#abort()}),
 * so its statement fails as a lost connection (2013) and the worker reconnects, failing over when its node does
 * not accept connections. Worker connections therefore carry no socket read timeout, which would make every
 * read a read, a poll and a read again (10-20% of the client's CPU per event, docs/metrics.md).
 *
 * <p>{@link #scan} is called by the run's clock thread ({@link EndOfRun}) every few tens of milliseconds, so a
 * silent node is detected between the timeout and the timeout plus one scan period. Closing runs on one daemon
 * thread of its own, so a close that blocks (the driver's abort on a unix socket) never delays the clock. Each
 * wait is broken once. Not thread-safe: the clock thread only.
 */
final class StuckStatements {
    private final List<Worker> workers;
    private final long limitNanos;
    /** Per worker, the {@link Worker#waitingSinceNanos()} value already broken (0: none). */
    private final long[] broken;
    private ExecutorService closer;
    private long breaks;

    /**
     * @param workers    the run's workers
     * @param limitNanos the read timeout in nanoseconds; 0 or less keeps nothing (no timeout)
     */
    StuckStatements(List<Worker> workers, long limitNanos) {
        this.workers = workers;
        this.limitNanos = limitNanos;
        this.broken = new long[workers.size()];
    }

    /**
     * Breaks the connection of every worker that has waited longer than the read timeout at {@code nowNanos}.
     *
     * @param nowNanos clock time of the scan
     * @return connections broken by this scan
     */
    int scan(long nowNanos) {
        if (limitNanos <= 0) {
            return 0;
        }
        int n = 0;
        for (int i = 0; i < broken.length; i++) {
            Worker w = workers.get(i);
            long since = w.waitingSinceNanos();
            if (since != 0 && since != broken[i] && nowNanos - since > limitNanos && !w.done()) {
                broken[i] = since;
                if (closer == null) {
                    closer = Executors.newSingleThreadExecutor(r -> {
                        Thread t = new Thread(r, "read-timeout");
                        t.setDaemon(true);
                        return t;
                    });
                }
                closer.execute(w::abort);
                n++;
            }
        }
        breaks += n;
        return n;
    }

    /** @return connections broken so far */
    long breaks() {
        return breaks;
    }

    /** Lets queued closes finish on their daemon thread and takes no more. */
    void close() {
        if (closer != null) {
            closer.shutdown();
        }
    }
}
