package io.clusterbench.probe;

import io.clusterbench.anomaly.AppendExecutor;
import io.clusterbench.anomaly.BankRead;
import io.clusterbench.anomaly.CounterOp;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.Outcome;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.lifecycle.Lifecycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The final reads after a history load stopped: on every node, every list-append key, every bank balance and the
 * counter, read once the node has applied every write (Galera: {@code wsrep_sync_wait=1} on the reading session).
 * An acknowledged append or increment missing from one is lost. A node that refuses (not Synced, not in the primary
 * component, down) is asked again every {@value #RETRY_MILLIS} ms until the final-read timeout; on Galera a node that
 * still refuses is then read as it stands, outside the primary component ({@code wsrep_dirty_reads=ON}, no causal
 * wait), and marked {@code (dirty)}, when no node gave a causal read of that workload: after two nodes crashed, what the
 * survivor holds is what a rebuilt cluster starts from. When another node did, the primary component holds the
 * cluster's final state and the refusing node (one that has not rejoined) is not read: its stale data would be judged
 * as lost writes the cluster still has. The nodes are read in parallel, each on its own daemon thread, its sockets owned by the lifecycle.
 *
 * <p>Thread-safe (each call has its own state).
 */
public final class FinalReads {
    /** Pause between two attempts on a refusing node, ms. */
    static final long RETRY_MILLIS = 500;
    /** Read timeout of a final read's connection, ms: a node catching up may take a while to answer a causal read. */
    static final int READ_TIMEOUT_MILLIS = 10_000;

    private FinalReads() {
    }

    /**
     * What the final reads got. Immutable.
     *
     * @param nodes per workload, the nodes read ({@code n1}, or {@code n1 (dirty)})
     * @param notes one sentence per node that could not be read
     */
    public record Result(Map<HistoryWorkload, List<String>> nodes, List<String> notes) {
    }

    /**
     * @param load   the stopped load (its workloads record the reads in its history)
     * @param base   the target without session settings
     * @param galera true on Galera: causal reads, and dirty reads as the last resort
     * @param wait   the longest to wait for a refusing node
     * @param life   owns the reads' connections
     * @return the nodes read, per workload
     */
    public static Result run(HistoryHost load, Target base, boolean galera, Duration wait, Lifecycle life) {
        return run(load, base, galera, wait, wait.plusMillis(READ_TIMEOUT_MILLIS + 2L * Target.AFTER_RUN_TIMEOUT_MILLIS),
                life);
    }

    /**
     * As {@link #run(HistoryHost, Target, boolean, Duration, Lifecycle)}, returning after {@code bound} at the latest:
     * a node whose reads are not done by then is named in a note (its reads may still land in the history afterwards;
     * the caller closes the history's sink first if they must not).
     *
     * @param bound the longest this call waits in all, &gt; 0
     */
    static Result run(HistoryHost load, Target base, boolean galera, Duration wait, Duration bound, Lifecycle life) {
        Target bounded = base.withConnectTimeout(Math.min(base.connectTimeoutMillis(), Target.AFTER_RUN_TIMEOUT_MILLIS))
                .withReadTimeout(READ_TIMEOUT_MILLIS);
        Target causal = galera ? bounded.withSessionVariables(Map.of("wsrep_sync_wait", "1")) : bounded;
        Target dirty = galera ? bounded.withSessionVariables(Map.of("wsrep_sync_wait", "0", "wsrep_dirty_reads", "ON"))
                : null;
        int n = base.endpoints().size();
        List<Map<HistoryWorkload, String>> got = new ArrayList<>();
        List<String> notes = java.util.Collections.synchronizedList(new ArrayList<>());
        Set<HistoryWorkload> inPrimary = ConcurrentHashMap.newKeySet(); // workloads some node read causally
        CountDownLatch done = new CountDownLatch(n);
        boolean[] finished = new boolean[n]; // guarded by finished
        long deadline = System.nanoTime() + wait.toNanos();
        for (int e = 0; e < n; e++) {
            Map<HistoryWorkload, String> mine = java.util.Collections.synchronizedMap(new EnumMap<>(HistoryWorkload.class));
            got.add(mine);
            int endpoint = e;
            Thread t = new Thread(() -> {
                try {
                    readNode(load, causal, dirty, endpoint, deadline, mine, notes, inPrimary, life);
                } finally {
                    synchronized (finished) {
                        finished[endpoint] = true;
                    }
                    done.countDown();
                }
            }, "anomaly-final-read-" + load.node(e));
            t.setDaemon(true);
            t.start();
        }
        try {
            done.await(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> out = new ArrayList<>(notes);
        Map<HistoryWorkload, List<String>> nodes = new EnumMap<>(HistoryWorkload.class);
        for (HistoryWorkload w : load.ordered()) {
            nodes.put(w, new ArrayList<>());
        }
        synchronized (finished) {
            for (int e = 0; e < n; e++) {
                for (HistoryWorkload w : load.ordered()) {
                    String node = got.get(e).get(w);
                    if (node != null) {
                        nodes.get(w).add(node);
                    }
                }
                if (!finished[e] && !load.aborted()) {
                    out.add(load.node(e) + " gave no final read within " + bound.toMillis() + " ms");
                }
            }
        }
        return new Result(nodes, List.copyOf(out));
    }

    private static void readNode(HistoryHost load, Target causal, Target dirty, int endpoint, long deadline,
                                 Map<HistoryWorkload, String> got, List<String> notes, Set<HistoryWorkload> inPrimary,
                                 Lifecycle life) {
        String node = load.node(endpoint);
        List<String> dirtyRead = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        List<String> outside = new ArrayList<>();
        String why = null;
        for (HistoryWorkload w : load.ordered()) {
            String last = null;
            while (!load.aborted()) {
                last = attempt(load, causal, endpoint, w, life);
                if (last == null) {
                    got.put(w, node);
                    inPrimary.add(w);
                    break;
                }
                if (System.nanoTime() - deadline > 0) {
                    break;
                }
                load.pauseUnlessAborted(RETRY_MILLIS);
            }
            if (got.containsKey(w) || load.aborted()) {
                continue;
            }
            why = why == null ? last : why;
            if (dirty != null && inPrimary.contains(w)) {
                outside.add(w.label());
            } else if (dirty != null && attempt(load, dirty, endpoint, w, life) == null) {
                got.put(w, node + " (dirty)");
                dirtyRead.add(w.label());
            } else {
                unread.add(w.label());
            }
        }
        if (!dirtyRead.isEmpty()) {
            notes.add(node + " was read outside the primary component (wsrep_dirty_reads) for the final reads of "
                    + String.join(", ", dirtyRead) + ": it refused causal reads (" + why + ")");
        }
        if (!unread.isEmpty()) {
            notes.add(node + " gave no final read of " + String.join(", ", unread) + ": " + why);
        }
        if (!outside.isEmpty()) {
            notes.add(node + " was not read for the final reads of " + String.join(", ", outside) + ": it stayed "
                    + "outside the primary component (" + why + ") while the nodes in it were read; what a node that "
                    + "has not rejoined holds is not the cluster's final state, so it is not judged");
        }
    }

    /** @return null when the final read of {@code w} on the endpoint is in the history, else why not */
    private static String attempt(HistoryHost load, Target t, int endpoint, HistoryWorkload w, Lifecycle life) {
        SessionLink l;
        try {
            l = SessionLink.open(t, endpoint, load.node(endpoint));
        } catch (DbFailure f) {
            return f.countKey() + " " + firstLine(f.getMessage());
        }
        int session = 1000 + endpoint;
        try (Lifecycle.Owned owned = life.own("final read " + l.node(), l::abort)) {
            HistoryLoad.Workloads ws = load.workloads();
            return switch (w) {
                case APPEND -> {
                    AppendExecutor.Executed e = ws.executor().finalRead(l.connection(), ws.generator().nextId(),
                            ws.generator().keys(), session, l.node());
                    yield e.txn().outcome() == Outcome.OK ? null : e.txn().error();
                }
                case BANK -> {
                    BankRead r = ws.bank().read(l.connection(), session, l.node());
                    yield r.outcome() == Outcome.OK ? null : r.error();
                }
                case COUNTER -> {
                    CounterOp r = ws.counter().read(l.connection(), session, l.node(), true);
                    yield r.outcome() == Outcome.OK ? null : r.error();
                }
            };
        } finally {
            l.close();
        }
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
