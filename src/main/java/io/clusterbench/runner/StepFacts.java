package io.clusterbench.runner;

import io.clusterbench.fault.Commits;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.fault.Ledger;
import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.result.FactKey;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.FaultReport;
import io.clusterbench.result.TpccFacts;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.PreparedStatementsRecord;
import io.clusterbench.result.RunAnomalies;
import io.clusterbench.workload.Workload;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The facts a step adds once its engine has ended, to what the observers found: the prepared-statement mode as the
 * server's counters show it, the fault timeline's recovery figures, the lost-commit check, the table checksums, what
 * the history workloads beside the run showed ({@code --anomalies}) and the errors by statement class and transaction
 * type.
 *
 * <p>Stateless; confined to the command's thread.
 */
final class StepFacts {
    private StepFacts() {
    }

    /**
     * @param observed    the observers' facts (and the run's cluster facts before them)
     * @param ps          the prepared-statement mode
     * @param outcome     how the engine ended
     * @param intervals   the step's intervals (the recovery figures are read from them)
     * @param ledger      the lost-commit ledger, or null without {@code --verify-commits}
     * @param errorDetail the measured errors by code and place ({@code Engine#measuredErrorDetail})
     * @param classes     the workload's statement classes
     * @param history     the history workloads beside the run, or null without {@code --anomalies}
     * @return every fact of the step but the conflicts (which need the finished record)
     */
    static Facts of(RunContext ctx, Facts observed, PreparedStatementsRecord ps, RunOutcome outcome,
                    List<IntervalRecord> intervals, Ledger ledger, Path dir, Map<String, Long> errorDetail,
                    List<String> classes, SideHistoryObserver history) {
        Facts facts = observed.with(FactKeys.PREPARED_STATEMENTS, ps);
        RunAnomalies anomalies = history == null ? null : history.result(); // its share of the load: with the summary
        if (anomalies != null) {
            facts = facts.with(FactKeys.ANOMALIES, anomalies);
        }
        TpccFacts tpcc = facts.get(FactKeys.TPCC);
        if (tpcc != null && outcome.measuredSeconds() > 0) {
            facts = facts.with(FactKeys.TPCC, tpcc.overMeasured(outcome.measuredSeconds()));
        }
        FaultReport faults = facts.get(FactKeys.FAULTS);
        if (faults != null) {
            faults = faults.withRecovery(intervals, outcome.measuredSeconds());
            facts = facts.with(FactKeys.FAULTS, faults);
        }
        if (ledger != null) {
            facts = facts.with(FactKeys.LEDGER, Commits.verify(ledger, ctx.target(), dir));
        }
        RunPlan settings = ctx.settings;
        if (Commits.checksumsWanted(settings.cluster().faults(), ctx.target())) {
            Workload workload = settings.workload().workload();
            List<Workload> workloads = new java.util.ArrayList<>(List.of(workload));
            if (settings.cluster().background() != null) {
                workloads.add(settings.cluster().background().workload());
            }
            settings.cluster().scenarios().forEach(sc -> workloads.add(sc.workload()));
            boolean quorumLost = faults != null && faults.quorumLoss().stream().anyMatch(q -> !q.ended());
            facts = facts.with(FactKeys.CHECKSUMS, Commits.checksums(ctx.target(), workloads, quorumLost));
        }
        facts = withIfAny(facts, FactKeys.ERRORS_BY_STATEMENT_CLASS, ErrorCounts.places(errorDetail, classes, false));
        return withIfAny(facts, FactKeys.ERRORS_BY_TRANSACTION_TYPE, ErrorCounts.places(errorDetail, classes, true));
    }

    private static Facts withIfAny(Facts facts, FactKey<Map<String, Map<String, Long>>> key,
                                   Map<String, Map<String, Long>> value) {
        return value.isEmpty() ? facts : facts.with(key, value);
    }
}
