package io.clusterbench.anomaly;

import io.clusterbench.db.DbFailure;
import io.clusterbench.testing.GaleraCluster;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

/**
 * Drives the history workloads on the Galera sandbox through the package API, as a runner will: one thread and one
 * connection per session, each on a chosen node, the session's isolation and {@code wsrep_sync_wait} set first, until
 * a deadline; then the final reads on every node with {@code wsrep_sync_wait=1}. Test code: the product's runner
 * wires this into the lifecycle later.
 */
final class HistoryRun {
    /** One session: its node (1-based) and what it does each step. */
    record SessionSpec(int node, double readShare) {
    }

    /** What a session does once per step on its connection. */
    interface Step {
        void run(Connection c, int session, String node) throws SQLException;
    }

    private final String db;
    private final String isolation;
    private final int syncWait;

    HistoryRun(String db, String isolation, int syncWait) {
        this.db = db;
        this.isolation = isolation;
        this.syncWait = syncWait;
    }

    /** @return a connection to node {@code node} with the run's session settings */
    Connection open(int node, int syncWaitLevel) throws SQLException {
        Connection c = GaleraCluster.connect(node, db);
        c.setNetworkTimeout(Runnable::run, 20_000);
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION TRANSACTION ISOLATION LEVEL " + isolation);
            s.execute("SET SESSION wsrep_sync_wait = " + syncWaitLevel);
        }
        return c;
    }

    /** Runs {@code step} on each session's node until {@code length} passed; rethrows the first session failure. */
    void drive(List<Integer> nodes, Duration length, Step step) throws Exception {
        long deadline = System.nanoTime() + length.toNanos();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < nodes.size(); s++) {
            int session = s;
            int node = nodes.get(s);
            Thread t = new Thread(() -> {
                try {
                    Connection c = open(node, syncWait);
                    while (System.nanoTime() < deadline && failure.get() == null) {
                        try {
                            step.run(c, session, "n" + node);
                        } catch (SQLException e) {
                            c.close();
                            c = open(node, syncWait);
                        }
                        if (c.isClosed() || !c.isValid(5)) {
                            c = open(node, syncWait);
                        }
                    }
                    c.close();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "history-session-" + s);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join(length.toMillis() + 60_000);
            if (t.isAlive()) {
                throw new IllegalStateException(t.getName() + " did not stop within 60 s of the deadline");
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a session failed", failure.get());
        }
    }

    /** Runs list-append sessions, then the final reads on every node; @return the history as read back from file */
    History appendHistory(Path dir, List<SessionSpec> sessions, AppendMix mix, boolean lockingReads, Duration length)
            throws Exception {
        HistoryClock clock = HistoryClock.start();
        Path file = dir.resolve(HistoryFile.FILE_NAME);
        try (HistoryFile out = HistoryFile.create(file, HistoryHeader.of(clock, isolation,
                "wsrep_sync_wait=" + syncWait, lockingReads, List.of("n1", "n2", "n3")))) {
            AppendGenerator gen = new AppendGenerator(mix, 1, 34);
            AppendExecutor exec = new AppendExecutor(clock, out, lockingReads);
            try (Connection c = GaleraCluster.connect(1, db)) {
                AnomalyTables.recreate(c, AnomalyTables.Table.APPEND);
            }
            drive(sessions.stream().map(SessionSpec::node).toList(), length, (c, session, node) -> {
                AppendExecutor.Executed e = exec.run(c, gen.next(sessions.get(session).readShare()), session, node);
                if (e.failure() != null && e.failure().kind() == DbFailure.Kind.CONNECTION) {
                    throw new SQLException("connection lost: " + e.txn().error());
                }
            });
            finalReads(exec, gen);
        }
        return HistoryFile.read(file);
    }

    private void finalReads(AppendExecutor exec, AppendGenerator gen) throws SQLException {
        for (int node = 1; node <= GaleraCluster.NODES; node++) {
            try (Connection c = open(node, 1)) {
                AppendExecutor.Executed e = exec.finalRead(c, gen.nextId(), gen.keys(), 1000 + node, "n" + node);
                if (e.failure() != null) {
                    throw new IllegalStateException("final read on n" + node + " failed: " + e.txn().error());
                }
            }
        }
    }

    /** @return {@code Com_commit} per node label */
    static Map<String, Long> comCommit() throws SQLException {
        Map<String, Long> out = new TreeMap<>();
        for (int node = 1; node <= GaleraCluster.NODES; node++) {
            try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement();
                 var rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_commit'")) {
                rs.next();
                out.put("n" + node, rs.getLong(2));
            }
        }
        return out;
    }

    /** Calls {@code each} with every node label and its {@code Com_commit} increase since {@code before}. */
    static void commitsSince(Map<String, Long> before, BiConsumer<String, Long> each) throws SQLException {
        comCommit().forEach((node, now) -> each.accept(node, now - before.get(node)));
    }
}
