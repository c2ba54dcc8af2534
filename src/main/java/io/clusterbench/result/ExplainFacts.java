package io.clusterbench.result;

import java.util.Map;

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
     * Replaces each explain fact in {@code observerFacts} by the same fact normalised per event.
     *
     * @param observerFacts a step's observer facts, modifiable; facts other than the explain ones are left alone
     * @param events        the step's measured events (its summary's {@code events}), &gt;= 0
     */
    public static void perEvent(Map<String, Object> observerFacts, long events) {
        observerFacts.computeIfPresent(ServerResources.KEY,
                (k, v) -> v instanceof ServerResources r ? r.perEvent(events) : v);
        observerFacts.computeIfPresent(WaitProfile.KEY, (k, v) -> v instanceof WaitProfile w ? w.perEvent(events) : v);
        observerFacts.computeIfPresent(CpuProfile.KEY, (k, v) -> v instanceof CpuProfile p ? p.perEvent(events) : v);
        observerFacts.computeIfPresent(HardwareCounters.KEY,
                (k, v) -> v instanceof HardwareCounters h ? h.perEvent(events) : v);
    }

    /** @return true when the run has any explain fact */
    public static boolean any(RunRecord run) {
        Map<String, Object> f = run.observerFacts();
        return f != null && (f.containsKey(ServerResources.KEY) || f.containsKey(WaitProfile.KEY)
                || f.containsKey(CpuProfile.KEY) || f.containsKey(HardwareCounters.KEY));
    }
}
