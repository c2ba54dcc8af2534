package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;

/**
 * One setting of {@code probe anomalies} (a consistency level × an isolation level × a routing mode) in
 * {@code anomalies.json}: what was set and verified, the history file, and per history workload what its checker found
 * and what the load cost (docs/metrics.md, "Anomaly probe").
 *
 * <p>Immutable.
 *
 * @param index              1-based position in the probe
 * @param name               e.g. {@code wsrep_sync_wait=0 RR all-writers}
 * @param directory          the setting's folder, relative to the probe's ({@code 01-sync0-RR-all-writers}); it holds
 *                           {@code history.jsonl}
 * @param consistency        the level asked ({@code 0}, {@code 7}, {@code BEFORE}), or null for none set
 * @param consistencyApplied the line saying how the level was set and verified on the endpoints
 * @param isolation          {@code RC}, {@code RR} or {@code SER}
 * @param isolationApplied   the line saying how the isolation level was set and verified
 * @param routing            {@code single-writer} or {@code all-writers}
 * @param readsOn            where read-only transactions ran: {@code same}, {@code other} or {@code any}
 * @param lockingReads       true for {@code SELECT … FOR UPDATE}
 * @param status             {@code completed}, or {@code interrupted} when a stop ended the load early
 * @param loadSeconds        wall time of the load, from its start to the last session's end (s)
 * @param historyStartEpochMillis wall-clock time of the history's origin (its header's {@code startEpochMillis}): every
 *                           {@code …Micros} time of the witnesses counts from it
 * @param guarantees         what the setting promises, e.g. {@code [repeatable-read, causal-reads]}
 * @param checks             one per history workload run
 * @param faults             the fault schedule's timeline in this setting, or null without {@code --fault}
 * @param relay              the sandbox relay's links during the setting, or null without a relay
 * @param notes              what limited the setting (a node that did not answer its final read, a session that
 *                           could not connect), one sentence each
 * @param host               the host's CPU during the load; null in results written before it
 * @param nodeStates         each node's time out of Synced during the load (Galera only; empty when every node answered
 *                           Synced, null when states were not sampled)
 * @param validity           the setting's validity verdict ({@link ProbeValidity#setting}, docs/metrics.md,
 *                           "Validity"); null in results written before it
 */
public record AnomalySetting(int index, String name, String directory, String consistency, String consistencyApplied,
                             String isolation, String isolationApplied, String routing, String readsOn,
                             boolean lockingReads, String status, double loadSeconds, long historyStartEpochMillis,
                             List<String> guarantees, List<AnomalyCheck> checks, FaultReport faults, RelayFacts relay,
                             List<String> notes, HostWindow host, List<ProbeNodeSpell> nodeStates,
                             Validity validity) {
    /** Copies the lists. */
    public AnomalySetting {
        guarantees = guarantees == null ? List.of() : List.copyOf(guarantees);
        checks = checks == null ? List.of() : List.copyOf(checks);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** @return the same setting with the fault timeline and relay links of its load */
    public AnomalySetting with(FaultReport newFaults, RelayFacts newRelay) {
        return new AnomalySetting(index, name, directory, consistency, consistencyApplied, isolation, isolationApplied,
                routing, readsOn, lockingReads, status, loadSeconds, historyStartEpochMillis, guarantees, checks, newFaults,
                newRelay, notes, host, nodeStates, validity);
    }

    /** @return the same setting with its validity verdict */
    public AnomalySetting withValidity(Validity v) {
        return new AnomalySetting(index, name, directory, consistency, consistencyApplied, isolation, isolationApplied,
                routing, readsOn, lockingReads, status, loadSeconds, historyStartEpochMillis, guarantees, checks, faults,
                relay, notes, host, nodeStates, v);
    }

    /** @return the forbidden classes found, as {@code workload class (count)}, in check order; empty when none */
    public List<String> violations() {
        List<String> out = new ArrayList<>();
        for (AnomalyCheck c : checks) {
            for (AnomalyCheck.Count n : c.counts()) {
                if (n.forbidden() && n.count() > 0) {
                    out.add(c.workload() + " " + n.anomaly() + " (" + n.count() + ")");
                }
            }
        }
        return out;
    }
}
