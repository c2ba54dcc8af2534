package io.clusterbench.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole-run part of the {@code stall} observer's facts ({@code observerFacts.stall.byKind} in
 * {@code result.json}; docs/metrics.md, "Stalls"), as the report reads them. Written by
 * {@code observe.CommitGapObserver} as a map (its package does not see this one); {@link RunRecord#fact}
 * converts it, so a field renamed on one side fails the report's tests instead of printing "null". Immutable.
 *
 * @param byKind per marked statement class (e.g. {@code ddl_force}), in the order first seen
 */
public record StallFacts(Map<String, Kind> byKind) {
    /** The key of these facts in a run's {@code observerFacts} (the observer's name). */
    public static final String KEY = "stall";

    /** Copies {@code byKind} (null = empty), keeping its order. */
    public StallFacts {
        byKind = byKind == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byKind));
    }

    /**
     * One statement class over the run.
     *
     * @param statements        marked statements of the class
     * @param maxDurationMillis the longest one, ms
     * @param nodes             per node, in endpoint order
     */
    public record Kind(long statements, long maxDurationMillis, List<Node> nodes) {
        public Kind {
            nodes = nodes == null ? List.of() : List.copyOf(nodes);
        }
    }

    /**
     * One node's worst figures over the class's statements.
     *
     * @param endpoint           the node's endpoint label
     * @param maxCommitGapMillis longest time without a commit on the node, ms
     * @param maxNotSyncedMillis longest time the node was not Synced, ms
     * @param maxCatchUpMillis   longest catch-up after a statement's end, ms, or null when one was not within 10 s
     */
    public record Node(String endpoint, long maxCommitGapMillis, long maxNotSyncedMillis, Long maxCatchUpMillis) {
    }
}
