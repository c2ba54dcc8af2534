package io.clusterbench.result;

/**
 * The host's CPU over one window of a result (a run's measured intervals, a probe level, an anomaly setting's load):
 * what the validity rules judge a host by (docs/metrics.md, "Validity"). Immutable.
 *
 * @param processors             processors of the client's host
 * @param hostCpuPercent         the host's busy share over the window, 0-100 % of all processors, or null when unread
 * @param clientCpuPercentOfHost the client's CPU seconds ÷ (window seconds × processors) × 100, or null when unread
 * @param serverCpuPercent       the CPU of the server processes found on this host, % of all processors, or null when
 *                               none is on it (or it could not be read)
 * @param serverOnThisHost       true when a server process of the target was found on the client's host
 */
public record HostWindow(int processors, Double hostCpuPercent, Double clientCpuPercentOfHost,
                         Double serverCpuPercent, boolean serverOnThisHost) {
}
