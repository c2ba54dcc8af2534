package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.report.CoverageText;
import io.clusterbench.result.Coverage;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ResultFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench coverage RESULT...}: the training coverage of on-CPU profiles ({@link Coverage}; docs/metrics.md,
 * "Training coverage"): per result (a run, a sweep, a side folder of an ab result) and for all together, the distinct
 * server functions the samples reached and their concentration, and the functions each reaches that the others do
 * not.
 *
 * <p>Confined to the main thread. Exit 0 when printed, 2 for unreadable input or results without a profile.
 * Usage: {@code clusterbench coverage results/point_select results/tpcc --json coverage.json}.
 */
@Command(name = "coverage", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Training coverage of the server's on-CPU profiles (the PGO question: is this training mix the "
                + "workload's code?): per result and for all together, the distinct server functions the samples "
                + "reached and how concentrated they are, then the functions each result reaches that the others do "
                + "not, with their shares. Sampled, not instrumentation counts (docs/metrics.md)."})
final class CoverageCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(paramLabel = "RESULT", arity = "1..*",
            description = "result.json files or result directories of run or sweep (or the A/ and B/ folders of an "
                    + "ab result) whose steps were profiled (--profile auto|on, the default where perf runs)")
    List<Path> results;

    @Option(names = "--node", paramLabel = "NAME",
            description = "Only this node's profiles (as the explain block names it, e.g. n1). Default: every node.")
    String node;

    @Option(names = "--threads", paramLabel = "N[,N...]", split = ",",
            description = "Only the steps at these thread counts. Default: every step.")
    List<Integer> threads = List.of();

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the figures as JSON (schema clusterbench.coverage/1) to FILE. Default: none.")
    Path json;

    CoverageCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        List<NamedResult> named = ResultFiles.read(results);
        List<Coverage.Input> inputs;
        try {
            inputs = Coverage.inputs(named, node, threads);
        } catch (UncheckedIOException e) {
            throw new UserException(e.getMessage(), "check the result folder's steps/*/profile*.folded files", e);
        }
        List<String> empty = inputs.stream().filter(i -> i.stacks().isEmpty()).map(Coverage.Input::source).toList();
        if (!empty.isEmpty()) {
            throw new UserException("no on-CPU profile" + (node == null ? "" : " of node " + node)
                    + (threads.isEmpty() ? "" : " at threads " + threads) + " in " + String.join(", ", empty),
                    "give results of run or sweep with --profile on (perf installed and permitted; docs/explain.md)");
        }
        Coverage coverage = Coverage.of(inputs);
        CoverageText.lines(coverage).forEach(env.out()::println);
        if (json != null) {
            try {
                coverage.write(json);
            } catch (UncheckedIOException e) {
                throw new UserException(e.getMessage(), "choose another --json FILE", e);
            }
            env.out().println("Coverage written to " + json);
        }
        return ExitCode.OK.code();
    }
}
