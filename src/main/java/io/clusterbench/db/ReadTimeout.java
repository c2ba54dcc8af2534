package io.clusterbench.db;

/**
 * The socket read timeout of a run's worker connections (docs/metrics.md, "Read timeout"), so a worker whose node
 * stops answering without closing its sockets (paused, partitioned, frozen) is freed during the run, counted as a
 * lost connection (2013) and reconnected, failing over to the next endpoint when its own does not accept
 * connections. The end of the run does not depend on it: the engine cancels and closes what is still running at
 * the deadline.
 *
 * <p>Derived so that it frees a blocked worker well inside the run, yet stays far above a statement's ordinary
 * length: {@code max(10 s, 10 × report interval, run time ÷ 4)}; with no time limit, {@code max(60 s, 10 ×
 * report interval)}. A slow statement that outlasts it (a large join, a long DDL) is cut off as a lost
 * connection: raise or disable it with {@code --read-timeout}.
 *
 * <p>Thread-safe (stateless).
 */
public final class ReadTimeout {
    /** No read timeout below this, in seconds: a Galera cluster stalls ~5 s before it evicts a silent node. */
    static final long FLOOR_SECONDS = 10;
    /** With no time limit ({@code --time 0}). */
    static final long UNTIMED_SECONDS = 60;

    private ReadTimeout() {
    }

    /**
     * @param timeSeconds           {@code --time}, 0 for no limit
     * @param reportIntervalSeconds {@code --report-interval}, 0 for none
     * @return the read timeout in milliseconds, &gt; 0
     */
    public static int derive(long timeSeconds, long reportIntervalSeconds) {
        long interval = Math.max(0, reportIntervalSeconds) * 10;
        long seconds = timeSeconds > 0 ? Math.max(Math.max(FLOOR_SECONDS, interval), timeSeconds / 4)
                : Math.max(UNTIMED_SECONDS, interval);
        return (int) Math.min(Integer.MAX_VALUE / 1000, seconds) * 1000;
    }
}
