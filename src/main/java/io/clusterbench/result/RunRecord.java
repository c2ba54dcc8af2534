package io.clusterbench.result;

import java.util.List;
import java.util.Map;

/**
 * One run (one workload, one thread count, one repeat) inside a result. Immutable once finished; while
 * the run goes, {@code summary} is null and {@code status} is {@code running}.
 *
 * @param workload         workload name
 * @param threads          worker threads
 * @param repeat           1-based repeat number (1 for a single run)
 * @param plan             every option the run used, resolved (seed included)
 * @param status           {@code running}, {@code completed}, {@code interrupted}, {@code fatal_error},
 *                         {@code output_failed}
 * @param fatalError       the error that stopped the run, or null
 * @param workloadFacts    what the workload found at start (rows per table, gap-free ids)
 * @param intervals        finished intervals, in order
 * @param summary          totals over the measured time, or null while running
 * @param statementClasses per statement class, or empty while running
 * @param observerFacts    what each observer found about the whole run (e.g. cluster topology), by name
 * @param endpoints        per endpoint of the target: events, tps, latency, errors, hit rate; empty while running
 */
public record RunRecord(String workload, int threads, int repeat, PlanRecord plan, String status,
                        String fatalError, Map<String, Object> workloadFacts, List<IntervalRecord> intervals,
                        Summary summary, List<ClassRecord> statementClasses,
                        Map<String, Object> observerFacts, List<EndpointRecord> endpoints) {

    /**
     * Reads one observer's whole-run facts as their result record: the record itself while the run is in
     * memory, or converted from the map that {@code result.json} was read into.
     *
     * @param name the observer's name, e.g. {@link TpccFacts#KEY}
     * @param type the record type those facts are written as
     * @return the facts, or null when the run has none under {@code name}
     * @throws IllegalArgumentException when the stored facts do not fit {@code type}
     */
    public <T> T fact(String name, Class<T> type) {
        Object raw = observerFacts == null ? null : observerFacts.get(name);
        if (raw == null || type.isInstance(raw)) {
            return type.cast(raw);
        }
        return ResultJson.convert(raw, type);
    }

    /** A run record without per-endpoint results (while running, or when none were kept). */
    public RunRecord(String workload, int threads, int repeat, PlanRecord plan, String status,
                     String fatalError, Map<String, Object> workloadFacts, List<IntervalRecord> intervals,
                     Summary summary, List<ClassRecord> statementClasses, Map<String, Object> observerFacts) {
        this(workload, threads, repeat, plan, status, fatalError, workloadFacts, intervals, summary, statementClasses,
                observerFacts, List.of());
    }
}
