package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.report.ForkFormat;
import io.clusterbench.report.StatsFormat;
import io.clusterbench.report.FaultText;
import io.clusterbench.result.ChecksumRecord;
import io.clusterbench.result.FaultReport;
import io.clusterbench.result.LedgerRecord;
import io.clusterbench.result.RunRecord;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.VendorCodes;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

import java.nio.file.Path;
import java.util.List;

/**
 * The core of {@code run}: one step at {@code --threads}, with interval lines and the final report.
 *
 * <p>Confined to the command's thread, apart from the stop hook it registers.
 */
public final class RunDriver {
    private RunDriver() {
    }

    /**
     * @param settings the plan (one thread count)
     * @param env      where lines go, and Ctrl-C
     * @return how the run ended
     * @throws UserException for an unusable target, missing tables or unwritable results
     */
    public static RunStatus run(RunPlan settings, Console env) {
        io.clusterbench.lifecycle.Lifecycle stop = env.lifecycle();
        stop.nothingMeasuredSentence(StepRunner.NOTHING_MEASURED);
        try (RunContext ctx = RunContext.open(settings, env, settings.threads())) {
            Path dir = settings.outDir();
            Path json = dir.resolve("result.json");
            env.line(settings.describe(ctx.target()) + " — server " + ctx.server.version());
            StepRunner.nothingMeasuredAhead(ctx, stop, dir, settings.threads());
            env.line("Results go to " + dir);
            StepRunner.Step step = StepRunner.run(ctx, settings.threads(), 1, dir, stop, true,
                    record -> ResultDirs.writeJson(json, ctx.document(List.of(record))));
            if (step.refused() != null) {
                UserException why = refusal(ctx, step.refused());
                int threads = settings.threads();
                ResultDirs.writeJson(json, ctx.document(List.of(new RunRecord(settings.workload().name(), threads, 1,
                        settings.planRecord(settings.engine(ctx.target(), threads)), "connection_refused",
                        why.getMessage(), Map.of(), List.of(), null, List.of(), null))));
                throw why;
            }
            RunRecord finished = step.record();
            printSummary(settings, finished, env);
            FaultReport faults = finished.fact(io.clusterbench.result.FactKeys.FAULTS);
            if (faults != null) {
                FaultText.lines(faults).forEach(env::line);
                env.line("");
            }
            boolean ledgerFailed = false;
            boolean checksumsFailed = false;
            LedgerRecord ledger = finished.fact(io.clusterbench.result.FactKeys.LEDGER);
            if (ledger != null) {
                FaultText.ledgerLines(ledger).forEach(env::line);
                env.line("");
                ledgerFailed = !ledger.passed();
            }
            ChecksumRecord sums = finished.fact(io.clusterbench.result.FactKeys.CHECKSUMS);
            if (sums != null) {
                FaultText.checksumLines(sums).forEach(env::line);
                env.line("");
                checksumsFailed = !sums.passed();
            }
            env.line("Results: " + json + ", intervals.csv, latency.hlog");
            RunStatus status = status(step, dir, env);
            if (status == RunStatus.COMPLETED && ledgerFailed) {
                env.error("check failed: acknowledged commits are missing (or failed ones present); see " + json);
                return RunStatus.CHECK_FAILED;
            }
            if (status == RunStatus.COMPLETED && checksumsFailed) {
                env.error("check failed: a table differs between nodes; see " + json);
                return RunStatus.CHECK_FAILED;
            }
            return status;
        }
    }

    /**
     * Prints the end of a run's console text in the plan's formats: sysbench's ASCII histogram when asked
     * ({@code --histogram}), then the human report or the fork's {@code TEST SUMMARY:} lines.
     */
    private static void printSummary(RunPlan settings, RunRecord finished, Console env) {
        StatsFormat.Console style = settings.console();
        if (style.histogram()) {
            env.print(ForkFormat.histogram(finished.summary()));
        }
        if (style.summary() == StatsFormat.HUMAN) {
            env.line("");
            env.print(ConsoleReport.summary(finished));
        } else {
            env.print(ForkFormat.summaryCsv(finished.summary(), finished.threads(), settings.percentile()));
        }
        env.line("");
    }

    /** @return the user-facing reason sessions could not be opened, naming the endpoint that refused */
    private static UserException refusal(RunContext ctx, DbFailure refused) {
        if (refused.vendorCode() == VendorCodes.TOO_MANY_CONNECTIONS) {
            return new UserException("the server refused connections at " + ctx.settings.threads()
                    + " threads: too many connections (1040, max_connections=" + ctx.maxConnections() + ")",
                    "raise max_connections or lower --threads");
        }
        for (Endpoint e : ctx.target().endpoints()) {
            try (Connection c = ctx.target().openChecked(e, true)) {
                // reachable
            } catch (UserException failing) {
                return failing;
            } catch (SQLException ignored) {
                // closing failed: it was reachable
            }
        }
        return ctx.target().explain(ctx.target().endpointFor(0), refused);
    }

    /** @return how a step ended; prints the reason of an early end on stderr */
    static RunStatus status(StepRunner.Step step, Path dir, Console env) {
        return switch (step.outcome().reason()) {
            case COMPLETED -> RunStatus.COMPLETED;
            case INTERRUPTED -> {
                env.error("interrupted: finished intervals are saved in " + dir);
                yield RunStatus.INTERRUPTED;
            }
            case FATAL_ERROR -> {
                String line = step.outcome().fatalError();
                if (line.startsWith(io.clusterbench.engine.Engine.UNREACHABLE)) { // no SQL error: the target is gone
                    env.error("error: the run stopped: " + line + " — check that the server is running and "
                            + "reachable; finished intervals are saved in " + dir);
                    yield RunStatus.ABORTED;
                }
                env.error("error: the run stopped on " + line + " — "
                        + io.clusterbench.db.Remedies.hint(io.clusterbench.db.Remedies.codeOf(line),
                        io.clusterbench.db.Remedies.endpointOf(line)));
                yield RunStatus.ABORTED;
            }
            case OUTPUT_FAILED -> throw new UserException(step.outcome().fatalError(),
                    "free disk space or choose another --out");
        };
    }
}
