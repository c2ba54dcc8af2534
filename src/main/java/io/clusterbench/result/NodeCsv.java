package io.clusterbench.result;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cluster's figures per node per interval: {@code nodes.csv}, long format (one row per node per interval,
 * from {@code intervals[].observed.galera.nodes}), created at the first interval that has any, flushed per
 * interval; and the cluster columns of {@code intervals.csv} (largest paused fraction, the nodes that sent
 * FC_PAUSE, largest receive queue and commit lag, Σ certification failures and brute-force aborts). Columns are
 * defined in docs/metrics.md, "Galera per node".
 *
 * <p>Confined to the coordinator thread. Every write error is raised.
 */
final class NodeCsv implements AutoCloseable {
    /** Header of {@code nodes.csv}; units in the column names. */
    static final String HEADER = "start_seconds,end_seconds,node,fc_paused_fraction,fc_paused_micros,fc_episodes,"
            + "fc_sent_messages,fc_recv_messages,recv_queue_write_sets,recv_queue_max_write_sets,"
            + "recv_queue_mean_write_sets,send_queue_write_sets,send_queue_max_write_sets,send_queue_mean_write_sets,"
            + "cert_failures,bf_aborts,replays,commit_lag_transactions,commit_lag_max_transactions,state_changes,"
            + "local_state,cluster_status,error,gap";
    /** The cluster columns appended to {@code intervals.csv}. */
    static final String INTERVAL_COLUMNS = "galera_fc_paused_max_fraction,galera_fc_sent_by,"
            + "galera_recv_queue_max_write_sets,galera_commit_lag_max_transactions,galera_cert_failures,galera_bf_aborts";
    private static final String[] KEYS = {"flowControlPausedFraction", "flowControlPausedMicros", "flowControlEpisodes",
        "flowControlSentMessages", "flowControlRecvMessages", "recvQueueWriteSets", "recvQueueMaxWriteSets",
        "recvQueueMeanWriteSets", "sendQueueWriteSets", "sendQueueMaxWriteSets", "sendQueueMeanWriteSets",
        "certFailures", "bfAborts", "replays", "commitLagTransactions", "commitLagMaxTransactions", "stateChanges",
        "localState", "clusterStatus", "error", "gap"};
    private final Path file;
    private BufferedWriter out;

    NodeCsv(Path dir) {
        this.file = dir.resolve("nodes.csv");
    }

    /** @return the Galera nodes of an interval, name → figures; empty when it has none */
    static Map<String, Map<String, Object>> nodes(IntervalRecord r) {
        return Observations.of(r).nodes(Observations.GALERA);
    }

    /** Appends one row per node of {@code r}; nothing (and no file) when the interval has no Galera figures. */
    void append(IntervalRecord r) {
        Map<String, Map<String, Object>> nodes = nodes(r);
        if (nodes.isEmpty()) {
            return;
        }
        try {
            if (out == null) {
                out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                out.write(HEADER);
                out.newLine();
            }
            for (Map.Entry<String, Map<String, Object>> e : nodes.entrySet()) {
                StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%.3f,%.3f,%s", r.startSeconds(),
                        r.endSeconds(), e.getKey()));
                Map<String, Object> f = e.getValue();
                for (String k : KEYS) {
                    Object v = f.get(k);
                    b.append(',').append(v == null ? "" : String.valueOf(v).replace(",", ";"));
                }
                out.write(b.toString());
                out.newLine();
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the cluster columns of {@code intervals.csv} for {@code r}, each after a comma; empty cells without Galera */
    static String intervalColumns(IntervalRecord r) {
        Map<String, Map<String, Object>> nodes = nodes(r);
        if (nodes.isEmpty()) {
            return ",,,,,";
        }
        double fc = 0;
        long rq = 0, lag = 0, cert = 0, bf = 0;
        List<String> senders = new java.util.ArrayList<>();
        for (Map.Entry<String, Map<String, Object>> e : nodes.entrySet()) {
            Map<String, Object> f = e.getValue();
            if (f.containsKey("error")) {
                continue;
            }
            fc = Math.max(fc, num(f.get("flowControlPausedFraction")));
            rq = Math.max(rq, (long) num(f.get("recvQueueMaxWriteSets")));
            lag = Math.max(lag, (long) num(f.get("commitLagTransactions")));
            cert += (long) num(f.get("certFailures"));
            bf += (long) num(f.get("bfAborts"));
            if (num(f.get("flowControlSentMessages")) > 0) {
                senders.add(e.getKey());
            }
        }
        return String.format(Locale.ROOT, ",%.4f,%s,%d,%d,%d,%d", fc, String.join("|", senders), rq, lag, cert, bf);
    }

    private static double num(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }

    @Override
    public void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
