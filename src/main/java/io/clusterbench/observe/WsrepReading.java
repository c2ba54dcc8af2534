package io.clusterbench.observe;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One node's wsrep counters and gauges at one moment (cluster-consistency.md §1.3: cumulative counters are
 * read and differenced here, never the {@code *_avg} or {@code wsrep_flow_control_paused} averages that any
 * {@code FLUSH STATUS} resets).
 *
 * <p>Immutable.
 *
 * @param atNanos        monotonic time of the read (middle of the round trip)
 * @param pausedNanos    {@code wsrep_flow_control_paused_ns} (counter)
 * @param fcSent         {@code wsrep_flow_control_sent} (counter)
 * @param fcRecv         {@code wsrep_flow_control_recv} (counter)
 * @param recvQueue      {@code wsrep_local_recv_queue} (gauge, write sets)
 * @param sendQueue      {@code wsrep_local_send_queue} (gauge, write sets)
 * @param certFailures   {@code wsrep_local_cert_failures} (counter)
 * @param bfAborts       {@code wsrep_local_bf_aborts} (counter)
 * @param replays        {@code wsrep_local_replays} (counter: brute-force aborted transactions replayed, not failed)
 * @param lastCommitted  {@code wsrep_last_committed} (global seqno)
 * @param clusterSize    {@code wsrep_cluster_size}
 * @param clusterStatus  {@code wsrep_cluster_status}
 * @param localState     {@code wsrep_local_state_comment}
 * @param uptimeSeconds  {@code Uptime}, -1 when the server did not report it (for {@link CounterReset})
 */
record WsrepReading(long atNanos, long pausedNanos, long fcSent, long fcRecv, long recvQueue, long sendQueue,
                    long certFailures, long bfAborts, long replays, long lastCommitted, int clusterSize, String clusterStatus,
                    String localState, long uptimeSeconds) {
    private static final String QUERY = "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_flow_control_paused_ns', "
            + "'wsrep_flow_control_sent', 'wsrep_flow_control_recv', 'wsrep_local_recv_queue', "
            + "'wsrep_local_send_queue', 'wsrep_local_cert_failures', 'wsrep_local_bf_aborts', 'wsrep_local_replays', "
            + "'wsrep_last_committed', 'wsrep_cluster_size', 'wsrep_cluster_status', 'wsrep_local_state_comment', "
            + "'Uptime')";
    /** The cumulative counters of a reading, by the names {@link #counters} gives them. */
    static final java.util.List<String> COUNTERS = java.util.List.of("wsrep_flow_control_paused_ns",
            "wsrep_flow_control_sent", "wsrep_flow_control_recv", "wsrep_local_cert_failures", "wsrep_local_bf_aborts",
            "wsrep_local_replays");

    /** @return the counters and {@code Uptime} (when known) by status name, for {@link CounterReset#between} */
    java.util.Map<String, Long> counters() {
        java.util.Map<String, Long> m = new java.util.HashMap<>();
        m.put("wsrep_flow_control_paused_ns", pausedNanos);
        m.put("wsrep_flow_control_sent", fcSent);
        m.put("wsrep_flow_control_recv", fcRecv);
        m.put("wsrep_local_cert_failures", certFailures);
        m.put("wsrep_local_bf_aborts", bfAborts);
        m.put("wsrep_local_replays", replays);
        if (uptimeSeconds >= 0) {
            m.put(CounterReset.UPTIME, uptimeSeconds);
        }
        return m;
    }

    /** @return why {@code before} and this reading may not be differenced ({@link CounterReset}), or null */
    String resetSince(WsrepReading before) {
        return CounterReset.between(before.counters(), counters(), (atNanos - before.atNanos) / 1e9, COUNTERS);
    }

    /** @throws SQLException when the node does not answer */
    static WsrepReading read(Connection c) throws SQLException {
        long t0 = System.nanoTime();
        long paused = 0, sent = 0, recv = 0, rq = 0, sq = 0, cert = 0, bf = 0, replays = 0, last = 0, uptime = -1;
        int size = 0;
        String status = "";
        String state = "";
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
            while (rs.next()) {
                String v = rs.getString(2);
                switch (rs.getString(1).toLowerCase()) {
                    case "wsrep_flow_control_paused_ns" -> paused = num(v);
                    case "wsrep_flow_control_sent" -> sent = num(v);
                    case "wsrep_flow_control_recv" -> recv = num(v);
                    case "wsrep_local_recv_queue" -> rq = num(v);
                    case "wsrep_local_send_queue" -> sq = num(v);
                    case "wsrep_local_cert_failures" -> cert = num(v);
                    case "wsrep_local_bf_aborts" -> bf = num(v);
                    case "wsrep_local_replays" -> replays = num(v);
                    case "wsrep_last_committed" -> last = num(v);
                    case "wsrep_cluster_size" -> size = (int) num(v);
                    case "wsrep_cluster_status" -> status = v;
                    case "wsrep_local_state_comment" -> state = v;
                    case "uptime" -> uptime = num(v);
                    default -> { }
                }
            }
        }
        long t1 = System.nanoTime();
        return new WsrepReading(t0 + (t1 - t0) / 2, paused, sent, recv, rq, sq, cert, bf, replays, last, size,
                status, state, uptime);
    }

    private static long num(String v) {
        try {
            return v == null ? 0 : Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
