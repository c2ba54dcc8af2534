package io.clusterbench.runner;

import io.clusterbench.db.TargetSpec;
import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.explain.ExplainPreflight;
import io.clusterbench.explain.ExplainSpec;
import io.clusterbench.result.Finding;
import io.clusterbench.inspect.InspectPlan;
import io.clusterbench.inspect.Inspection;
import io.clusterbench.result.FindingLevel;
import io.clusterbench.workload.Workload;

import java.sql.SQLException;
import java.util.List;

/**
 * The pre-flight look at a target (issue 17): {@code inspect} runs it on its own, {@code run} and
 * {@code sweep} run it before the first step and print its warnings.
 *
 * <p>Thread-safe (stateless).
 */
public final class Preflight {
    private Preflight() {
    }

    /**
     * Resolves the target (starting the embedded server when none is given), inspects it and stops the
     * embedded server again.
     *
     * @param maxThreads the largest planned thread count, &gt;= 1
     * @param routing    how the run will spread its workers ({@code --routing}), for the failover headroom
     * @throws UserException for an unreachable target or a failed query
     */
    public static Inspection inspect(TargetSpec spec, Workload w, int maxThreads, io.clusterbench.db.Routing routing,
                                     Console console) {
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            return inspect(resolved.target().withRouting(routing), w, maxThreads);
        }
    }

    /**
     * Inspects an open target against the workload's plan.
     *
     * @throws UserException for a failed query
     */
    public static Inspection inspect(Target target, Workload w, int maxThreads) {
        InspectPlan plan = new InspectPlan(w.name(), w.tables(), target.database(), maxThreads, w.plannedRows(),
                InspectPlan.SBTEST_ROW_BYTES, target.routing(), w.eventsWrite(),
                target.serverPrepared() ? w.preparedStatementsPerSession() : 0);
        try {
            return Inspection.of(target, plan);
        } catch (SQLException e) {
            throw new UserException("inspect failed: " + e.getErrorCode() + ": " + e.getMessage(),
                    "check the account's privileges (it reads SHOW GLOBAL STATUS and information_schema)", e);
        }
    }

    /**
     * The checks {@code run} and {@code sweep} make before the first step: inspects, adds what the explain
     * collectors will lack ({@code explain-*}, docs/inspect.md), prints the warnings and errors (as warnings: the run
     * goes on) and returns them for result.json. A check that cannot be made
     * (e.g. no privilege to read status) is one line and no findings; it never stops the run.
     */
    static List<Finding> beforeRun(Target target, Workload w, int maxThreads, ExplainSpec explain, Console console) {
        try {
            Inspection found = inspect(target, w, maxThreads);
            List<Finding> all = new java.util.ArrayList<>(found.findings());
            all.addAll(ExplainPreflight.findings(target, explain)); // what the explain block will lack, and why
            all.sort(java.util.Comparator.comparing(Finding::level));
            return warn(new Inspection(all, found.snapshots()), console);
        } catch (UserException e) {
            console.line("Pre-flight checks skipped: " + e.getMessage());
            return List.of();
        }
    }

    /**
     * Prints what {@code inspect} found: one line per endpoint read, one per finding, and a count (or that there
     * is nothing).
     *
     * @param workload   the workload's name
     * @param maxThreads the largest planned thread count
     */
    public static void print(Inspection result, String workload, int maxThreads, Console console) {
        for (var s : result.snapshots()) {
            console.line("Inspected " + s.endpoint() + ": " + s.version() + (s.galera() ? ", Galera node" : "")
                    + (s.groupReplication() ? ", Group Replication member" : "") + ", " + s.tables().size()
                    + " table(s) in the workload's database");
        }
        for (Finding f : result.findings()) {
            console.line(f.line());
        }
        long errors = result.findings().stream().filter(f -> f.level() == FindingLevel.ERROR).count();
        console.line(result.findings().isEmpty() ? "No findings: nothing found that would distort " + workload
                + " at " + maxThreads + " threads." : result.findings().size() + " finding(s), " + errors + " error(s).");
    }

    /**
     * Prints the findings at warning level or above as a block before a run; nothing when there are none.
     *
     * @return the findings printed
     */
    public static List<Finding> warn(Inspection inspection, Console console) {
        List<Finding> shown = inspection.atLeast(FindingLevel.WARNING);
        for (Finding f : shown) {
            console.line(f.line());
        }
        if (!shown.isEmpty()) {
            console.line("(" + shown.size() + " pre-flight finding(s); 'clusterbench inspect' explains them, "
                    + "--no-inspect skips the check)");
        }
        return shown;
    }
}
