package io.clusterbench.result;

/**
 * The explain facts of a step ({@link ServerResources}, {@link WaitProfile}, {@link CpuProfile},
 * {@link HardwareCounters}; docs/explain.md) as one group: their observers write raw deltas, and the step divides
 * them by its events once its summary exists.
 *
 * <p>Thread-safe (stateless).
 */
public final class ExplainFacts {
    private ExplainFacts() {
    }

    /**
     * @param facts  a step's facts
     * @param events the step's measured events (its summary's {@code events}), &gt;= 0
     * @return {@code facts} with each explain fact normalised per event; the other facts unchanged
     */
    public static Facts perEvent(Facts facts, long events) {
        ServerResources r = facts.get(FactKeys.SERVER_RESOURCES);
        WaitProfile w = facts.get(FactKeys.WAIT_PROFILE);
        CpuProfile p = facts.get(FactKeys.CPU_PROFILE);
        HardwareCounters h = facts.get(FactKeys.HARDWARE_COUNTERS);
        Facts out = facts;
        if (r != null) {
            out = out.with(FactKeys.SERVER_RESOURCES, r.perEvent(events));
        }
        if (w != null) {
            out = out.with(FactKeys.WAIT_PROFILE, w.perEvent(events));
        }
        if (p != null) {
            out = out.with(FactKeys.CPU_PROFILE, p.perEvent(events));
        }
        if (h != null) {
            out = out.with(FactKeys.HARDWARE_COUNTERS, h.perEvent(events));
        }
        return out;
    }

    /** @return true when the run has any explain fact */
    public static boolean any(RunRecord run) {
        Facts f = run.observerFacts();
        return f.has(FactKeys.SERVER_RESOURCES) || f.has(FactKeys.WAIT_PROFILE) || f.has(FactKeys.CPU_PROFILE)
                || f.has(FactKeys.HARDWARE_COUNTERS);
    }
}
