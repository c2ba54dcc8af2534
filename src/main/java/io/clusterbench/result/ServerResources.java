package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What each server process used over one step's measured phase, from its {@code /proc} (issue 33, "resources per
 * transaction"): the {@code observerFacts.serverResources} object of a run in {@code result.json} (docs/explain.md,
 * docs/metrics.md "Explain"). Its key is {@link FactKeys}; written by {@code explain.ResourceObserver}, normalised per event once the step's
 * summary exists ({@link #perEvent}), read by the report. Immutable.
 *
 * @param nodes per endpoint of the target, in endpoint order
 */
public record ServerResources(List<Node> nodes) {

    public ServerResources {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /**
     * @param events the step's measured events (its summary's), &gt;= 0
     * @return these facts with every node's per-event figures filled in (none when {@code events} is 0)
     */
    public ServerResources perEvent(long events) {
        return new ServerResources(nodes.stream().map(n -> n.perEvent(events)).toList());
    }

    /**
     * One server process.
     *
     * @param node         the node's name as the run names it ({@code n1}, or the cluster member's name)
     * @param endpoint     its endpoint label, e.g. {@code 127.0.0.1:3306}
     * @param source       where the figures come from: {@code proc} (this host's /proc), {@code command}
     *                     ({@code --server-proc-cmd}), or {@code none}
     * @param absentReason why there are no figures (e.g. "server not on this host"); null when there are
     * @param pid          the process id read, or null when unknown (a command's reading, or absent)
     * @param deltas       what the process used between the start and end readings; null when absent
     * @param events       the step's events the per-event figures divide by; 0 until normalised
     * @param perEvent     {@code deltas} divided by {@code events}; null until normalised, when absent or without events
     */
    public record Node(String node, String endpoint, String source,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String absentReason,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long pid,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Deltas deltas, long events,
                       @JsonInclude(JsonInclude.Include.NON_NULL) PerEvent perEvent) {

        /** @return a node without figures, saying why */
        public static Node absent(String node, String endpoint, String reason) {
            return new Node(node, endpoint, "none", reason, null, null, 0, null);
        }

        /** @return this node with per-event figures for {@code events} events */
        public Node perEvent(long events) {
            PerEvent p = deltas == null || events <= 0 ? null : PerEvent.of(deltas, events);
            return new Node(node, endpoint, source, absentReason, pid, deltas, events, p);
        }
    }

    /**
     * Raw differences between two readings of the process (all threads): the traceable form of the per-event
     * figures.
     *
     * @param windowSeconds              time between the two readings, s (the measured phase, within the
     *                                   readings' own lag)
     * @param cpuUserMicros              user CPU time, µs ({@code utime}, /proc/PID/stat; 10 ms resolution)
     * @param cpuSystemMicros            system CPU time, µs ({@code stime})
     * @param voluntaryContextSwitches   switches away because the thread waited (sum of
     *                                   {@code voluntary_ctxt_switches} over /proc/PID/task/*&#47;status)
     * @param involuntaryContextSwitches switches because the scheduler took the processor away
     *                                   ({@code nonvoluntary_ctxt_switches})
     * @param readBytes                  bytes the process caused to be read from storage ({@code read_bytes},
     *                                   /proc/PID/io); null when /proc/PID/io was not readable
     * @param writeBytes                 bytes it caused to be written to storage ({@code write_bytes}); null as above
     * @param readMicros                 what taking the two readings cost this tool, µs
     */
    public record Deltas(double windowSeconds, long cpuUserMicros, long cpuSystemMicros, long voluntaryContextSwitches,
                         long involuntaryContextSwitches, @JsonInclude(JsonInclude.Include.NON_NULL) Long readBytes,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long writeBytes, long readMicros) {
        /** @return user + system CPU, µs */
        public long cpuMicros() {
            return cpuUserMicros + cpuSystemMicros;
        }
    }

    /**
     * The deltas per event of the step (per transaction, for the OLTP workloads).
     *
     * @param cpuMicros                  server CPU µs per event (user + system)
     * @param cpuUserMicros              user CPU µs per event
     * @param cpuSystemMicros            system CPU µs per event
     * @param voluntaryContextSwitches   voluntary context switches per event
     * @param involuntaryContextSwitches involuntary context switches per event
     * @param readBytes                  storage bytes read per event; null when not readable
     * @param writeBytes                 storage bytes written per event; null when not readable
     */
    public record PerEvent(double cpuMicros, double cpuUserMicros, double cpuSystemMicros,
                           double voluntaryContextSwitches, double involuntaryContextSwitches,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double readBytes,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double writeBytes) {
        static PerEvent of(Deltas d, long events) {
            double e = events;
            return new PerEvent(d.cpuMicros() / e, d.cpuUserMicros() / e, d.cpuSystemMicros() / e,
                    d.voluntaryContextSwitches() / e, d.involuntaryContextSwitches() / e,
                    d.readBytes() == null ? null : d.readBytes() / e, d.writeBytes() == null ? null : d.writeBytes() / e);
        }
    }
}
