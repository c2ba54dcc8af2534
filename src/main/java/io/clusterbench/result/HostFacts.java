package io.clusterbench.result;

/**
 * The host a run's client ran on ({@code observerFacts.host}; docs/metrics.md, "Observed server and host").
 * Immutable.
 *
 * @param processors       processors this host has
 * @param serverPid        the server's process id when it runs on this host, else -1
 * @param serverOnThisHost true when the server's process was found on this host (its CPU and I/O are observed)
 */
public record HostFacts(int processors, long serverPid, boolean serverOnThisHost) {
}
