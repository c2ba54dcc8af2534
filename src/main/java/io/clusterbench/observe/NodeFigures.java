package io.clusterbench.observe;

import io.clusterbench.Format;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node's Galera figures for one interval, computed from two {@link WsrepReading}s and the polls between them
 * ({@link NodePolls}; docs/metrics.md, "Galera per node"). Two readings across which the counters may not be
 * differenced ({@link CounterReset}: the node restarted, another server answers, a counter went down) make the
 * interval a gap: its counter figures are 0 and left out of the JSON form, {@code gap} names the reason, and the
 * gauges (queues, lag, state) are kept.
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
 * @param gap               why the counters were not differenced ({@link CounterReset}), or null when they were
 */
record NodeFigures(double flowControlPausedFraction, long flowControlPausedMicros, long flowControlEpisodes,
                   long flowControlSent, long flowControlRecv, long recvQueue, long recvQueueMax, double recvQueueMean,
                   long sendQueue, long sendQueueMax, double sendQueueMean, long certFailures, long bfAborts,
                   long replays, long commitLag, long commitLagMax, long stateChanges, long polls, long lastCommitted,
                   int clusterSize, String clusterStatus, String localState, String gap) {

    /**
     * @param before the previous sample's reading, or null for none (a gap: nothing to difference)
     * @param now    this sample's reading, already added to {@code polls}
     * @param polls  the polls since the previous sample, this reading included
     */
    static NodeFigures of(WsrepReading before, WsrepReading now, long maxCommitted, double intervalSeconds,
                          NodePolls polls) {
        String gap = before == null ? CounterReset.UNANSWERED : now.resetSince(before);
        RunCounters c = new RunCounters();
        if (before != null && gap == null) {
            long elapsed = now.atNanos() - before.atNanos();
            c.add(before, now, elapsed > 0 ? elapsed : (long) (intervalSeconds * 1e9));
        }
        return c.figures(now, maxCommitted, polls, gap);
    }

    /**
     * The counters of one node summed over intervals that were differenced (gaps left out), for the run's
     * totals: a difference from the baseline to the last reading would span a restart. Mutable; confined to the
     * observer's thread.
     */
    static final class RunCounters {
        private long pausedNanos, sent, recv, certs, bfs, replays;
        /** The node's own time the counters cover, ns. */
        private long coveredNanos;
        /** Intervals left out as gaps. */
        long gapIntervals;

        /** Adds the differences of two readings that may be differenced, over {@code elapsedNanos}. */
        void add(WsrepReading before, WsrepReading now, long elapsedNanos) {
            pausedNanos += Math.max(0, now.pausedNanos() - before.pausedNanos());
            sent += Math.max(0, now.fcSent() - before.fcSent());
            recv += Math.max(0, now.fcRecv() - before.fcRecv());
            certs += Math.max(0, now.certFailures() - before.certFailures());
            bfs += Math.max(0, now.bfAborts() - before.bfAborts());
            replays += Math.max(0, now.replays() - before.replays());
            coveredNanos += Math.max(0, elapsedNanos);
        }

        /** Adds one interval's figures, or counts it as a gap. */
        void add(NodeFigures f, long elapsedNanos) {
            if (f.gap() != null) {
                gapIntervals++;
                return;
            }
            pausedNanos += f.flowControlPausedMicros() * 1000;
            sent += f.flowControlSent();
            recv += f.flowControlRecv();
            certs += f.certFailures();
            bfs += f.bfAborts();
            replays += f.replays();
            coveredNanos += Math.max(0, elapsedNanos);
        }

        /** @return the figures with these counters, the gauges of {@code now} and the polls' maxima and means */
        NodeFigures figures(WsrepReading now, long maxCommitted, NodePolls polls, String gap) {
            double fraction = coveredNanos > 0 ? Math.min(1.0, pausedNanos / (double) coveredNanos) : 0;
            return new NodeFigures(fraction, pausedNanos / 1000, polls.flowControlEpisodes, sent, recv, now.recvQueue(),
                    polls.recvQueueMax, polls.mean(polls.recvQueueSum), now.sendQueue(), polls.sendQueueMax,
                    polls.mean(polls.sendQueueSum), certs, bfs, replays, Math.max(0, maxCommitted - now.lastCommitted()),
                    polls.commitLagMax, polls.stateChanges, polls.polls, now.lastCommitted(), now.clusterSize(),
                    now.clusterStatus(), now.localState(), gap);
        }
    }

    /**
     * @param observedSeconds the time the figures cover, s
     * @return the figures as a run's totals record (the same fields and rounding as {@link #toMap})
     */
    io.clusterbench.result.GaleraFacts.NodeTotals totals(double observedSeconds, long gapIntervals) {
        return new io.clusterbench.result.GaleraFacts.NodeTotals(observedSeconds,
                Math.round(flowControlPausedFraction * 1e4) / 1e4, flowControlPausedMicros, flowControlEpisodes,
                flowControlSent, flowControlRecv, recvQueue, recvQueueMax, Math.round(recvQueueMean * 100) / 100.0,
                sendQueue, sendQueueMax, Math.round(sendQueueMean * 100) / 100.0, certFailures, bfAborts, replays,
                commitLag, commitLagMax, stateChanges, polls, lastCommitted, clusterSize, clusterStatus, localState,
                gapIntervals);
    }

    /** @return the JSON form, units in key names (the keys of docs/metrics.md, "Galera per node") */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (gap != null) {
            m.put("gap", gap);
        } else {
            m.put("flowControlPausedFraction", Math.round(flowControlPausedFraction * 1e4) / 1e4);
            m.put("flowControlPausedMicros", flowControlPausedMicros);
        }
        m.put("flowControlEpisodes", flowControlEpisodes);
        if (gap == null) {
            m.put("flowControlSentMessages", flowControlSent);
            m.put("flowControlRecvMessages", flowControlRecv);
        }
        m.put("recvQueueWriteSets", recvQueue);
        m.put("recvQueueMaxWriteSets", recvQueueMax);
        m.put("recvQueueMeanWriteSets", Math.round(recvQueueMean * 100) / 100.0);
        m.put("sendQueueWriteSets", sendQueue);
        m.put("sendQueueMaxWriteSets", sendQueueMax);
        m.put("sendQueueMeanWriteSets", Math.round(sendQueueMean * 100) / 100.0);
        if (gap == null) {
            m.put("certFailures", certFailures);
            m.put("bfAborts", bfAborts);
            m.put("replays", replays);
        }
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
            if (f.gap() != null) {
                trouble.add(names.get(i) + " gap " + f.gap());
            }
        }
        String line = Format.f("| fc %.1f%%%s | rq %s | lag %s | cert %d bf %d", fc * 100,
                senders.isEmpty() ? "" : " by " + String.join(",", senders), String.join("/", rq),
                String.join("/", lag), cert, bf);
        return trouble.isEmpty() ? line : line + " | " + String.join(", ", trouble);
    }
}
