package io.clusterbench.observe;

import io.clusterbench.Format;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node's Galera figures for one interval, computed from two {@link WsrepReading}s and the polls between them
 * ({@link NodePolls}; docs/metrics.md, "Galera per node"). Counter deltas that go backwards (node restarted)
 * count as 0.
 *
 * <p>Immutable.
 *
 * @param flowControlPausedFraction replication paused time / the node's time between readings, ≥ 0
 * @param flowControlPausedMicros   replication paused time in the interval, µs ({@code wsrep_flow_control_paused_ns})
 * @param flowControlEpisodes       pauses that began in the interval, as seen by the polls
 * @param flowControlSent   FC_PAUSE messages this node sent in the interval (it was the slow one)
 * @param flowControlRecv   FC_PAUSE messages this node received in the interval (it was throttled)
 * @param recvQueue         write sets waiting to be applied, at the reading
 * @param recvQueueMax      largest receive queue seen by the polls and the reading
 * @param recvQueueMean     mean receive queue over the polls and the reading
 * @param sendQueue         write sets waiting to be sent, at the reading
 * @param sendQueueMax      largest send queue seen
 * @param sendQueueMean     mean send queue
 * @param certFailures      local transactions that failed certification in the interval
 * @param bfAborts          local transactions brute-force aborted in the interval
 * @param replays           brute-force aborted local transactions replayed (committed after all) in the interval
 * @param commitLag         transactions behind the most advanced node, at the reading
 * @param commitLagMax      largest commit lag seen by the polls and the reading
 * @param stateChanges      changes of local state or cluster status seen by the polls
 * @param polls             readings the maxima and means are taken over (polls + the sample's own)
 * @param lastCommitted     {@code wsrep_last_committed}
 * @param clusterSize       members in this node's component
 * @param clusterStatus     {@code Primary} / {@code non-Primary} / {@code Disconnected}
 * @param localState        {@code Synced}, {@code Donor/Desynced}, …
 */
record NodeFigures(double flowControlPausedFraction, long flowControlPausedMicros, long flowControlEpisodes,
                   long flowControlSent, long flowControlRecv, long recvQueue, long recvQueueMax, double recvQueueMean,
                   long sendQueue, long sendQueueMax, double sendQueueMean, long certFailures, long bfAborts,
                   long replays, long commitLag, long commitLagMax, long stateChanges, long polls, long lastCommitted,
                   int clusterSize, String clusterStatus, String localState) {

    /**
     * @param before the previous sample's reading, or null for none (counters give 0)
     * @param now    this sample's reading, already added to {@code polls}
     * @param polls  the polls since the previous sample, this reading included
     */
    static NodeFigures of(WsrepReading before, WsrepReading now, long maxCommitted, double intervalSeconds,
                          NodePolls polls) {
        double fraction = 0;
        long pausedNanos = 0, certs = 0, bfs = 0, replays = 0, sent = 0, recv = 0;
        if (before != null) {
            long elapsed = now.atNanos() - before.atNanos();
            long base = elapsed > 0 ? elapsed : (long) (intervalSeconds * 1e9);
            pausedNanos = delta(before.pausedNanos(), now.pausedNanos());
            fraction = base > 0 ? Math.min(1.0, pausedNanos / (double) base) : 0;
            sent = delta(before.fcSent(), now.fcSent());
            recv = delta(before.fcRecv(), now.fcRecv());
            certs = delta(before.certFailures(), now.certFailures());
            bfs = delta(before.bfAborts(), now.bfAborts());
            replays = delta(before.replays(), now.replays());
        }
        return new NodeFigures(fraction, pausedNanos / 1000, polls.flowControlEpisodes, sent, recv, now.recvQueue(),
                polls.recvQueueMax, polls.mean(polls.recvQueueSum), now.sendQueue(), polls.sendQueueMax,
                polls.mean(polls.sendQueueSum), certs, bfs, replays, Math.max(0, maxCommitted - now.lastCommitted()),
                polls.commitLagMax, polls.stateChanges, polls.polls, now.lastCommitted(), now.clusterSize(),
                now.clusterStatus(), now.localState());
    }

    private static long delta(long before, long now) {
        return Math.max(0, now - before);
    }

    /**
     * @param observedSeconds the time the figures cover, s
     * @return the figures as a run's totals record (the same fields and rounding as {@link #toMap})
     */
    io.clusterbench.result.GaleraFacts.NodeTotals totals(double observedSeconds) {
        return new io.clusterbench.result.GaleraFacts.NodeTotals(observedSeconds,
                Math.round(flowControlPausedFraction * 1e4) / 1e4, flowControlPausedMicros, flowControlEpisodes,
                flowControlSent, flowControlRecv, recvQueue, recvQueueMax, Math.round(recvQueueMean * 100) / 100.0,
                sendQueue, sendQueueMax, Math.round(sendQueueMean * 100) / 100.0, certFailures, bfAborts, replays,
                commitLag, commitLagMax, stateChanges, polls, lastCommitted, clusterSize, clusterStatus, localState);
    }

    /** @return the JSON form, units in key names (the keys of docs/metrics.md, "Galera per node") */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("flowControlPausedFraction", Math.round(flowControlPausedFraction * 1e4) / 1e4);
        m.put("flowControlPausedMicros", flowControlPausedMicros);
        m.put("flowControlEpisodes", flowControlEpisodes);
        m.put("flowControlSentMessages", flowControlSent);
        m.put("flowControlRecvMessages", flowControlRecv);
        m.put("recvQueueWriteSets", recvQueue);
        m.put("recvQueueMaxWriteSets", recvQueueMax);
        m.put("recvQueueMeanWriteSets", Math.round(recvQueueMean * 100) / 100.0);
        m.put("sendQueueWriteSets", sendQueue);
        m.put("sendQueueMaxWriteSets", sendQueueMax);
        m.put("sendQueueMeanWriteSets", Math.round(sendQueueMean * 100) / 100.0);
        m.put("certFailures", certFailures);
        m.put("bfAborts", bfAborts);
        m.put("replays", replays);
        m.put("commitLagTransactions", commitLag);
        m.put("commitLagMaxTransactions", commitLagMax);
        m.put("stateChanges", stateChanges);
        m.put("polls", polls);
        m.put("lastCommittedSeqno", lastCommitted);
        m.put("clusterSize", clusterSize);
        m.put("clusterStatus", clusterStatus);
        m.put("localState", localState);
        return m;
    }

    /**
     * The console suffix, e.g. {@code | fc 12.5% by n2 | rq 0/7/1 | lag 0/5/2 | cert 1 bf 0}: the largest paused
     * fraction, the nodes that sent FC_PAUSE, the largest receive queue of the interval (polls included) and the commit
     * lag at the reading per node in node order, and the
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
            rq.add(Long.toString(f.recvQueueMax()));
            lag.add(Long.toString(f.commitLag()));
            cert += f.certFailures();
            bf += f.bfAborts();
            if (!"Primary".equals(f.clusterStatus()) || !"Synced".equals(f.localState())) {
                trouble.add(names.get(i) + " " + f.localState() + "/" + f.clusterStatus());
            }
        }
        String line = Format.f("| fc %.1f%%%s | rq %s | lag %s | cert %d bf %d", fc * 100,
                senders.isEmpty() ? "" : " by " + String.join(",", senders), String.join("/", rq),
                String.join("/", lag), cert, bf);
        return trouble.isEmpty() ? line : line + " | " + String.join(", ", trouble);
    }
}
