package io.clusterbench.cli;

import io.clusterbench.report.HtmlReport;
import io.clusterbench.report.ProbeHtml;
import io.clusterbench.report.ReportFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench report RESULT... [-o report.html]}: write one self-contained HTML file (charts
 * inlined, opens offline) for one result, or for a comparison of several ({@link HtmlReport}); for one folder of
 * {@code probe stale-reads}, the probe's text on stdout and its page ({@link ProbeHtml}).
 *
 * <p>Confined to the main thread. Exit 0 when written, 2 for unreadable input or an unwritable file.
 * Usage: {@code clusterbench report results/base results/tuned -o compare.html}.
 */
@Command(name = "report", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Write a self-contained HTML report (opens offline): throughput and latency vs threads with "
                + "min–max bands, per-interval series, statement classes, server counters; for several results "
                + "also the comparison with ratios, verdicts and differing variables.")
final class ReportCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(paramLabel = "RESULT", arity = "1..*",
            description = "result.json files or result directories; with several, the first is the baseline (A). "
                    + "One folder of probe stale-reads (probe.json) prints the probe's tables and writes its page.")
    List<Path> results;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "HTML file to write. Default: report.html beside the first RESULT's result.json.")
    Path output;

    ReportCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        ReportFiles.write(results, output, env.out());
        return ExitCode.OK.code();
    }
}
