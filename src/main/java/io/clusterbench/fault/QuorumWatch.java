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
 * {@value #FRESH_MILLIS} ms answers Primary credibly (faults.md, "Quorum"); each loss is kept with its start and
 * length. A node's Primary is credible once it has answered for {@value #SETTLE_MILLIS} ms and when the nodes that
 * do not contradict it (that answer Primary, or do not answer) are a majority of its component
 * ({@code wsrep_cluster_size}): a node that says Primary in a component of 3 while two of the three say non-Primary
 * repeats a view it has not yet learnt is gone, so quorum is not back; two nodes that say Primary in a component of 3
 * whose third, a joiner receiving its state transfer, says non-Primary hold it ({@link #primaryHolds}).
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
    private final int[] sizes;
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
        this.sizes = new int[names.size()];
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
            int size = 0;
            try {
                if (c == null) {
                    c = target.open(target.endpoints().get(node));
                    c.setNetworkTimeout(Runnable::run, TIMEOUT_MILLIS);
                }
                try (Statement st = c.createStatement();
                     ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN "
                             + "('wsrep_cluster_status', 'wsrep_cluster_size')")) {
                    while (rs.next()) {
                        if (rs.getString(1).equalsIgnoreCase("wsrep_cluster_status")) {
                            s = rs.getString(2);
                        } else {
                            size = parseSize(rs.getString(2));
                        }
                    }
                }
            } catch (DbFailure | SQLException e) {
                closeQuietly(c);
                c = null;
            }
            report(node, s, size);
            sleep(POLL_MILLIS);
        }
        closeQuietly(c);
    }

    private static int parseSize(String v) {
        try {
            return Integer.parseInt(v.strip());
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /**
     * Whether some node's Primary stands: it has settled and the nodes that do not contradict it (those that answer
     * Primary or do not answer) are more than half of its component's size.
     *
     * @param shown   per node the status shown ({@code Primary}, {@code non-Primary}, …, {@code ?} for no fresh answer)
     * @param sizes   per node its {@code wsrep_cluster_size}, 0 when unknown (not checked)
     * @param settled per node whether it has answered long enough for its view to be current
     * @return the size of the largest Primary component that stands (as its node reports it, at least 1), 0 when none
     */
    static int primaryHolds(List<String> shown, List<Integer> sizes, List<Boolean> settled) {
        int notContradicting = 0;
        for (String st : shown) {
            if ("Primary".equals(st) || "?".equals(st)) {
                notContradicting++;
            }
        }
        int largest = 0;
        for (int i = 0; i < shown.size(); i++) {
            if ("Primary".equals(shown.get(i)) && settled.get(i) && 2 * notContradicting > sizes.get(i)) {
                largest = Math.max(largest, Math.max(1, sizes.get(i)));
            }
        }
        return largest;
    }

    private synchronized void report(int node, String s, int size) {
        long now = clockMillis.getAsLong();
        boolean firstAnswer = status[node] == null;
        boolean wasAnswering = !firstAnswer && !"?".equals(status[node]) && now - seenMillis[node] <= FRESH_MILLIS;
        if (!"?".equals(s) && !wasAnswering) {
            // only a node that answers again after a gap repeats an old view; its very first answer is current
            answeringSince[node] = firstAnswer ? now - SETTLE_MILLIS : now;
        }
        status[node] = s;
        sizes[node] = size;
        seenMillis[node] = now;
        boolean nonPrimary = false;
        StringBuilder nodes = new StringBuilder();
        List<String> shownAll = new ArrayList<>();
        List<Integer> sizeAll = new ArrayList<>();
        List<Boolean> settled = new ArrayList<>();
        for (int i = 0; i < status.length; i++) {
            boolean fresh = status[i] != null && now - seenMillis[i] <= FRESH_MILLIS;
            String shown = fresh ? status[i] : "?";
            nodes.append(i == 0 ? "" : " ").append(names.get(i)).append('=').append(shown);
            shownAll.add(shown);
            sizeAll.add(sizes[i]);
            settled.add(now - answeringSince[i] >= SETTLE_MILLIS || answeringSince[i] == 0);
            nonPrimary |= !shown.equals("?") && !"Primary".equals(shown);
        }
        int component = primaryHolds(shownAll, sizeAll, settled);
        boolean primary = component > 0;
        boolean lost = nonPrimary && !primary;
        if (lost && lostSince < 0) {
            lostSince = now;
            lostNodes = nodes.toString();
            console.accept(String.format(java.util.Locale.ROOT, "[%.1fs] quorum lost: no node in a Primary "
                    + "component (%s)", now / 1000.0, lostNodes));
        } else if (!lost && primary && lostSince >= 0) {
            losses.add(new QuorumLoss(lostSince / 1000.0, (now - lostSince) / 1000.0, true, lostNodes));
            console.accept(String.format(java.util.Locale.ROOT, "[%.1fs] quorum back after %.1f s: a Primary "
                    + "component of %d (%s)", now / 1000.0, (now - lostSince) / 1000.0, component, nodes));
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
