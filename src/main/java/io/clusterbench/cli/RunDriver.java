package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.target.VendorCodes;

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
            env.out().println("Threads started!");
            StepRunner.Step step = StepRunner.run(ctx, settings.run().threads(), 1, dir, stop, true,
                    record -> ResultJson.write(json, ctx.document(List.of(record))));
            if (step.refused() != null) {
                if (step.refused().vendorCode() == VendorCodes.TOO_MANY_CONNECTIONS) {
                    throw new UserException("the server refused connection " + "at " + settings.run().threads()
                            + " threads: too many connections (1040, max_connections=" + ctx.maxConnections() + ")",
                            "raise max_connections or lower --threads");
                }
                throw ctx.target().explain(ctx.target().endpointFor(0), step.refused());
            }
            RunRecord finished = step.record();
            env.out().println();
            env.out().print(ConsoleReport.summary(finished));
            env.out().println();
            env.out().println("Results: " + json + ", intervals.csv, latency.hlog");
            return exitCode(step, dir, env);
        }
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
