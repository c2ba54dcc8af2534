package io.clusterbench.cli;

import picocli.CommandLine.Option;

/**
 * Cluster options of a run: routing and read consistency. Picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
final class ClusterOptions {
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
}
