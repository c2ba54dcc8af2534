package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.report.ComparisonText;
import io.clusterbench.result.Comparison;
import io.clusterbench.result.ResultFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench compare A B [more]}: per thread count each result's median tps, p95 and p99 with
 * min–max over repeats, the ratio to the first result and a noise-aware verdict ({@link Comparison}), then
 * the server variables that differ, then what changed in the explain facts
 * ({@link io.clusterbench.result.ExplainComparison}).
 *
 * <p>Confined to the main thread. Exit 0 whatever the verdicts (they are findings), 2 for unreadable input.
 * Usage: {@code clusterbench compare results/base/result.json results/tuned/result.json}.
 */
@Command(name = "compare", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Compare two or more results per thread count: median [min–max] over repeats, ratio to "
                + "the first result, and a verdict (docs/metrics.md). Lists server variables that differ.",
                "", io.clusterbench.result.Verdict.RULE})
final class CompareCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(paramLabel = "RESULT", arity = "1..*",
            description = "result.json files or result directories; the first is the baseline (A). Folders of probe "
                    + "anomalies (anomalies.json) are compared per setting: anomalies found and the load's cost; runs "
                    + "with --anomalies get the same beside their figures.")
    List<Path> results;

    CompareCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        if (results.size() < 2) {
            throw new UserException("compare needs two or more results, got " + results.size(),
                    "run: clusterbench compare A/result.json B/result.json");
        }
        List<String> anomalies = io.clusterbench.report.ReportFiles.compareAnomalies(results);
        if (anomalies != null) {
            anomalies.forEach(env.out()::println);
            return ExitCode.OK.code();
        }
        List<io.clusterbench.result.NamedResult> named = ResultFiles.read(results);
        Comparison comparison = Comparison.of(named);
        ComparisonText.lines(comparison).forEach(env.out()::println);
        io.clusterbench.report.ExplainComparisonText.lines(io.clusterbench.result.ExplainComparison.of(named))
                .forEach(env.out()::println);
        io.clusterbench.report.AnomalyText.compareRuns(named).forEach(env.out()::println);
        return ExitCode.OK.code();
    }
}
