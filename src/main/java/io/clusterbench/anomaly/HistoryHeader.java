package io.clusterbench.anomaly;

import java.util.List;

/**
 * The first line of a history file: the format and what the times of the records are relative to.
 *
 * <p>Immutable.
 *
 * @param schema           {@value #SCHEMA}
 * @param startEpochMillis wall-clock time (ms since the epoch) of the history's time origin; every
 *                         {@code ...Micros} field of the records counts microseconds of the client's monotonic
 *                         clock ({@code System.nanoTime}) from that origin
 * @param isolation        the sessions' transaction isolation as set (e.g. {@code REPEATABLE-READ}), or null
 * @param consistency      the sessions' consistency setting as set (e.g. {@code wsrep_sync_wait=0}), or null
 * @param lockingReads     true when reads were {@code SELECT ... FOR UPDATE}
 * @param nodes            the endpoint names the records use, in order
 */
public record HistoryHeader(String schema, long startEpochMillis, String isolation, String consistency,
                            boolean lockingReads, List<String> nodes) implements HistoryRecord {
    /** The format id of this version of the file. */
    public static final String SCHEMA = "clusterbench.history/1";

    /** @return a header of the current schema */
    public static HistoryHeader of(HistoryClock clock, String isolation, String consistency, boolean lockingReads,
                                   List<String> nodes) {
        return new HistoryHeader(SCHEMA, clock.startEpochMillis(), isolation, consistency, lockingReads,
                List.copyOf(nodes));
    }
}
