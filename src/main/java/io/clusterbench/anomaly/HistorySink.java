package io.clusterbench.anomaly;

/**
 * Where the history workloads record each operation as it completes.
 *
 * <p>Implementations are thread-safe: sessions record from their own threads.
 */
public interface HistorySink {
    /**
     * Records one completed operation.
     *
     * @throws java.io.UncheckedIOException when a file sink cannot write
     */
    void add(HistoryRecord record);

    /** @return a sink that records into both, {@code first} first */
    static HistorySink both(HistorySink first, HistorySink second) {
        return r -> {
            first.add(r);
            second.add(r);
        };
    }
}
