package io.clusterbench.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code stall} observer's whole-run facts ({@code observerFacts.stall} in {@code result.json}; docs/metrics.md,
 * "Stalls"): per marked statement class the worst figures per node, and the first marked windows one by one.
 * Written by {@code observe.CommitGapObserver}, read by the report. Immutable.
 *
 * @param stepMillis how often the observer read every node's commit counter, ms
 * @param counter    the counter it read
 * @param byKind     per marked statement class (e.g. {@code ddl_force}), in the order first seen
 * @param windows    the first marked statements' windows (at most the observer's limit), in the order they ended
 */
public record StallFacts(long stepMillis, String counter, Map<String, Kind> byKind, List<Window> windows) {
    /** Copies {@code byKind} and {@code windows} (null = empty), keeping their order. */
    public StallFacts {
        byKind = byKind == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byKind));
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /** Facts holding only the per-class figures (the report's view). */
    public StallFacts(Map<String, Kind> byKind) {
        this(0, "", byKind, List.of());
    }

    /**
     * One marked statement (a DDL, a big transaction) and what every node did while it ran.
     *
     * @param kind               the statement class, e.g. {@code ddl_force}
     * @param endpoint           the endpoint it ran on
     * @param durationMillis     how long it ran, ms
     * @param maxCommitGapMillis the longest time any node went without a commit during it, ms
     * @param failed             true when the statement failed; null (not written) when it did not
     * @param settleTimedOut     true when a node had not caught up within the settle time; null (not written) otherwise
     * @param nodes              per endpoint label, that node's figures
     */
    public record Window(String kind, String endpoint, long durationMillis, long maxCommitGapMillis,
                         @com.fasterxml.jackson.annotation.JsonInclude(
                                 com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Boolean failed,
                         @com.fasterxml.jackson.annotation.JsonInclude(
                                 com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Boolean settleTimedOut,
                         Map<String, WindowNode> nodes) {
        public Window {
            nodes = nodes == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        }
    }

    /**
     * One node during a marked window.
     *
     * @param commitGapMillis longest time without a commit, ms
     * @param notSyncedMillis time the node was not Synced, ms
     * @param catchUpMillis   time after the statement's end until the node had applied it, ms; null when not within
     *                        the settle time
     */
    public record WindowNode(long commitGapMillis, long notSyncedMillis, Long catchUpMillis) {
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
