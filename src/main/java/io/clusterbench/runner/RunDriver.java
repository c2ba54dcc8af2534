package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.VendorCodes;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.report.ForkFormat;
import io.clusterbench.result.RunRecord;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The core of {@code run}: one step at {@code --threads}, with interval lines and the final report.
 *
 * <p>Confined to the command's thread.
 */
public final class RunDriver {
    private RunDriver() {
    }

    /**
     * @param settings the plan (one thread count)
     * @param env      where lines go, and the command's lifecycle
     * @return how the run ended
     * @throws UserException for an unusable target, missing tables or unwritable results
     */
    public static RunStatus run(RunPlan settings, Console env) {
        env.lifecycle().nothingMeasuredSentence(StepRecords.NOTHING_MEASURED);
        try (RunContext ctx = RunContext.open(settings, env, settings.load().threads())) {
            Path dir = settings.output().dir();
            Path json = dir.resolve("result.json");
            env.line(settings.describe(ctx.target()) + " — server " + ctx.server.version());
            StepRunner.announce(ctx, dir, settings.load().threads());
            env.line("Results go to " + dir);
            StepRunner.Step step = StepRunner.run(ctx, new StepRunner.StepSpec(settings.load().threads(), 1, 0, dir,
                    true, true), record -> ResultDirs.writeJson(json, ctx.document(List.of(record))));
            if (step.refused() != null) {
                UserException why = refusal(ctx, step.refused());
                ResultDirs.writeJson(json, ctx.document(List.of(step.records().refused(why.getMessage()))));
                throw why;
            }
            env.lifecycle().enter(Lifecycle.Phase.REPORT);
            printSummary(settings, step.record(), env);
            StepVerdict verdict = step.verdict(json);
            for (List<String> block : verdict.blocks()) {
                block.forEach(env::line);
                env.line("");
            }
            env.line("Results: " + json + ", intervals.csv, latency.hlog");
            if (verdict.error() != null) {
                env.error(verdict.error());
            }
            return verdict.status();
        }
    }

    /**
     * Prints the end of a run's console text in the plan's formats: sysbench's ASCII histogram when asked
     * ({@code --histogram}), then the human report or the fork's {@code TEST SUMMARY:} lines.
     */
    private static void printSummary(RunPlan settings, RunRecord finished, Console env) {
        ConsoleFormat style = settings.reporting().console();
        if (style.histogram()) {
            env.print(ForkFormat.histogram(finished.summary()));
        }
        if (style.summary() == ConsoleFormat.Style.HUMAN) { // right after the last interval line, as sysbench prints it
            env.print(ConsoleReport.summary(finished));
        } else {
            env.print(ForkFormat.summaryCsv(finished.summary(), finished.threads(), settings.reporting().percentile()));
        }
        env.line("");
    }

    /** @return the user-facing reason sessions could not be opened, naming the endpoint that refused */
    private static UserException refusal(RunContext ctx, DbFailure refused) {
        if (refused.vendorCode() == VendorCodes.TOO_MANY_CONNECTIONS) {
            return new UserException("the server refused connections at " + ctx.settings.load().threads()
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
}
