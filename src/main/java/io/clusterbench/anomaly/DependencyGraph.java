package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * The dependency graph of a list-append history: one node per transaction (index into the history), an edge per
 * ordered pair with a mask of its {@link DepType}s. Compressed rows: the out-edges of node {@code u} are
 * {@code targets[offsets[u] .. offsets[u+1])} with {@code masks} beside them.
 *
 * <p>Edges: ww between consecutive possibly-committed writers of each key's version order; wr from the writer of the
 * last foreign value a read observed; rw from a reader to the writer of the first value after its list; rt from each
 * acknowledged transaction to the transactions invoked after its acknowledgement, transitively reduced by a frontier
 * (an edge {@code a -> b} is left out when some {@code c} has {@code a -> c -> b} in real time), so the graph holds
 * about n × concurrency rt edges yet reaches every real-time successor. Failed transactions have no edges; unknown
 * ones have no outgoing rt edges (they may have taken effect at any later time) and no edges from their reads.
 *
 * <p>Immutable after {@link #build}.
 */
final class DependencyGraph {
    final int size;
    final int[] offsets;
    final int[] targets;
    final byte[] masks;

    private DependencyGraph(int size, int[] offsets, int[] targets, byte[] masks) {
        this.size = size;
        this.offsets = offsets;
        this.targets = targets;
        this.masks = masks;
    }

    /** @return the graph of {@code ix}'s history */
    static DependencyGraph build(AppendIndex ix) {
        int n = ix.txns.size();
        if (n >= 1 << 27) {
            throw new IllegalArgumentException("a history of " + n + " transactions is too long to check");
        }
        EdgeList edges = new EdgeList();
        for (AppendIndex.KeyData k : ix.keys.values()) {
            addKeyEdges(ix, k, edges);
        }
        addRealTimeEdges(ix, edges);
        return compress(n, edges);
    }

    private static void addKeyEdges(AppendIndex ix, AppendIndex.KeyData k, EdgeList edges) {
        int len = k.order.length;
        for (int p = k.nextValid[0]; p < len; ) {
            int q = k.nextValid[p + 1];
            if (q < len && k.writerAt[q] != k.writerAt[p]) {
                edges.add(k.writerAt[p], k.writerAt[q], DepType.WW);
            }
            p = q;
        }
        for (AppendIndex.ReadRef r : k.reads) {
            if (r.compatible) {
                int p = AppendIndex.lastForeignWriterPos(k, r, ix);
                if (p >= 0) {
                    edges.add(k.writerAt[p], r.txn, DepType.WR);
                }
                int q = AppendIndex.nextForeignWriterPos(k, r);
                if (q >= 0) {
                    edges.add(r.txn, k.writerAt[q], DepType.RW);
                }
            } else {
                for (long e : r.list) {
                    Integer w = k.writer.get(e);
                    if (w != null && w != r.txn && ix.committable(w)) {
                        edges.add(w, r.txn, DepType.WR);
                    }
                }
            }
        }
    }

    /**
     * The frontier holds the acknowledged transactions with no acknowledged real-time successor yet; each
     * invocation gets an edge from every member, and a completion evicts the members acknowledged before its own
     * invocation (they reach it through it).
     */
    private static void addRealTimeEdges(AppendIndex ix, EdgeList edges) {
        int n = ix.txns.size();
        int[] invoked = byTime(ix, n, t -> t.outcome() != Outcome.FAILED, Txn::invokeMicros);
        int[] acked = byTime(ix, n, t -> t.outcome() == Outcome.OK, Txn::completeMicros);
        int[] frontier = new int[16];
        int frontierSize = 0;
        int next = 0;
        for (int b : invoked) {
            long invoke = ix.txns.get(b).invokeMicros();
            while (next < acked.length && ix.txns.get(acked[next]).completeMicros() < invoke) {
                int a = acked[next++];
                long aInvoke = ix.txns.get(a).invokeMicros();
                int kept = 0;
                for (int f = 0; f < frontierSize; f++) {
                    if (ix.txns.get(frontier[f]).completeMicros() >= aInvoke) {
                        frontier[kept++] = frontier[f];
                    }
                }
                frontierSize = kept;
                if (frontierSize == frontier.length) {
                    frontier = Arrays.copyOf(frontier, frontier.length * 2);
                }
                frontier[frontierSize++] = a;
            }
            for (int f = 0; f < frontierSize; f++) {
                edges.add(frontier[f], b, DepType.RT);
            }
        }
    }

    /** @return the indices of the transactions {@code which} selects, sorted by {@code time} (then index) */
    private static int[] byTime(AppendIndex ix, int n, Predicate<Txn> which, ToLongFunction<Txn> time) {
        long[] keyed = new long[n];
        int m = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Txn t : ix.txns) {
            min = Math.min(min, time.applyAsLong(t));
            max = Math.max(max, time.applyAsLong(t));
        }
        if (n > 0 && (max - min) >= 1L << 36) {
            List<Integer> slow = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (which.test(ix.txns.get(i))) {
                    slow.add(i);
                }
            }
            slow.sort(Comparator.comparingLong((Integer i) -> time.applyAsLong(ix.txns.get(i))).thenComparing(i -> i));
            return slow.stream().mapToInt(Integer::intValue).toArray();
        }
        for (int i = 0; i < n; i++) {
            Txn t = ix.txns.get(i);
            if (which.test(t)) {
                keyed[m++] = (time.applyAsLong(t) - min) << 27 | i;
            }
        }
        Arrays.sort(keyed, 0, m);
        int[] out = new int[m];
        for (int i = 0; i < m; i++) {
            out[i] = (int) (keyed[i] & ((1 << 27) - 1));
        }
        return out;
    }

    private static DependencyGraph compress(int n, EdgeList edges) {
        long[] codes = Arrays.copyOf(edges.codes, edges.size);
        Arrays.sort(codes);
        int[] offsets = new int[n + 1];
        int[] targets = new int[codes.length];
        byte[] masks = new byte[codes.length];
        int m = 0;
        long lastPair = -1;
        for (long c : codes) {
            long pair = c >>> 4;
            if (pair == lastPair) {
                masks[m - 1] |= (byte) (c & 0xF);
                continue;
            }
            lastPair = pair;
            int src = (int) (c >>> 36);
            targets[m] = (int) ((c >>> 4) & 0xFFFF_FFFFL);
            masks[m] = (byte) (c & 0xF);
            offsets[src + 1]++;
            m++;
        }
        for (int i = 0; i < n; i++) {
            offsets[i + 1] += offsets[i];
        }
        return new DependencyGraph(n, offsets, Arrays.copyOf(targets, m), Arrays.copyOf(masks, m));
    }

    /** @return the mask of edge {@code u -> v}, 0 when there is none */
    int mask(int u, int v) {
        int i = Arrays.binarySearch(targets, offsets[u], offsets[u + 1], v);
        return i >= 0 ? masks[i] : 0;
    }

    /** Edges as packed longs: source (27 bits) · target (32 bits) · mask (4 bits). */
    private static final class EdgeList {
        long[] codes = new long[1024];
        int size;

        void add(int from, int to, DepType type) {
            if (from == to) {
                return;
            }
            if (size == codes.length) {
                codes = Arrays.copyOf(codes, size * 2);
            }
            codes[size++] = ((long) from << 36) | ((long) to << 4) | type.bit();
        }
    }
}
