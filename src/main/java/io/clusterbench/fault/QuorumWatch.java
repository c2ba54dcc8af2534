package io.clusterbench.fault;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.result.QuorumLoss;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Watches {@code wsrep_cluster_status} on every Galera node, one thread per node polling every
 * {@value #POLL_MILLIS} ms with a {@value #TIMEOUT_MILLIS} ms socket timeout, so a paused node costs its own
 * thread only. Quorum is lost while at least one node answers non-Primary and none that answered in the last
 * {@value #FRESH_MILLIS} ms answers Primary (faults.md, "Quorum"); each loss is kept with its start and length.
 *
 * <p>Thread-safe: pollers report under this object's lock; {@link #losses} may be called from any thread.
 */
final class QuorumWatch implements AutoCloseable {
    static final long POLL_MILLIS = 500;
    static final int TIMEOUT_MILLIS = 1000;
    static final long FRESH_MILLIS = 2500;
    /**
     * A node that answers again after not answering (resumed after SIGSTOP) first reports its old view (Primary)
     * until it has read what happened meanwhile; its Primary counts only after it has answered this long.
     */
    static final long SETTLE_MILLIS = 3000;
    private final Target target;
    private final List<String> names;
    private final LongSupplier clockMillis;
    private final Consumer<String> console;
    private final String[] status;
    private final long[] seenMillis;
    private final long[] answeringSince;
    private final List<QuorumLoss> losses = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stop;
    /** Guarded by this: start of the current loss in run milliseconds, -1 when quorum is held. */
    private long lostSince = -1;
    private String lostNodes = "";

    /**
     * @param target      observer target (no session variables)
     * @param names       node name per endpoint, in order
     * @param clockMillis milliseconds since the measured start
     * @param console     receives one line at each loss and each return of quorum
     */
    QuorumWatch(Target target, List<String> names, LongSupplier clockMillis, Consumer<String> console) {
        this.target = target;
        this.names = names;
        this.clockMillis = clockMillis;
        this.console = console;
        this.status = new String[names.size()];
        this.seenMillis = new long[names.size()];
        this.answeringSince = new long[names.size()];
    }

    void start() {
        for (int i = 0; i < names.size(); i++) {
            int node = i;
            Thread t = new Thread(() -> poll(node), "quorum-" + names.get(i));
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    private void poll(int node) {
        Connection c = null;
        while (!stop) {
            String s = "?";
            try {
                if (c == null) {
                    c = target.open(target.endpoints().get(node));
                    c.setNetworkTimeout(Runnable::run, TIMEOUT_MILLIS);
                }
                try (Statement st = c.createStatement();
                     ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS LIKE 'wsrep_cluster_status'")) {
                    s = rs.next() ? rs.getString(2) : "?";
                }
            } catch (DbFailure | SQLException e) {
                closeQuietly(c);
                c = null;
            }
            report(node, s);
            sleep(POLL_MILLIS);
        }
        closeQuietly(c);
    }

    private synchronized void report(int node, String s) {
        long now = clockMillis.getAsLong();
        boolean firstAnswer = status[node] == null;
        boolean wasAnswering = !firstAnswer && !"?".equals(status[node]) && now - seenMillis[node] <= FRESH_MILLIS;
        if (!"?".equals(s) && !wasAnswering) {
            // only a node that answers again after a gap repeats an old view; its very first answer is current
            answeringSince[node] = firstAnswer ? now - SETTLE_MILLIS : now;
        }
        status[node] = s;
        seenMillis[node] = now;
        boolean primary = false;
        boolean nonPrimary = false;
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < status.length; i++) {
            boolean fresh = status[i] != null && now - seenMillis[i] <= FRESH_MILLIS;
            String shown = fresh ? status[i] : "?";
            nodes.append(i == 0 ? "" : " ").append(names.get(i)).append('=').append(shown);
            primary |= "Primary".equals(shown) && (now - answeringSince[i] >= SETTLE_MILLIS || answeringSince[i] == 0);
            nonPrimary |= !shown.equals("?") && !"Primary".equals(shown);
        }
        boolean lost = nonPrimary && !primary;
        if (lost && lostSince < 0) {
            lostSince = now;
            lostNodes = nodes.toString();
            console.accept(String.format(java.util.Locale.ROOT, "[%.1fs] quorum lost: no node in a Primary "
                    + "component (%s)", now / 1000.0, lostNodes));
        } else if (!lost && primary && lostSince >= 0) {
            losses.add(new QuorumLoss(lostSince / 1000.0, (now - lostSince) / 1000.0, true, lostNodes));
            console.accept(String.format(java.util.Locale.ROOT, "[%.1fs] quorum back after %.1f s (%s)",
                    now / 1000.0, (now - lostSince) / 1000.0, nodes));
            lostSince = -1;
        }
    }

    /** @return losses so far; a loss still going is included with its length until now and {@code ended=false} */
    synchronized List<QuorumLoss> losses() {
        List<QuorumLoss> out = new ArrayList<>(losses);
        if (lostSince >= 0) {
            out.add(new QuorumLoss(lostSince / 1000.0, (clockMillis.getAsLong() - lostSince) / 1000.0, false, lostNodes));
        }
        return out;
    }

    @Override
    public void close() {
        stop = true;
        threads.forEach(Thread::interrupt);
    }

    private static void closeQuietly(Connection c) {
        io.clusterbench.workload.SessionSql.closeQuietly(c);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
