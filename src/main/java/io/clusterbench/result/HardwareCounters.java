package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * Each server's processor counters over one step's measured phase, from {@code perf stat} (issue 33, "hardware
 * counters"): the {@code observerFacts.hardwareCounters} object of a run in {@code result.json} (docs/explain.md,
 * docs/metrics.md "Explain"). A host that does not expose the counters (most virtual machines) gives a node with
 * {@code supported = false} and its reason, never zeros. Its key is {@link FactKeys}; written by {@code explain.HardwareCounterObserver}, read by
 * the report. Immutable.
 *
 * @param nodes per endpoint of the target, in endpoint order
 */
public record HardwareCounters(List<Node> nodes) {
    /** The reason given when perf reports every counter as {@code <not supported>}. */
    public static final String NOT_SUPPORTED = "not supported by this host";

    public HardwareCounters {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /** @return these facts with every node's per-event figures for {@code events} events (&gt;= 0) */
    public HardwareCounters perEvent(long events) {
        return new HardwareCounters(nodes.stream().map(n -> n.perEvent(events)).toList());
    }

    /**
     * One server process.
     *
     * @param node           the node's name as the run names it
     * @param endpoint       its endpoint label
     * @param supported      true when the counts below were read
     * @param absentReason   why there are none: {@link #NOT_SUPPORTED}, not on this host, perf missing; null when
     *                       supported
     * @param countedSeconds how long perf counted, s (it attaches shortly after the measured start)
     * @param counts         the raw counts; null when not supported
     * @param events         the step's events; 0 until normalised
     * @param derived        per-event and per-instruction figures; null until normalised or when not supported
     */
    public record Node(String node, String endpoint, boolean supported,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String absentReason, double countedSeconds,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Counts counts, long events,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Derived derived) {

        /** @return a node without counts, saying why */
        public static Node absent(String node, String endpoint, String reason) {
            return new Node(node, endpoint, false, reason, 0, null, 0, null);
        }

        Node perEvent(long events) {
            return new Node(node, endpoint, supported, absentReason, countedSeconds, counts, events,
                    counts == null || events <= 0 ? null : Derived.of(counts, events));
        }
    }

    /**
     * Counts as perf read them; a counter perf could not read is null (the others still stand).
     *
     * @param cycles            {@code cycles}
     * @param instructions      {@code instructions}
     * @param l1iCacheMisses    {@code L1-icache-load-misses}
     * @param itlbMisses        {@code iTLB-load-misses}
     * @param branchMisses      {@code branch-misses}
     */
    public record Counts(@JsonInclude(JsonInclude.Include.NON_NULL) Long cycles,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long instructions,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long l1iCacheMisses,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long itlbMisses,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long branchMisses) {
    }

    /**
     * Figures derived from the counts; each null when a count it needs is missing.
     *
     * @param cyclesPerEvent          cycles per event
     * @param instructionsPerEvent    instructions per event
     * @param ipc                     instructions per cycle
     * @param l1iMissesPerKiloInstr   L1 instruction-cache misses per 1000 instructions
     * @param itlbMissesPerKiloInstr  instruction-TLB misses per 1000 instructions
     * @param branchMissesPerKiloInstr branch misses per 1000 instructions
     */
    public record Derived(Double cyclesPerEvent, Double instructionsPerEvent, Double ipc, Double l1iMissesPerKiloInstr,
                          Double itlbMissesPerKiloInstr, Double branchMissesPerKiloInstr) {
        static Derived of(Counts c, long events) {
            Long ins = c.instructions();
            return new Derived(div(c.cycles(), events), div(ins, events), div(ins, c.cycles()),
                    perKilo(c.l1iCacheMisses(), ins), perKilo(c.itlbMisses(), ins), perKilo(c.branchMisses(), ins));
        }

        private static Double div(Long a, Number b) {
            return a == null || b == null || b.doubleValue() <= 0 ? null : a / b.doubleValue();
        }

        private static Double perKilo(Long misses, Long instructions) {
            Double d = div(misses, instructions);
            return d == null ? null : 1000 * d;
        }
    }
}
