package io.clusterbench.observe;

import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What prepared-statement mode really ran, from the server's own counters: {@code Com_stmt_prepare} and
 * {@code Com_stmt_execute} (global status, summed over the target's endpoints) before and after a step. The
 * driver may fall back to client-side statements without an error (e.g. {@code max_prepared_stmt_count}
 * reached), so {@code --db-ps-mode auto} alone does not say that statements were server-prepared.
 *
 * <p>Confined to the command's thread (the reading after the step runs on a daemon thread of its own and is
 * handed back through a future). Global counters include other sessions' statements: on a shared server the
 * deltas are an upper bound of this run's. The reading after the step goes through {@link Target#afterRun} (short
 * connect and read timeouts): the check runs after the measured end, and a server that stopped answering (SIGSTOP,
 * a frozen node) must not keep the process alive after {@code --time} (issue 9, "nothing outlives the clock");
 * the mode is then {@code unknown}.
 */
public final class PreparedStatementCheck implements AutoCloseable {
    /**
     * The longest the reading after the step may take, from {@link #stepEnded}: a server that does not answer then leaves the
     * mode {@code unknown} rather than holding the end of the command (the one-second exit bound, docs/architecture.md).
     */
    public static final long FINISH_WAIT_MILLIS = 300;
    private final Target target;
    /** One connection per endpoint, opened at the start and kept for the reading after the step; null where none. */
    private final Connection[] connections;
    private final long[] before;
    /** The reading after the step; set once by {@link #stepEnded} (on the engine's writer thread). */
    private volatile CompletableFuture<long[]> afterStep;
    /** When {@link #stepEnded} started the reading ({@link System#nanoTime}); written before {@link #afterStep}. */
    private volatile long stepEndedNanos;

    private PreparedStatementCheck(Target target) {
        this.target = target;
        this.connections = new Connection[target.endpoints().size()];
        Target quick = target.afterRun();
        for (int i = 0; i < connections.length; i++) {
            try {
                connections[i] = quick.openChecked(target.endpoints().get(i), false);
            } catch (RuntimeException unreachable) {
                connections[i] = null; // the counters stay unread: the mode is unknown
            }
        }
        this.before = read(connections);
    }

    /** @return a check that has read the counters now */
    public static PreparedStatementCheck start(Target target) {
        return new PreparedStatementCheck(target);
    }

    /**
     * Starts the reading after the step on a daemon thread, so it runs beside the closing of the observers (whose
     * last sample waits up to a second for a server that stopped answering) instead of after it; {@link #finish}
     * joins it. Called once, when the measured phase has ended.
     */
    public void stepEnded() {
        if (afterStep != null) {
            return;
        }
        stepEndedNanos = System.nanoTime();
        CompletableFuture<long[]> reading = new CompletableFuture<>();
        // the connections opened at the start: the reading after the step is one query, no handshake, so a live
        // server on a loaded machine answers within the bound and a frozen one costs only the bound
        Thread t = new Thread(() -> reading.complete(read(connections)), "prepared-statement-check");
        t.setDaemon(true);
        t.start();
        afterStep = reading;
    }

    /**
     * @param events events the step completed (warmup excluded)
     * @return {@code asked} (auto or disable), {@code comStmtPrepare} and {@code comStmtExecute} deltas, and
     * {@code mode}: {@code server} (executes seen), {@code client} (no execute on the server while events ran),
     * or {@code unknown} (counters unreadable, or no event)
     */
    public io.clusterbench.result.PreparedStatementsRecord finish(long events) {
        return finish(events, Long.MAX_VALUE);
    }

    /**
     * As {@link #finish(long)}, never waiting past {@code untilNanos} (the step's end deadline, System.nanoTime).
     */
    public io.clusterbench.result.PreparedStatementsRecord finish(long events, long untilNanos) {
        long[] after = null;
        if (afterStep != null) {
            long left = FINISH_WAIT_MILLIS * 1_000_000L - (System.nanoTime() - stepEndedNanos);
            if (untilNanos != Long.MAX_VALUE) {
                left = Math.min(left, untilNanos - System.nanoTime());
            }
            try {
                after = afterStep.get(Math.max(0, left), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                after = null; // no answer in time: the mode stays unknown
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String asked = target.serverPrepared() ? "auto" : "disable";
        if (before == null || after == null) {
            return new io.clusterbench.result.PreparedStatementsRecord(asked, null, null, "unknown");
        }
        long prepared = after[0] - before[0];
        long executed = after[1] - before[1];
        return new io.clusterbench.result.PreparedStatementsRecord(asked, prepared, executed,
                events == 0 ? "unknown" : executed > 0 ? "server" : "client");
    }

    /**
     * Closes the kept connections; may block on a connection whose reading is stuck on a server that does not answer:
     * call it through the command's lifecycle, which bounds it.
     */
    @Override
    public void close() {
        for (Connection c : connections) {
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing only releases the connection
                }
            }
        }
    }

    /** @return {Com_stmt_prepare, Com_stmt_execute} summed over endpoints, or null when one cannot be read */
    private static long[] read(Connection[] connections) {
        long[] sum = new long[2];
        for (Connection c : connections) {
            if (c == null) {
                return null;
            }
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN "
                         + "('Com_stmt_prepare', 'Com_stmt_execute')")) {
                while (rs.next()) {
                    sum[rs.getString(1).equalsIgnoreCase("Com_stmt_prepare") ? 0 : 1] += rs.getLong(2);
                }
            } catch (SQLException | RuntimeException unreadable) {
                return null;
            }
        }
        return sum;
    }
}
