package io.clusterbench.observe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node's Galera figures for one interval, computed from two {@link WsrepReading}s (docs/metrics.md,
 * "Galera per node"). Counter deltas that go backwards (node restarted) count as 0.
 *
 * <p>Immutable.
 *
 * @param flowControlPausedFraction replication paused time / the node's time between readings, ≥ 0
 * @param flowControlSent   FC_PAUSE messages this node sent in the interval (it was the slow one)
 * @param flowControlRecv   FC_PAUSE messages this node received in the interval (it was throttled)
 * @param recvQueue         write sets waiting to be applied, at the reading
 * @param sendQueue         write sets waiting to be sent, at the reading
 * @param certFailures      local transactions that failed certification in the interval
 * @param bfAborts          local transactions brute-force aborted in the interval
 * @param commitLag         transactions behind the most advanced node, at the reading
 * @param lastCommitted     {@code wsrep_last_committed}
 * @param clusterSize       members in this node's component
 * @param clusterStatus     {@code Primary} / {@code non-Primary} / {@code Disconnected}
 * @param localState        {@code Synced}, {@code Donor/Desynced}, …
 */
record NodeFigures(double flowControlPausedFraction, long flowControlSent, long flowControlRecv, long recvQueue,
                   long sendQueue, long certFailures, long bfAborts, long commitLag, long lastCommitted,
                   int clusterSize, String clusterStatus, String localState) {

    static NodeFigures of(WsrepReading before, WsrepReading now, long maxCommitted, double intervalSeconds) {
        double fraction = 0;
        long certs = 0, bfs = 0, sent = 0, recv = 0;
        if (before != null) {
            long elapsed = now.atNanos() - before.atNanos();
            long base = elapsed > 0 ? elapsed : (long) (intervalSeconds * 1e9);
            fraction = base > 0 ? Math.max(0, now.pausedNanos() - before.pausedNanos()) / (double) base : 0;
            sent = delta(before.fcSent(), now.fcSent());
            recv = delta(before.fcRecv(), now.fcRecv());
            certs = delta(before.certFailures(), now.certFailures());
            bfs = delta(before.bfAborts(), now.bfAborts());
        }
        return new NodeFigures(fraction, sent, recv, now.recvQueue(), now.sendQueue(), certs, bfs,
                Math.max(0, maxCommitted - now.lastCommitted()), now.lastCommitted(), now.clusterSize(),
                now.clusterStatus(), now.localState());
    }

    private static long delta(long before, long now) {
        return Math.max(0, now - before);
    }

    /** @return the JSON form, units in key names */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("flowControlPausedFraction", Math.round(flowControlPausedFraction * 1e4) / 1e4);
        m.put("flowControlSentMessages", flowControlSent);
        m.put("flowControlRecvMessages", flowControlRecv);
        m.put("recvQueueWriteSets", recvQueue);
        m.put("sendQueueWriteSets", sendQueue);
        m.put("certFailures", certFailures);
        m.put("bfAborts", bfAborts);
        m.put("commitLagTransactions", commitLag);
        m.put("lastCommittedSeqno", lastCommitted);
        m.put("clusterSize", clusterSize);
        m.put("clusterStatus", clusterStatus);
        m.put("localState", localState);
        return m;
    }

    /**
     * The console suffix, e.g. {@code | fc 12.5% by n2 | rq 0/7/1 | lag 0/5/2 | cert 1 bf 0}: the largest paused
     * fraction, the nodes that sent FC_PAUSE, receive queue and commit lag per node in node order, and the
     * certification failures and brute-force aborts of all nodes; {@code n2?} marks a node that did not answer,
     * and a node outside a Primary component is named.
     */
    static String compact(List<String> names, List<NodeFigures> figures) {
        double fc = 0;
        List<String> senders = new ArrayList<>();
        List<String> rq = new ArrayList<>();
        List<String> lag = new ArrayList<>();
        List<String> trouble = new ArrayList<>();
        long cert = 0, bf = 0;
        for (int i = 0; i < figures.size(); i++) {
            NodeFigures f = figures.get(i);
            if (f == null) {
                rq.add("?");
                lag.add("?");
                trouble.add(names.get(i) + "?");
                continue;
            }
            fc = Math.max(fc, f.flowControlPausedFraction());
            if (f.flowControlSent() > 0) {
                senders.add(names.get(i));
            }
            rq.add(Long.toString(f.recvQueue()));
            lag.add(Long.toString(f.commitLag()));
            cert += f.certFailures();
            bf += f.bfAborts();
            if (!"Primary".equals(f.clusterStatus()) || !"Synced".equals(f.localState())) {
                trouble.add(names.get(i) + " " + f.localState() + "/" + f.clusterStatus());
            }
        }
        String line = GaleraObserver.f("| fc %.1f%%%s | rq %s | lag %s | cert %d bf %d", fc * 100,
                senders.isEmpty() ? "" : " by " + String.join(",", senders), String.join("/", rq),
                String.join("/", lag), cert, bf);
        return trouble.isEmpty() ? line : line + " | " + String.join(", ", trouble);
    }
}
