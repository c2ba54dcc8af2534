package io.clusterbench.anomaly;

import java.util.List;

/**
 * Turns an edge of the dependency graph back into its key/value evidence, by the same rules that made it
 * ({@link AppendIndex#lastForeignWriterPos}, {@link AppendIndex#nextForeignWriterPos}), and words it.
 *
 * <p>Not thread-safe (reads the index only; used by one checker).
 */
final class Evidence {
    /** Values of a list shown in a sentence; earlier ones are summarised as a count. */
    private static final int SHOWN = 6;
    private final AppendIndex ix;

    Evidence(AppendIndex ix) {
        this.ix = ix;
    }

    Txn txn(int i) {
        return ix.txns.get(i);
    }

    String name(int i) {
        return txn(i).name();
    }

    /** @return {@code [1, 2, 3]}, or {@code [...40 more, 41, 42]} for a long list */
    static String list(long[] l) {
        StringBuilder b = new StringBuilder("[");
        int from = Math.max(0, l.length - SHOWN);
        if (from > 0) {
            b.append("...").append(from).append(" more");
        }
        for (int i = from; i < l.length; i++) {
            b.append(i > 0 ? ", " : "").append(l[i]);
        }
        return b.append(']').toString();
    }

    /**
     * @return the evidence of edge {@code from -> to} of type {@code type}
     * @throws IllegalStateException when the index holds no such evidence (a checker bug)
     */
    Link link(int from, int to, DepType type) {
        Link l = switch (type) {
            case WW -> ww(from, to);
            case WR -> wr(from, to);
            case RW -> rw(from, to);
            case RT -> rt(from, to);
        };
        if (l == null) {
            throw new IllegalStateException("no evidence for " + name(from) + " -" + type.label() + "-> " + name(to));
        }
        return l;
    }

    private Link ww(int u, int v) {
        for (MicroOp op : txn(u).ops()) {
            if (!op.isAppend()) {
                continue;
            }
            AppendIndex.KeyData k = ix.keys.get(op.key());
            int p = k.positionOf(op.value());
            if (p == AppendIndex.ABSENT) {
                continue;
            }
            int q = k.nextValid[p + 1];
            if (q < k.order.length && k.writerAt[q] == v) {
                return new Link(txn(u).id(), txn(v).id(), DepType.WW, k.key, op.value(), k.order[q],
                        name(u) + " appended " + op.value() + " to key " + k.key + ", and " + name(v) + " appended "
                                + k.order[q] + " next");
            }
        }
        return null;
    }

    private Link wr(int u, int v) {
        for (AppendIndex.KeyData k : keysOf(v)) {
            for (AppendIndex.ReadRef r : k.reads) {
                if (r.txn != v) {
                    continue;
                }
                long seen = 0;
                boolean found = false;
                if (r.compatible) {
                    int p = AppendIndex.lastForeignWriterPos(k, r, ix);
                    found = p >= 0 && k.writerAt[p] == u;
                    seen = found ? k.order[p] : 0;
                } else {
                    for (long e : r.list) {
                        Integer w = k.writer.get(e);
                        if (w != null && w == u) {
                            found = true;
                            seen = e;
                        }
                    }
                }
                if (found) {
                    return new Link(txn(u).id(), txn(v).id(), DepType.WR, k.key, seen, null,
                            name(v) + " read key " + k.key + " = " + list(r.list) + ", which holds " + seen
                                    + ", appended by " + name(u));
                }
            }
        }
        return null;
    }

    private Link rw(int u, int v) {
        for (AppendIndex.KeyData k : keysOf(u)) {
            for (AppendIndex.ReadRef r : k.reads) {
                if (r.txn != u || !r.compatible) {
                    continue;
                }
                int q = AppendIndex.nextForeignWriterPos(k, r);
                if (q >= 0 && k.writerAt[q] == v) {
                    Long last = r.list.length == 0 ? null : r.list[r.list.length - 1];
                    return new Link(txn(u).id(), txn(v).id(), DepType.RW, k.key, last, k.order[q],
                            name(u) + " read key " + k.key + " = " + list(r.list) + " and missed " + k.order[q]
                                    + ", the next value, appended by " + name(v));
                }
            }
        }
        return null;
    }

    Link rt(int u, int v) {
        Txn a = txn(u);
        Txn b = txn(v);
        return new Link(a.id(), b.id(), DepType.RT, null, null, null, a.name() + " was acknowledged at "
                + a.completeMicros() + " µs, before " + b.name() + " was invoked at " + b.invokeMicros() + " µs");
    }

    private List<AppendIndex.KeyData> keysOf(int t) {
        return txn(t).ops().stream().map(MicroOp::key).distinct().map(ix.keys::get).toList();
    }
}
