package io.clusterbench.observe;

import io.clusterbench.result.StallFacts;

import io.clusterbench.db.Endpoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-node figures of one marked statement, built by the {@link CommitGapObserver}'s poller from
 * successive reads (definitions in docs/metrics.md, "Stalls"):
 * <ul>
 * <li>commit gap: the longest time between two observed commits of the node that overlaps the statement,
 *     counted from the statement's start at the earliest and ending at the node's first commit after it;</li>
 * <li>not synced: time the node's {@code wsrep_local_state} was not 4 (Synced) between the statement's start
 *     and the window's close (RSU desync);</li>
 * <li>catch-up: from the statement's end to the first read showing the node Synced with an empty receive
 *     queue.</li>
 * </ul>
 * Confined to the poller thread; {@link Summary} is guarded by the observer's lock.
 */
final class WindowStats {
    final MarkedWindows.Window window;
    private final long[] gapNanos;
    private final long[] notSyncedNanos;
    private final long[] catchUpNanos;
    private final boolean[] committedAfterEnd;

    WindowStats(MarkedWindows.Window window, int nodes) {
        this.window = window;
        this.gapNanos = new long[nodes];
        this.notSyncedNanos = new long[nodes];
        this.catchUpNanos = new long[nodes];
        this.committedAfterEnd = new boolean[nodes];
        java.util.Arrays.fill(catchUpNanos, -1);
    }

    /**
     * Takes node {@code i}'s latest read into account.
     *
     * @param endNanos the statement's end, or -1 while it runs
     */
    void observe(int i, NodeTrack t, long nowNanos, long endNanos) {
        long start = window.startNanos;
        if (t.readNanos <= start) {
            return;
        }
        if (t.changed && !committedAfterEnd[i]) {
            long gap = t.readNanos - Math.max(t.lastChangeNanos, start);
            gapNanos[i] = Math.max(gapNanos[i], gap);
            if (endNanos >= 0 && t.readNanos > endNanos) {
                committedAfterEnd[i] = true;
            }
        }
        if (t.state != 4) {
            notSyncedNanos[i] += t.readNanos - Math.max(t.previousReadNanos, start);
        }
        if (endNanos >= 0 && catchUpNanos[i] < 0 && t.readNanos > endNanos && t.state == 4 && t.recvQueue == 0) {
            catchUpNanos[i] = t.readNanos - endNanos;
        }
    }

    /** @return true when every node committed and caught up after the statement ended */
    boolean settled() {
        for (int i = 0; i < gapNanos.length; i++) {
            if (!committedAfterEnd[i] || catchUpNanos[i] < 0) {
                return false;
            }
        }
        return true;
    }

    long maxGapNanos() {
        long max = 0;
        for (long g : gapNanos) {
            max = Math.max(max, g);
        }
        return max;
    }

    /** @return the window as the result stores it (units in field names) */
    StallFacts.Window toWindow(List<Endpoint> nodes, boolean failed, boolean timedOut) {
        Map<String, StallFacts.WindowNode> per = new LinkedHashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            per.put(nodes.get(i).label(), new StallFacts.WindowNode(millis(gapNanos[i]), millis(notSyncedNanos[i]),
                    catchUpNanos[i] < 0 ? null : millis(catchUpNanos[i])));
        }
        return new StallFacts.Window(window.kind, window.endpoint, millis(window.endNanos - window.startNanos),
                millis(maxGapNanos()), failed ? Boolean.TRUE : null, timedOut ? Boolean.TRUE : null, per);
    }

    /** @return "n1 4452 n2 4460 ms" for the interval line: per node the longest gap among {@code windows} */
    static String perNode(List<StallFacts.Window> windows, Map<String, String> names) {
        Map<String, Long> max = new LinkedHashMap<>();
        for (StallFacts.Window w : windows) {
            w.nodes().forEach((node, f) -> max.merge(node, f.commitGapMillis(), Math::max));
        }
        StringBuilder b = new StringBuilder();
        int i = 1;
        for (Map.Entry<String, Long> e : max.entrySet()) {
            String name = names.getOrDefault(e.getKey(), "n" + i);
            i++;
            b.append(b.length() == 0 ? "" : " ").append(name).append(' ').append(e.getValue());
        }
        return b.append(" ms").toString();
    }

    private static long millis(long nanos) {
        return Math.round(nanos / 1e6);
    }

    /** Per statement kind over the run: count and per node the maxima. Guarded by the observer's lock. */
    static final class Summary {
        private final int nodes;
        private final Map<String, long[]> byKind = new LinkedHashMap<>();

        Summary(int nodes) {
            this.nodes = nodes;
        }

        /** Layout per kind: [count, maxDuration, gap per node..., notSynced per node..., catchUp per node...]. */
        void add(WindowStats s) {
            long[] v = byKind.computeIfAbsent(s.window.kind, k -> new long[2 + 3 * nodes]);
            v[0]++;
            v[1] = Math.max(v[1], s.window.endNanos - s.window.startNanos);
            for (int i = 0; i < nodes; i++) {
                v[2 + i] = Math.max(v[2 + i], s.gapNanos[i]);
                v[2 + nodes + i] = Math.max(v[2 + nodes + i], s.notSyncedNanos[i]);
                v[2 + 2 * nodes + i] = Math.max(v[2 + 2 * nodes + i], s.catchUpNanos[i]);
            }
        }

        Map<String, StallFacts.Kind> toKinds(List<Endpoint> endpoints) {
            Map<String, StallFacts.Kind> out = new LinkedHashMap<>();
            byKind.forEach((kind, v) -> {
                List<StallFacts.Node> per = new ArrayList<>();
                for (int i = 0; i < nodes; i++) {
                    per.add(new StallFacts.Node(endpoints.get(i).label(), millis(v[2 + i]), millis(v[2 + nodes + i]),
                            v[2 + 2 * nodes + i] < 0 ? null : millis(v[2 + 2 * nodes + i])));
                }
                out.put(kind, new StallFacts.Kind(v[0], millis(v[1]), per));
            });
            return out;
        }
    }
}
