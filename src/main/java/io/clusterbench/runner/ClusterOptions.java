package io.clusterbench.runner;

import picocli.CommandLine.Option;

/**
 * Cluster options of a run: routing and read consistency. Picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
public final class ClusterOptions {
    @Option(names = "--routing", paramLabel = "round-robin|single-writer", defaultValue = "round-robin",
            description = "round-robin: worker k connects to endpoint k mod n; single-writer: workers of a workload "
                    + "that writes all use the first endpoint, read-only workloads are spread. On error 1047 a worker "
                    + "moves to the next endpoint. Default: ${DEFAULT-VALUE}.")
    String routing;

    @Option(names = "--consistency", paramLabel = "LEVEL",
            description = "Read consistency of every session: Galera wsrep_sync_wait bitmask 0-15 (1 = reads wait "
                    + "for the cluster, 7 = reads and writes), or Group Replication EVENTUAL, BEFORE, AFTER, "
                    + "BEFORE_AND_AFTER. Read back on every endpoint at start; the run says when a server ignores it. "
                    + "Default: not set (the server's own default).")
    String consistency;

    @Option(names = "--fault", paramLabel = "SCHEDULE",
            description = "Faults during the measured time, e.g. '10s kill n3; 25s restart n3'. Actions: kill "
                    + "(SIGKILL), pause (SIGSTOP), resume, stop, start, restart (these wait until the node is Synced), "
                    + "and sql:NODE:STATEMENT. Times in s (default unit), ms or m after the measured start; nodes n1.. "
                    + "or 1.. in endpoint order. Default: none.")
    String fault;

    @Option(names = "--fault-cmd", paramLabel = "ACTION=COMMAND",
            description = "Shell command for a fault action on any server (repeatable); {node}, {index}, {host}, "
                    + "{port} are replaced. Default: act on the sandbox.")
    java.util.List<String> faultCommands = new java.util.ArrayList<>();

    @Option(names = "--sandbox", paramLabel = "DIR",
            description = "Sandbox the faults act on and whose relay links the result records (with or without "
                    + "--fault). Default: the registered sandbox (sandbox galera registers it) whose ports are the "
                    + "endpoints'.")
    java.nio.file.Path sandbox;

    @Option(names = "--read-timeout", paramLabel = "SECONDS|auto", defaultValue = "auto",
            description = "Socket read timeout of the workers' connections: a worker whose node stops answering "
                    + "(paused, partitioned) is freed after it, counted as a lost connection and reconnected, moving "
                    + "to the next endpoint when its own refuses. auto = max(10 s, 10 x --report-interval, --time / 4); "
                    + "0 = none. Default: ${DEFAULT-VALUE}.")
    String readTimeout;

    @Option(names = "--give-up-time", paramLabel = "SECONDS|auto", defaultValue = "auto",
            description = "How long every endpoint may stay unreachable (connections lost, reconnects failing) before "
                    + "the run stops with exit 4; 0 = never (the run goes on to --time). auto = "
                    + io.clusterbench.Defaults.GIVE_UP_SECONDS + " s, or never under --ignore-errors all with a "
                    + "--time limit (a server restart is ridden through). Default: ${DEFAULT-VALUE}.")
    String giveUpTime;

    @Option(names = "--verify-commits",
            description = "Workers also append to a ledger table (clusterbench_ledger) with client-generated ids; "
                    + "after the run every acknowledged id must be on every node (exit 3 otherwise). Default: off.")
    boolean verifyCommits;

    /** @return {@code --consistency} as given (one level, or a comma list for sweep), or null */
    public String consistency() {
        return consistency;
    }

    /** Sets the level the plan is built with ({@code sweep} builds one plan per listed level). */
    public void consistency(String level) {
        consistency = level;
    }
}
