package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks that look at one acknowledged read at a time: garbage, duplicate appends, aborted (G1a) and
 * intermediate (G1b) reads, incompatible order, real-time stale reads, and lost appends in final reads. A read that
 * is a prefix of its key's version order is checked by positions; any other read by its set of values.
 *
 * <p>Not thread-safe (one per check).
 */
final class ReadChecks {
    private final AppendIndex ix;
    private final Evidence ev;
    private final Findings f;
    long reads;
    long staleChecked;
    long appendsChecked;

    ReadChecks(AppendIndex ix, Evidence ev, Findings f) {
        this.ix = ix;
        this.ev = ev;
        this.f = f;
    }

    void run() {
        for (AppendIndex.KeyData k : ix.keys.values()) {
            Acks acks = new Acks(k);
            List<int[]> spans = spans(k);
            Set<Long> lost = new HashSet<>();
            boolean hasFinal = false;
            for (AppendIndex.ReadRef r : k.reads) {
                reads++;
                if (r.compatible) {
                    byPosition(k, r, spans);
                } else {
                    incompatible(k, r);
                    bySet(k, r);
                }
                if (ev.txn(r.txn).finalRead()) {
                    hasFinal = true;
                    lostAppends(k, r, acks, lost);
                } else {
                    staleChecked++;
                    stale(k, r, acks);
                }
            }
            if (hasFinal) {
                appendsChecked += acks.size;
            }
        }
    }

    /** For each transaction that appended twice or more to the key: {txn, first position seen, last position}. */
    private List<int[]> spans(AppendIndex.KeyData k) {
        List<int[]> spans = new ArrayList<>();
        for (Map.Entry<Integer, long[]> e : k.multi.entrySet()) {
            if (!ix.committable(e.getKey())) {
                continue;
            }
            int min = AppendIndex.ABSENT;
            int max = 0;
            for (long v : e.getValue()) {
                int p = k.positionOf(v);
                min = Math.min(min, p);
                max = Math.max(max, p);
            }
            if (min != AppendIndex.ABSENT) {
                spans.add(new int[]{e.getKey(), min, max});
            }
        }
        return spans;
    }

    private void byPosition(AppendIndex.KeyData k, AppendIndex.ReadRef r, List<int[]> spans) {
        int len = r.list.length;
        if (len > k.firstGarbage) {
            garbage(k, r, k.order[k.firstGarbage]);
        }
        if (len > k.firstDuplicate) {
            duplicate(k, r, k.order[k.firstDuplicate]);
        }
        if (len > k.firstFailed) {
            aborted(k, r, k.order[k.firstFailed]);
        }
        for (int[] s : spans) {
            if (s[0] != r.txn && s[1] < len && len <= s[2]) {
                intermediate(k, r, s[0], v -> k.positionOf(v) < len);
                break;
            }
        }
    }

    private void bySet(AppendIndex.KeyData k, AppendIndex.ReadRef r) {
        Set<Long> seen = new HashSet<>();
        boolean garbage = false;
        boolean duplicate = false;
        boolean aborted = false;
        for (long e : r.list) {
            Integer w = k.writer.get(e);
            if (!seen.add(e) && !duplicate) {
                duplicate = true;
                duplicate(k, r, e);
            }
            if (w == null && !garbage) {
                garbage = true;
                garbage(k, r, e);
            } else if (w != null && !ix.committable(w) && !aborted) {
                aborted = true;
                aborted(k, r, e);
            }
        }
        for (long e : r.list) {
            Integer w = k.writer.get(e);
            if (w != null && w != r.txn && ix.committable(w) && k.multi.containsKey(w)
                    && !Arrays.stream(k.multi.get(w)).allMatch(seen::contains)) {
                intermediate(k, r, w, seen::contains);
                break;
            }
        }
    }

    private void garbage(AppendIndex.KeyData k, AppendIndex.ReadRef r, long value) {
        f.add(AnomalyClass.GARBAGE_READ, () -> new Witness(AnomalyClass.GARBAGE_READ, List.of(ev.txn(r.txn)), List.of(),
                ev.name(r.txn) + " read key " + k.key + " = " + Evidence.list(r.list) + ", which holds " + value
                        + ": no transaction of the history appended it"));
    }

    private void duplicate(AppendIndex.KeyData k, AppendIndex.ReadRef r, long value) {
        Integer w = k.writer.get(value);
        List<Txn> txns = w == null ? List.of(ev.txn(r.txn)) : List.of(ev.txn(w), ev.txn(r.txn));
        f.add(AnomalyClass.DUPLICATE_APPEND, () -> new Witness(AnomalyClass.DUPLICATE_APPEND, txns, List.of(),
                ev.name(r.txn) + " read key " + k.key + " = " + Evidence.list(r.list) + ", which holds " + value
                        + " twice" + (w == null ? "" : "; " + ev.name(w) + " appended it once")));
    }

    private void aborted(AppendIndex.KeyData k, AppendIndex.ReadRef r, long value) {
        int w = k.writer.get(value);
        Link l = new Link(ev.txn(w).id(), ev.txn(r.txn).id(), DepType.WR, k.key, value, null,
                ev.name(r.txn) + " read key " + k.key + " = " + Evidence.list(r.list) + ", which holds " + value
                        + ", appended by " + ev.name(w) + ", which failed" + errorOf(w));
        f.add(AnomalyClass.G1A, () -> new Witness(AnomalyClass.G1A, List.of(ev.txn(w), ev.txn(r.txn)), List.of(l),
                ev.name(w) + " (failed) -wr-> " + ev.name(r.txn)));
    }

    private String errorOf(int txn) {
        String e = ev.txn(txn).error();
        return e == null ? "" : " (" + e + ")";
    }

    private void intermediate(AppendIndex.KeyData k, AppendIndex.ReadRef r, int w,
                              java.util.function.LongPredicate inRead) {
        long[] values = k.multi.get(w);
        long seen = 0;
        long missed = 0;
        boolean foundMissed = false;
        for (long v : values) {
            if (inRead.test(v)) {
                seen = v;
            } else if (!foundMissed) {
                missed = v;
                foundMissed = true;
            }
        }
        long seenValue = seen;
        long missedValue = missed;
        Link l = new Link(ev.txn(w).id(), ev.txn(r.txn).id(), DepType.WR, k.key, seenValue, missedValue,
                ev.name(r.txn) + " read key " + k.key + " = " + Evidence.list(r.list) + ", which holds " + ev.name(w)
                        + "'s append of " + seenValue + " but not its later append of " + missedValue);
        f.add(AnomalyClass.G1B, () -> new Witness(AnomalyClass.G1B, List.of(ev.txn(w), ev.txn(r.txn)), List.of(l),
                ev.name(w) + " -wr-> " + ev.name(r.txn) + " (intermediate)"));
    }

    private void incompatible(AppendIndex.KeyData k, AppendIndex.ReadRef r) {
        long[] o = k.order;
        int i = 0;
        while (i < r.list.length && i < o.length && r.list[i] == o[i]) {
            i++;
        }
        int at = i;
        f.add(AnomalyClass.INCOMPATIBLE_ORDER, () -> new Witness(AnomalyClass.INCOMPATIBLE_ORDER,
                List.of(ev.txn(r.txn), ev.txn(k.orderTxn)), List.of(), ev.name(r.txn) + " read key " + k.key + " = "
                + Evidence.list(r.list) + " but " + ev.name(k.orderTxn) + " read " + Evidence.list(o)
                + ": they differ at index " + at + " (" + r.list[at] + " vs "
                + (at < o.length ? Long.toString(o[at]) : "nothing") + ")"));
    }

    private void stale(AppendIndex.KeyData k, AppendIndex.ReadRef r, Acks acks) {
        Txn reader = ev.txn(r.txn);
        int n = acks.ackedBefore(reader.invokeMicros());
        if (n == 0) {
            return;
        }
        int len = r.list.length;
        if (r.compatible) {
            if (acks.prefixMaxPos[n - 1] >= len) {
                f.add(AnomalyClass.STALE_READ, () -> missedWitness(AnomalyClass.STALE_READ, k, r, acks,
                        acks.firstMissing(n, i -> acks.pos[i] >= len)));
            }
            return;
        }
        Set<Long> in = new HashSet<>();
        for (long e : r.list) {
            in.add(e);
        }
        int missed = acks.firstMissing(n, i -> !in.contains(acks.value[i]));
        if (missed >= 0) {
            f.add(AnomalyClass.STALE_READ, () -> missedWitness(AnomalyClass.STALE_READ, k, r, acks, missed));
        }
    }

    private void lostAppends(AppendIndex.KeyData k, AppendIndex.ReadRef r, Acks acks, Set<Long> lost) {
        Txn reader = ev.txn(r.txn);
        int n = acks.ackedBefore(reader.invokeMicros());
        Set<Long> in = new HashSet<>();
        for (long e : r.list) {
            in.add(e);
        }
        for (int i = 0; i < n; i++) {
            if (!in.contains(acks.value[i]) && lost.add(acks.value[i])) {
                int m = i;
                f.add(AnomalyClass.LOST_APPEND, () -> missedWitness(AnomalyClass.LOST_APPEND, k, r, acks, m));
            }
        }
    }

    private Witness missedWitness(AnomalyClass c, AppendIndex.KeyData k, AppendIndex.ReadRef r, Acks acks, int i) {
        int w = acks.txn[i];
        Txn reader = ev.txn(r.txn);
        Txn writer = ev.txn(w);
        Long last = r.list.length == 0 ? null : r.list[r.list.length - 1];
        Link rt = ev.rt(w, r.txn);
        Link rw = new Link(reader.id(), writer.id(), DepType.RW, k.key, last, acks.value[i],
                reader.name() + " read key " + k.key + " = " + Evidence.list(r.list) + " without " + acks.value[i]
                        + ", appended by " + writer.name() + " on " + writer.node() + " and acknowledged "
                        + (reader.invokeMicros() - writer.completeMicros()) + " µs before " + reader.name()
                        + " was invoked on " + reader.node());
        return new Witness(c, List.of(writer, reader), List.of(rt, rw),
                writer.name() + " -rt-> " + reader.name() + " -rw-> " + writer.name());
    }

    /** The key's acknowledged appends in completion order, with their positions in the version order. */
    private final class Acks {
        final int size;
        final long[] complete;
        final long[] value;
        final int[] txn;
        final int[] pos;
        final int[] prefixMaxPos;

        Acks(AppendIndex.KeyData k) {
            List<long[]> rows = new ArrayList<>();
            for (Map.Entry<Long, Integer> e : k.writer.entrySet()) {
                Txn t = ev.txn(e.getValue());
                if (t.outcome() == Outcome.OK) {
                    rows.add(new long[]{t.completeMicros(), e.getKey(), e.getValue()});
                }
            }
            rows.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
            size = rows.size();
            complete = new long[size];
            value = new long[size];
            txn = new int[size];
            pos = new int[size];
            prefixMaxPos = new int[size];
            for (int i = 0; i < size; i++) {
                complete[i] = rows.get(i)[0];
                value[i] = rows.get(i)[1];
                txn[i] = (int) rows.get(i)[2];
                pos[i] = k.positionOf(value[i]);
                prefixMaxPos[i] = Math.max(pos[i], i == 0 ? 0 : prefixMaxPos[i - 1]);
            }
        }

        /** @return how many appends were acknowledged strictly before {@code micros} */
        int ackedBefore(long micros) {
            int lo = 0;
            int hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (complete[mid] < micros) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** @return the first of the first {@code n} appends that {@code missing} holds for, or -1 */
        int firstMissing(int n, java.util.function.IntPredicate missing) {
            for (int i = 0; i < n; i++) {
                if (missing.test(i)) {
                    return i;
                }
            }
            return -1;
        }
    }
}
