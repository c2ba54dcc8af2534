package io.clusterbench.result;

import java.util.List;

/**
 * Everything a run with {@code --fault} (or a quorum watch) records: the schedule, each fault as it
 * happened, recovery figures per disruptive fault and quorum losses. Kept in {@code result.json} under
 * {@code runs[].observerFacts.faults}. Immutable.
 *
 * @param schedule   the schedule as given, normalised
 * @param events     faults in the order they happened
 * @param recovery   one per disruptive fault, empty while the run goes
 * @param quorumLoss periods without a Primary component
 */
public record FaultReport(String schedule, List<FaultEvent> events, List<RecoveryRecord> recovery,
                          List<QuorumLoss> quorumLoss) {
    /** @return the same report with recovery figures computed from {@code intervals} */
    public FaultReport withRecovery(List<IntervalRecord> intervals, double runEndSeconds) {
        return new FaultReport(schedule, events, Recovery.compute(events, intervals, runEndSeconds), quorumLoss);
    }
}
