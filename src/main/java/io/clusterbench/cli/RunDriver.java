package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.target.DbFailure;
import io.clusterbench.target.Endpoint;
import io.clusterbench.target.VendorCodes;

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
final class RunDriver {
    private RunDriver() {
    }

    /**
     * @param settings resolved run settings
     * @return the exit code
     * @throws UserException for an unusable target or missing tables
     */
    static ExitCode run(RunSettings settings, CliEnv env) {
        StopSignal stop = new StopSignal();
        try (CliEnv.Hooks.Registration hook = env.hooks().onStop(stop::fire);
             RunContext ctx = RunContext.open(settings, env, settings.run().threads())) {
            Path dir = settings.outDir();
            Path json = dir.resolve("result.json");
            env.out().println(settings.describe(ctx.target()) + " — server " + ctx.server.version());
            env.out().println("Results go to " + dir);
            StepRunner.Step step = StepRunner.run(ctx, settings.run().threads(), 1, dir, stop, true,
                    record -> ResultJson.write(json, ctx.document(List.of(record))));
            if (step.refused() != null) {
                UserException why = refusal(ctx, step.refused());
                int threads = settings.run().threads();
                ResultJson.write(json, ctx.document(List.of(new RunRecord(settings.workload().name(), threads, 1,
                        settings.optionMap(settings.engine(ctx.target(), threads)), "connection_refused",
                        why.getMessage(), Map.of(), List.of(), null, List.of(), Map.of()))));
                throw why;
            }
            RunRecord finished = step.record();
            env.out().println();
            env.out().print(ConsoleReport.summary(finished));
            env.out().println();
            env.out().println("Results: " + json + ", intervals.csv, latency.hlog");
            return exitCode(step, dir, env);
        }
    }

    /** @return the user-facing reason sessions could not be opened, naming the endpoint that refused */
    private static UserException refusal(RunContext ctx, DbFailure refused) {
        if (refused.vendorCode() == VendorCodes.TOO_MANY_CONNECTIONS) {
            return new UserException("the server refused connections at " + ctx.settings.run().threads()
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

    static ExitCode exitCode(StepRunner.Step step, Path dir, CliEnv env) {
        return switch (step.outcome().reason()) {
            case COMPLETED -> ExitCode.OK;
            case INTERRUPTED -> {
                env.err().println("interrupted: finished intervals are saved in " + dir);
                yield ExitCode.INTERRUPTED;
            }
            case FATAL_ERROR -> {
                env.err().println("error: the run stopped on " + step.outcome().fatalError()
                        + " — add the code to --ignore-errors to restart such events instead");
                yield ExitCode.RUN_ABORTED;
            }
            case OUTPUT_FAILED -> throw new UserException(step.outcome().fatalError(),
                    "free disk space or choose another --out");
        };
    }
}
