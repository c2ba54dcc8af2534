package io.clusterbench.sandbox;

import java.util.List;
import java.util.Locale;

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

    /** @return the {@code sandbox status} table: a header line and one line per node, no trailing newline */
    public static String table(List<NodeStatus> nodes) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-4s %-16s %-8s %-8s %-10s %-12s %5s %14s  %s",
                "node", "endpoint", "pid", "process", "state", "cluster", "size", "last committed", "last state transfer"));
        for (NodeStatus n : nodes) {
            b.append(String.format(Locale.ROOT, "%n%-4s %-16s %-8s %-8s %-10s %-12s %5s %14s  %s", n.name(), n.endpoint(),
                    n.pid() == 0 ? "-" : Long.toString(n.pid()), n.process(), n.localState(), n.clusterStatus(),
                    n.clusterSize() < 0 ? "-" : Integer.toString(n.clusterSize()),
                    n.lastCommitted() < 0 ? "-" : Long.toString(n.lastCommitted()), n.lastTransfer()));
        }
        return b.toString();
    }
}
