package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the cycles of each {@link CycleSpec} in a {@link DependencyGraph}: Tarjan's strongly connected components of
 * the graph restricted to the class's edge types, then within each component a shortest cycle of the class, by a
 * breadth-first search over (transaction, wr count, rw count, rt count) from the far end of a start edge back to its
 * near end. Only simple cycles are reported.
 *
 * <p>The search is bounded: at most {@value #CANDIDATES} start edges per component and class, tried for the realtime
 * classes in order of how far back in time the edge points (an edge into a transaction acknowledged before the source
 * began closes a realtime cycle soonest). A class can so be missed in a large component; counts are lower bounds.
 *
 * <p>Not thread-safe (one per check).
 */
final class Cycles {
    /** Start edges tried per component and class. */
    static final int CANDIDATES = 32;
    private static final int STATES = 12;
    private static final DepType[] TYPES = DepType.values();
    private final DependencyGraph g;
    private final List<Txn> txns;
    private final int[] localOf;
    private int[] stamp = new int[0];
    private int[] parent = new int[0];
    private byte[] parentType = new byte[0];
    /** The BFS queue, reused by every search (it only grows). */
    private int[] queue = new int[64];
    private int epoch;
    private final Map<Integer, List<int[]>> componentsByMask = new HashMap<>();
    /** The component searched: local index → transaction index. */
    private int[] members = new int[0];

    /** A cycle: transaction indices in order and the type of the edge leaving each. */
    record Cycle(int[] nodes, DepType[] types) {
    }

    Cycles(DependencyGraph g, List<Txn> txns) {
        this.g = g;
        this.txns = txns;
        this.localOf = new int[g.size];
        Arrays.fill(localOf, -1);
    }

    /** @return one shortest cycle of {@code spec} per component that holds one */
    List<Cycle> find(CycleSpec spec) {
        List<Cycle> found = new ArrayList<>();
        for (int[] component : componentsByMask.computeIfAbsent(spec.allowed, this::components)) {
            for (int i = 0; i < component.length; i++) {
                localOf[component[i]] = i;
            }
            members = component;
            Cycle c = shortest(spec, component);
            if (c != null) {
                found.add(c);
            }
            for (int v : component) {
                localOf[v] = -1;
            }
        }
        return found;
    }

    private Cycle shortest(CycleSpec spec, int[] component) {
        List<long[]> starts = new ArrayList<>();
        for (int u : component) {
            for (int e = g.offsets[u]; e < g.offsets[u + 1]; e++) {
                int v = g.targets[e];
                if (localOf[v] >= 0 && (g.masks[e] & spec.start) != 0) {
                    starts.add(new long[]{u, v, g.masks[e] & spec.start, backwardness(u, v)});
                }
            }
        }
        if (spec.needsRt) {
            starts.sort(Comparator.comparingLong(s -> s[3]));
        }
        Cycle best = null;
        for (int i = 0; i < Math.min(CANDIDATES, starts.size()); i++) {
            long[] s = starts.get(i);
            for (DepType t : TYPES) {
                if ((s[2] & t.bit()) != 0) {
                    Cycle c = search(spec, (int) s[0], (int) s[1], t, component.length);
                    if (c != null && (best == null || c.nodes.length < best.nodes.length)) {
                        best = c;
                    }
                }
            }
            if (best != null && best.nodes.length == 2) {
                break;
            }
        }
        return best;
    }

    /** @return how long before {@code u}'s invocation {@code v} was acknowledged, negated (smaller = further back) */
    private long backwardness(int u, int v) {
        Txn to = txns.get(v);
        if (to.outcome() != Outcome.OK) {
            return Long.MAX_VALUE;
        }
        return to.completeMicros() - txns.get(u).invokeMicros();
    }

    private static int state(int wr, int rw, int rt) {
        return wr * 6 + rw * 2 + rt;
    }

    private static int count(DepType t, DepType which) {
        return t == which ? 1 : 0;
    }

    /** BFS from {@code v} (after the start edge {@code u -> v} of type {@code first}) back to {@code u}. */
    private Cycle search(CycleSpec spec, int u, int v, DepType first, int size) {
        ensure(size * STATES);
        epoch++;
        int s0 = state(count(first, DepType.WR), count(first, DepType.RW), count(first, DepType.RT));
        int[] queue = this.queue;
        int head = 0;
        int tail = 0;
        int startCode = localOf[v] * STATES + s0;
        stamp[startCode] = epoch;
        parent[startCode] = -1;
        queue[tail++] = startCode;
        while (head < tail) {
            int code = queue[head++];
            int x = nodeOf(code);
            int st = code % STATES;
            int wr = st / 6;
            int rw = (st % 6) / 2;
            int rt = st % 2;
            for (int e = g.offsets[x]; e < g.offsets[x + 1]; e++) {
                int y = g.targets[e];
                if (localOf[y] < 0) {
                    continue;
                }
                int m = g.masks[e] & spec.allowed;
                for (DepType t : TYPES) {
                    if ((m & t.bit()) == 0) {
                        continue;
                    }
                    int nwr = Math.min(1, wr + count(t, DepType.WR));
                    int nrw = Math.min(2, rw + count(t, DepType.RW));
                    int nrt = Math.min(1, rt + count(t, DepType.RT));
                    if (nrw > spec.maxRw) {
                        continue;
                    }
                    int next = localOf[y] * STATES + state(nwr, nrw, nrt);
                    if (y == u) {
                        if (spec.accepts(nwr, nrw, nrt)) {
                            return cycle(code, u, first, t);
                        }
                        continue;
                    }
                    if (stamp[next] != epoch) {
                        stamp[next] = epoch;
                        parent[next] = code;
                        parentType[next] = (byte) t.ordinal();
                        if (tail == queue.length) {
                            queue = Arrays.copyOf(queue, Math.min(size * STATES, queue.length * 2));
                            this.queue = queue;
                        }
                        queue[tail++] = next;
                    }
                }
            }
        }
        return null;
    }

    private int nodeOf(int code) {
        return members[code / STATES];
    }

    /** @return the cycle u -first-> v ... x -last-> u, or null when it repeats a transaction */
    private Cycle cycle(int lastCode, int u, DepType first, DepType last) {
        List<Integer> nodes = new ArrayList<>();
        List<DepType> types = new ArrayList<>();
        types.add(last);
        int code = lastCode;
        while (code >= 0) {
            nodes.add(nodeOf(code));
            int p = parent[code];
            types.add(p >= 0 ? TYPES[parentType[code]] : first);
            code = p;
        }
        nodes.add(u);
        Collections.reverse(nodes);
        Collections.reverse(types);
        int[] ns = nodes.stream().mapToInt(Integer::intValue).toArray();
        if (Arrays.stream(ns).distinct().count() != ns.length) {
            return null;
        }
        return new Cycle(ns, types.toArray(new DepType[0]));
    }

    private void ensure(int n) {
        if (stamp.length < n) {
            stamp = new int[n];
            parent = new int[n];
            parentType = new byte[n];
            epoch = 0;
        }
    }

    /** @return the components of more than one transaction, under edges of {@code allowed} types */
    List<int[]> components(int allowed) {
        int n = g.size;
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int[] callNode = new int[n];
        int[] callEdge = new int[n];
        Arrays.fill(index, -1);
        int counter = 0;
        int sp = 0;
        List<int[]> out = new ArrayList<>();
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) {
                continue;
            }
            int depth = 0;
            callNode[0] = root;
            callEdge[0] = g.offsets[root];
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                int v = callNode[depth];
                boolean descended = false;
                while (callEdge[depth] < g.offsets[v + 1]) {
                    int e = callEdge[depth]++;
                    if ((g.masks[e] & allowed) == 0) {
                        continue;
                    }
                    int w = g.targets[e];
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        depth++;
                        callNode[depth] = w;
                        callEdge[depth] = g.offsets[w];
                        descended = true;
                        break;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                }
                if (descended) {
                    continue;
                }
                if (low[v] == index[v]) {
                    int start = sp;
                    do {
                        start--;
                    } while (stack[start] != v);
                    if (sp - start > 1) {
                        out.add(Arrays.copyOfRange(stack, start, sp));
                    }
                    for (int i = start; i < sp; i++) {
                        onStack[stack[i]] = false;
                    }
                    sp = start;
                }
                depth--;
                if (depth >= 0) {
                    int parentNode = callNode[depth];
                    low[parentNode] = Math.min(low[parentNode], low[v]);
                }
            }
        }
        return out;
    }
}
