package io.clusterbench.observe;

/**
 * What the polls of one node saw between two samples of the {@link GaleraObserver} (docs/metrics.md, "Galera
 * per node"): queue maxima and means over the polls, the largest commit lag, flow-control episodes (a poll that
 * finds {@code wsrep_flow_control_paused_ns} grown after one that did not) and local state changes. Gauges read
 * only at the sample would miss a queue that filled and drained within the interval; the paused time itself comes
 * from the cumulative counter, so no pause is ever missed, whatever the cadence.
 *
 * <p>Mutable; confined to the observer's thread. {@link #reset} starts the next window and keeps the last reading.
 */
final class NodePolls {
    long polls;
    long recvQueueMax;
    long recvQueueSum;
    long sendQueueMax;
    long sendQueueSum;
    long commitLagMax;
    long commitLagSum;
    long flowControlEpisodes;
    long stateChanges;
    private WsrepReading last;
    private boolean pausing;

    /** @param baseline the node's reading when measuring started, or null when it did not answer */
    NodePolls(WsrepReading baseline) {
        this.last = baseline;
    }

    /**
     * Adds one poll of this node.
     *
     * @param r            the node's reading
     * @param maxCommitted the highest {@code wsrep_last_committed} among the nodes read in the same poll
     */
    void add(WsrepReading r, long maxCommitted) {
        polls++;
        recvQueueMax = Math.max(recvQueueMax, r.recvQueue());
        recvQueueSum += r.recvQueue();
        sendQueueMax = Math.max(sendQueueMax, r.sendQueue());
        sendQueueSum += r.sendQueue();
        long lag = Math.max(0, maxCommitted - r.lastCommitted());
        commitLagMax = Math.max(commitLagMax, lag);
        commitLagSum += lag;
        if (last != null) {
            boolean paused = r.pausedNanos() > last.pausedNanos();
            if (paused && !pausing) {
                flowControlEpisodes++;
            }
            pausing = paused;
            if (!r.localState().equals(last.localState()) || !r.clusterStatus().equals(last.clusterStatus())) {
                stateChanges++;
            }
        }
        last = r;
    }

    /** Starts the next window (the episode in progress, if any, is not counted again). */
    void reset() {
        polls = 0;
        recvQueueMax = recvQueueSum = sendQueueMax = sendQueueSum = commitLagMax = commitLagSum = 0;
        flowControlEpisodes = stateChanges = 0;
    }

    /** @return the mean of {@code sum} over the polls, 0 when none */
    double mean(long sum) {
        return polls == 0 ? 0 : (double) sum / polls;
    }
}
