package io.clusterbench.sandbox;

/**
 * One node as {@code sandbox status} sees it: the process, and what the node says about itself when it
 * answers.
 *
 * <p>Immutable.
 *
 * @param name         {@code n1}, …
 * @param endpoint     {@code 127.0.0.1:<sql port>}
 * @param pid          process id, 0 when none
 * @param process      {@code running}, {@code paused} (SIGSTOP) or {@code down}
 * @param localState   {@code wsrep_local_state_comment} (e.g. {@code Synced}), or "-" when not answering
 * @param clusterStatus {@code wsrep_cluster_status} ({@code Primary}, {@code non-Primary}), or "-"
 * @param clusterSize  {@code wsrep_cluster_size}, or -1 when not answering
 * @param lastCommitted {@code wsrep_last_committed}, or -1 when not answering
 * @param lastTransfer  the last state transfer its error log shows, e.g. {@code SST rsync from n1, 9 s at
 *                      2026-11-30 15:58:10}, or "-" when none
 */
public record NodeStatus(String name, String endpoint, long pid, String process, String localState,
                         String clusterStatus, int clusterSize, long lastCommitted, String lastTransfer) {
    /** @return true when the node runs, answers and is Synced in a Primary component */
    public boolean synced() {
        return "Synced".equals(localState) && "Primary".equals(clusterStatus);
    }
}
