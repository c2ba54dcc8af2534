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
 * @param observerFacts    what the observers and checks found about the whole run (topology, faults, ...), each under
 *                         its {@link FactKey} ({@link FactKeys}); never null
 * @param endpoints        per endpoint of the target: events, tps, latency, errors, hit rate; empty while running
 */
public record RunRecord(String workload, int threads, int repeat, PlanRecord plan, String status,
                        String fatalError, Map<String, Object> workloadFacts, List<IntervalRecord> intervals,
                        Summary summary, List<ClassRecord> statementClasses,
                        Facts observerFacts, List<EndpointRecord> endpoints) {

    public RunRecord {
        observerFacts = observerFacts == null ? Facts.NONE : observerFacts;
    }

    /** @return the run's fact under {@code key}, or null when it has none ({@code observerFacts().get(key)}) */
    public <T> T fact(FactKey<T> key) {
        return observerFacts.get(key);
    }

    /** @return this run with {@code facts} as its whole-run facts */
    public RunRecord withFacts(Facts facts) {
        return new RunRecord(workload, threads, repeat, plan, status, fatalError, workloadFacts, intervals, summary,
                statementClasses, facts, endpoints);
    }

    /** A run record without per-endpoint results (while running, or when none were kept). */
    public RunRecord(String workload, int threads, int repeat, PlanRecord plan, String status,
                     String fatalError, Map<String, Object> workloadFacts, List<IntervalRecord> intervals,
                     Summary summary, List<ClassRecord> statementClasses, Facts observerFacts) {
        this(workload, threads, repeat, plan, status, fatalError, workloadFacts, intervals, summary, statementClasses,
                observerFacts, List.of());
    }
}
