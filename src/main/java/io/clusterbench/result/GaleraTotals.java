package io.clusterbench.result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A Galera run's per-node totals over the measured time ({@code observerFacts.galera.totals}, {@link GaleraFacts},
 * written by the Galera observer: its baseline at the measured start to its last reading at the
 * end; docs/metrics.md, "Galera per node" and "Galera totals"). Immutable.
 *
 * @param nodes one entry per observed node, in node order
 */
public record GaleraTotals(List<Node> nodes) {
    /**
     * One node's totals; keys as in {@code observerFacts.galera.totals.<node>}.
     *
     * @param name                      member name, e.g. {@code n2}
     * @param observedSeconds           time between the baseline and the last reading, s
     * @param flowControlPausedFraction paused time ÷ observed time (0–1)
     * @param flowControlPausedMicros   replication paused by flow control, µs
     * @param flowControlEpisodes       pauses seen to begin by the 250 ms polls
     * @param flowControlSentMessages   FC_PAUSE messages this node sent (it throttled the cluster)
     * @param flowControlRecvMessages   FC_PAUSE messages this node received
     * @param recvQueueMaxWriteSets     largest receive queue seen
     * @param recvQueueMeanWriteSets    mean receive queue over the polls
     * @param sendQueueMaxWriteSets     largest send queue seen
     * @param sendQueueMeanWriteSets    mean send queue over the polls
     * @param certFailures              local transactions that failed certification
     * @param bfAborts                  local transactions brute-force aborted (cert failures included, see
     *                                  {@link Conflicts})
     * @param replays                   brute-force aborted transactions replayed and committed after all
     * @param commitLagMaxTransactions  largest commit lag seen, transactions
     * @param stateChanges              local state or cluster status changes seen
     * @param polls                     readings the maxima and means are taken over
     * @param gapIntervals              intervals whose counters were not differenced (a restart, a counter reset:
     *                                  docs/metrics.md, "Counter resets"), left out of the counters; 0 in results
     *                                  written before it was recorded
     */
    public record Node(String name, double observedSeconds, double flowControlPausedFraction,
                       long flowControlPausedMicros, long flowControlEpisodes, long flowControlSentMessages,
                       long flowControlRecvMessages, long recvQueueMaxWriteSets, double recvQueueMeanWriteSets,
                       long sendQueueMaxWriteSets, double sendQueueMeanWriteSets, long certFailures, long bfAborts,
                       long replays, long commitLagMaxTransactions, long stateChanges, long polls,
                       long gapIntervals) {
    }

    /** @return the totals of {@code run}, or null when it holds none (not a Galera run, or written before them) */
    public static GaleraTotals of(RunRecord run) {
        GaleraFacts galera = run.fact(FactKeys.GALERA);
        if (galera == null || galera.totals().isEmpty()) {
            return null;
        }
        List<Node> nodes = new ArrayList<>();
        galera.totals().forEach((name, t) -> nodes.add(new Node(name, t.observedSeconds(), t.flowControlPausedFraction(),
                t.flowControlPausedMicros(), t.flowControlEpisodes(), t.flowControlSentMessages(),
                t.flowControlRecvMessages(), t.recvQueueMaxWriteSets(), t.recvQueueMeanWriteSets(),
                t.sendQueueMaxWriteSets(), t.sendQueueMeanWriteSets(), t.certFailures(), t.bfAborts(), t.replays(),
                t.commitLagMaxTransactions(), t.stateChanges(), t.polls(), t.gapIntervals())));
        return new GaleraTotals(List.copyOf(nodes));
    }

    /** @return the nodes that sent FC_PAUSE messages, most messages first (the nodes that throttled the cluster) */
    public List<Node> throttlers() {
        return nodes.stream().filter(n -> n.flowControlSentMessages() > 0)
                .sorted(Comparator.comparingLong(Node::flowControlSentMessages).reversed()).toList();
    }

    /** @return Σ over nodes of {@code f} */
    public long sum(java.util.function.ToLongFunction<Node> f) {
        return nodes.stream().mapToLong(f).sum();
    }
}
