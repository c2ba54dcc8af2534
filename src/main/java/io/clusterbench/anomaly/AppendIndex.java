package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The facts of a list-append history the checks share: per key, who appended each value, the version order (the
 * longest acknowledged read) and every acknowledged read; the rules that turn one read into edges
 * ({@link #lastForeignWriterPos}, {@link #nextForeignWriterPos}) live here so the graph and the witnesses' evidence
 * use the same ones.
 *
 * <p>Transactions are named by their index in {@link #txns}. Reads of failed and unknown transactions are not used:
 * what a transaction that may not have committed read is no evidence. Not thread-safe; built once, then read.
 */
final class AppendIndex {
    /** Position of a value absent from a key's version order. */
    static final int ABSENT = Integer.MAX_VALUE;
    private static final long[] EMPTY = new long[0];

    final List<Txn> txns;
    final Map<Long, KeyData> keys = new LinkedHashMap<>();

    /** One acknowledged read. {@code compatible}: its list is a prefix of the key's version order. */
    static final class ReadRef {
        final int txn;
        final int op;
        final long[] list;
        boolean compatible;

        ReadRef(int txn, int op, long[] list) {
            this.txn = txn;
            this.op = op;
            this.list = list;
        }
    }

    /** Everything known about one key. */
    static final class KeyData {
        final long key;
        /** value → index of the transaction that appended it. */
        final Map<Long, Integer> writer = new HashMap<>();
        /** transaction index → its values appended to this key, for transactions that appended at least twice. */
        final Map<Integer, long[]> multi = new HashMap<>();
        final List<ReadRef> reads = new ArrayList<>();
        long[] order = EMPTY;
        int orderTxn = -1;
        /** value → first position in {@link #order}. */
        Map<Long, Integer> pos = Map.of();
        /** writer transaction of order[p], or -1 when no transaction of the history appended it. */
        int[] writerAt;
        /** nextValid[p]: the first position q ≥ p whose writer possibly committed; order.length when none. */
        int[] nextValid;
        int firstDuplicate = ABSENT;
        int firstFailed = ABSENT;
        int firstGarbage = ABSENT;

        KeyData(long key) {
            this.key = key;
        }

        /** @return the value's position in the version order, or {@link #ABSENT} */
        int positionOf(long value) {
            Integer p = pos.get(value);
            return p == null ? ABSENT : p;
        }
    }

    /**
     * @throws IllegalArgumentException when two transactions share an id, or one value is appended twice to a key
     *                                  (the history cannot be checked: values must be unique per key)
     */
    AppendIndex(List<Txn> txns) {
        this.txns = txns;
        Map<Long, Integer> ids = new HashMap<>();
        for (int i = 0; i < txns.size(); i++) {
            Txn t = txns.get(i);
            Integer before = ids.put(t.id(), i);
            if (before != null) {
                throw new IllegalArgumentException("two transactions have id " + t.id());
            }
            indexOps(i, t);
        }
        for (KeyData k : keys.values()) {
            chooseOrder(k);
        }
    }

    private void indexOps(int i, Txn t) {
        List<MicroOp> ops = t.ops();
        for (int o = 0; o < ops.size(); o++) {
            MicroOp op = ops.get(o);
            KeyData k = keys.get(op.key());
            if (k == null) {
                k = new KeyData(op.key());
                keys.put(op.key(), k);
            }
            if (op.isAppend()) {
                Integer other = k.writer.putIfAbsent(op.value(), i);
                if (other != null) {
                    throw new IllegalArgumentException("value " + op.value() + " is appended to key " + op.key()
                            + " twice (" + txns.get(other).name() + ", " + t.name() + "): values must be unique per key");
                }
                if (!k.multi.containsKey(i)) {
                    long[] mine = appendsTo(ops, op.key());
                    if (mine.length > 1) {
                        k.multi.put(i, mine);
                    }
                }
            } else if (t.outcome() == Outcome.OK && op.read() != null) {
                k.reads.add(new ReadRef(i, o, op.read()));
            }
        }
    }

    private static long[] appendsTo(List<MicroOp> ops, long key) {
        int n = 0;
        for (MicroOp op : ops) {
            if (op.isAppend() && op.key() == key) {
                n++;
            }
        }
        long[] values = new long[n];
        n = 0;
        for (MicroOp op : ops) {
            if (op.isAppend() && op.key() == key) {
                values[n++] = op.value();
            }
        }
        return values;
    }

    private void chooseOrder(KeyData k) {
        for (ReadRef r : k.reads) {
            if (r.list.length > k.order.length) {
                k.order = r.list;
                k.orderTxn = r.txn;
            }
        }
        long[] order = k.order;
        Map<Long, Integer> pos = new HashMap<>(order.length * 2);
        k.writerAt = new int[order.length];
        for (int p = 0; p < order.length; p++) {
            if (pos.putIfAbsent(order[p], p) != null) {
                k.firstDuplicate = Math.min(k.firstDuplicate, p);
            }
            Integer w = k.writer.get(order[p]);
            k.writerAt[p] = w == null ? -1 : w;
            if (w == null) {
                k.firstGarbage = Math.min(k.firstGarbage, p);
            } else if (txns.get(w).outcome() == Outcome.FAILED) {
                k.firstFailed = Math.min(k.firstFailed, p);
            }
        }
        k.pos = pos;
        k.nextValid = new int[order.length + 1];
        k.nextValid[order.length] = order.length;
        for (int p = order.length - 1; p >= 0; p--) {
            k.nextValid[p] = committable(k.writerAt[p]) ? p : k.nextValid[p + 1];
        }
        for (ReadRef r : k.reads) {
            r.compatible = isPrefix(r.list, order);
        }
    }

    /** @return true for a transaction index whose outcome is ok or unknown */
    boolean committable(int txn) {
        return txn >= 0 && txns.get(txn).outcome() != Outcome.FAILED;
    }

    private static boolean isPrefix(long[] a, long[] b) {
        return a.length <= b.length && Arrays.equals(a, 0, a.length, b, 0, a.length);
    }

    /**
     * The wr rule for a compatible read: the last value of the list appended by a possibly committed transaction
     * other than the reader; its writer precedes the reader. Earlier values' writers precede it by ww edges.
     *
     * @return that value's position, or -1 when the read observed no other transaction's append
     */
    static int lastForeignWriterPos(KeyData k, ReadRef r, AppendIndex ix) {
        for (int p = r.list.length - 1; p >= 0; p--) {
            int w = k.writerAt[p];
            if (w != r.txn && ix.committable(w)) {
                return p;
            }
        }
        return -1;
    }

    /**
     * The rw rule for a compatible read: the first value after the read's list appended by a possibly committed
     * transaction; that transaction installed the next version the reader did not see. A reader's own next append
     * gives no edge (its ww edges order it).
     *
     * @return that value's position, or -1 when there is none or it is the reader's own
     */
    static int nextForeignWriterPos(KeyData k, ReadRef r) {
        int q = k.nextValid[r.list.length];
        return q < k.order.length && k.writerAt[q] != r.txn ? q : -1;
    }
}
