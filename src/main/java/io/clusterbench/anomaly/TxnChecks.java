package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The checks that look at one acknowledged transaction at a time: internal consistency and lost updates.
 *
 * <p>Internal: a read of a key must extend the transaction's previous read of it (committed values never disappear,
 * at any level) and end with the values the transaction appended to the key since then, in order (a transaction sees
 * its own writes). Nothing more is asked, so read committed's fresh reads inside a transaction pass.
 *
 * <p>Lost update (P4), the rule: two different acknowledged transactions that each read a key before their first
 * append to it, where both reads are prefixes of the key's version order of the same length (so the same list), and
 * that both appended to the key. In any serial order the later one would have read the earlier one's append. Each
 * such (key, version) read by two or more appenders counts once.
 *
 * <p>Not thread-safe (one per check).
 */
final class TxnChecks {
    private final AppendIndex ix;
    private final Evidence ev;
    private final Findings f;
    private final Map<Long, Map<Integer, List<Integer>>> readThenAppend = new TreeMap<>();

    TxnChecks(AppendIndex ix, Evidence ev, Findings f) {
        this.ix = ix;
        this.ev = ev;
        this.f = f;
    }

    void run() {
        for (int i = 0; i < ix.txns.size(); i++) {
            Txn t = ix.txns.get(i);
            if (t.outcome() == Outcome.OK) {
                internal(i, t);
                collectReadThenAppend(i, t);
            }
        }
        for (Map.Entry<Long, Map<Integer, List<Integer>>> byKey : readThenAppend.entrySet()) {
            for (Map.Entry<Integer, List<Integer>> e : byKey.getValue().entrySet()) {
                if (e.getValue().size() > 1) {
                    lostUpdate(byKey.getKey(), e.getKey(), e.getValue());
                }
            }
        }
    }

    private void internal(int i, Txn t) {
        List<MicroOp> ops = t.ops();
        for (int o = 0; o < ops.size(); o++) {
            MicroOp read = ops.get(o);
            if (read.isAppend() || read.read() == null) {
                continue;
            }
            long[] before = null;
            List<Long> own = new ArrayList<>();
            for (int p = 0; p < o; p++) {
                MicroOp q = ops.get(p);
                if (q.key() != read.key()) {
                    continue;
                }
                if (q.isAppend()) {
                    own.add(q.value());
                } else if (q.read() != null) {
                    before = q.read();
                    own.clear();
                }
            }
            String problem = problem(read.read(), before, own);
            if (problem != null) {
                String text = t.name() + " " + problem + " of key " + read.key() + ": it read "
                        + Evidence.list(read.read()) + (before == null ? "" : " after reading " + Evidence.list(before))
                        + (own.isEmpty() ? "" : " and appending " + own);
                f.add(AnomalyClass.INTERNAL, () -> new Witness(AnomalyClass.INTERNAL, List.of(t), List.of(), text));
                return;
            }
        }
    }

    private static String problem(long[] now, long[] before, List<Long> own) {
        if (before != null && (before.length > now.length || !Arrays.equals(before, 0, before.length, now, 0,
                before.length))) {
            return "lost its own earlier read";
        }
        if (own.size() > now.length) {
            return "missed its own appends";
        }
        for (int j = 0; j < own.size(); j++) {
            if (now[now.length - own.size() + j] != own.get(j)) {
                return "missed its own appends";
            }
        }
        return null;
    }

    private void collectReadThenAppend(int i, Txn t) {
        Map<Long, long[]> firstRead = new HashMap<>();
        Set<Long> appended = new HashSet<>();
        for (MicroOp op : t.ops()) {
            if (!op.isAppend()) {
                if (op.read() != null && !appended.contains(op.key())) {
                    firstRead.putIfAbsent(op.key(), op.read());
                }
                continue;
            }
            long[] read = firstRead.get(op.key());
            if (!appended.add(op.key()) || read == null) {
                continue;
            }
            long[] order = ix.keys.get(op.key()).order;
            if (read.length <= order.length && Arrays.equals(read, 0, read.length, order, 0, read.length)) {
                readThenAppend.computeIfAbsent(op.key(), x -> new TreeMap<>())
                        .computeIfAbsent(read.length, x -> new ArrayList<>()).add(i);
            }
        }
    }

    private void lostUpdate(long key, int length, List<Integer> txns) {
        int a = txns.get(0);
        int b = txns.get(1);
        AppendIndex.KeyData k = ix.keys.get(key);
        long[] read = Arrays.copyOf(k.order, length);
        Long last = length == 0 ? null : read[length - 1];
        long va = firstAppend(a, key);
        long vb = firstAppend(b, key);
        List<Link> links = List.of(
                new Link(ev.txn(a).id(), ev.txn(b).id(), DepType.RW, key, last, vb, ev.name(a) + " read key " + key
                        + " = " + Evidence.list(read) + " and missed " + vb + ", appended by " + ev.name(b)),
                new Link(ev.txn(b).id(), ev.txn(a).id(), DepType.RW, key, last, va, ev.name(b) + " read key " + key
                        + " = " + Evidence.list(read) + " and missed " + va + ", appended by " + ev.name(a)));
        f.add(AnomalyClass.LOST_UPDATE, () -> new Witness(AnomalyClass.LOST_UPDATE, List.of(ev.txn(a), ev.txn(b)),
                links, ev.name(a) + " and " + ev.name(b) + " both read key " + key + " = " + Evidence.list(read)
                + " and both appended to it (" + va + ", " + vb + ")"
                + (txns.size() > 2 ? "; " + (txns.size() - 2) + " more did too" : "")));
    }

    private long firstAppend(int txn, long key) {
        for (MicroOp op : ix.txns.get(txn).ops()) {
            if (op.isAppend() && op.key() == key) {
                return op.value();
            }
        }
        throw new IllegalStateException(ev.name(txn) + " has no append to key " + key);
    }
}
