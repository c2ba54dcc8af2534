package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Histories made by executing random list-append transactions one at a time against an in-memory model, then giving
 * each transaction an invocation and completion time around its point in the serial order (so real time agrees with
 * it) on sessions that run one transaction at a time. Some outcomes are unknown (committed or not), some failed (not
 * applied; their reads are noise). Optionally, reads of node "n2" see the model as it was {@code lag} transactions
 * ago: a lagging replica, for stale reads.
 */
final class SerialHistories {
    private SerialHistories() {
    }

    /** The shape of a generated history. */
    record Shape(int transactions, int keys, int maxAppendsPerKey, int sessions, double unknownShare,
                 double failedShare, int lag, boolean finalReads) {
    }

    static List<Txn> generate(long seed, Shape s) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<Long, List<Long>> model = new HashMap<>();
        Map<Long, List<int[]>> lengths = new HashMap<>();
        long[] active = new long[s.keys()];
        int[] appends = new int[s.keys()];
        long nextKey = 0;
        for (int i = 0; i < active.length; i++) {
            active[i] = nextKey++;
        }
        long nextValue = 1;
        long[] sessionFree = new long[s.sessions()];
        List<Txn> out = new ArrayList<>();
        for (int i = 0; i < s.transactions(); i++) {
            long point = 100L * (i + 1);
            long invoke = point - 1 - rnd.nextInt(300);
            long complete = point + 1 + rnd.nextInt(300);
            int session = pickSession(rnd, sessionFree, invoke);
            sessionFree[session] = complete;
            double roll = rnd.nextDouble();
            Outcome outcome = roll < s.unknownShare() ? Outcome.UNKNOWN
                    : roll < s.unknownShare() + s.failedShare() ? Outcome.FAILED : Outcome.OK;
            boolean applied = outcome == Outcome.OK || outcome == Outcome.UNKNOWN && rnd.nextBoolean();
            String node = "n" + (1 + rnd.nextInt(3));
            boolean lagging = s.lag() > 0 && node.equals("n2");
            int asOf = i - s.lag();
            Map<Long, List<Long>> local = new HashMap<>();
            List<MicroOp> ops = new ArrayList<>();
            int n = 1 + rnd.nextInt(4);
            for (int o = 0; o < n; o++) {
                int slot = rnd.nextInt(active.length);
                long key = active[slot];
                List<Long> state = local.computeIfAbsent(key, k -> new ArrayList<>(lagging
                        ? lagged(model.getOrDefault(k, List.of()), lengths.getOrDefault(k, List.of()), asOf)
                        : model.getOrDefault(k, List.of())));
                if (rnd.nextBoolean() && !lagging) {
                    long v = nextValue++;
                    state.add(v);
                    ops.add(MicroOp.append(key, v));
                    if (++appends[slot] >= s.maxAppendsPerKey()) {
                        active[slot] = nextKey++;
                        appends[slot] = 0;
                    }
                } else {
                    long[] seen = state.stream().mapToLong(Long::longValue).toArray();
                    ops.add(MicroOp.read(key, outcome == Outcome.FAILED && rnd.nextBoolean() ? new long[]{-1} : seen));
                }
            }
            if (applied) {
                int serial = i;
                local.forEach((k, v) -> {
                    if (ops.stream().noneMatch(op -> op.isAppend() && op.key() == k)) {
                        return;
                    }
                    model.put(k, v);
                    lengths.computeIfAbsent(k, x -> new ArrayList<>()).add(new int[]{serial, v.size()});
                });
            }
            out.add(Txn.of(i + 1, session, node, invoke, complete, outcome, ops.toArray(new MicroOp[0])));
        }
        if (s.finalReads()) {
            long at = 100L * (s.transactions() + 10);
            long id = s.transactions() + 1;
            for (Map.Entry<Long, List<Long>> e : model.entrySet()) {
                long[] seen = e.getValue().stream().mapToLong(Long::longValue).toArray();
                out.add(new Txn(id++, 0, "n1", at, at + 5, Outcome.OK, List.of(MicroOp.read(e.getKey(), seen)), null,
                        true));
            }
        }
        return out;
    }

    private static int pickSession(SplittableRandom rnd, long[] free, long invoke) {
        int start = rnd.nextInt(free.length);
        for (int i = 0; i < free.length; i++) {
            int s = (start + i) % free.length;
            if (free[s] < invoke) {
                return s;
            }
        }
        return start;
    }

    /** @return the list as it was after the last version written at or before serial index {@code asOf} */
    private static List<Long> lagged(List<Long> now, List<int[]> versions, int asOf) {
        int len = 0;
        for (int[] v : versions) {
            if (v[0] <= asOf) {
                len = v[1];
            }
        }
        return now.subList(0, len);
    }
}
