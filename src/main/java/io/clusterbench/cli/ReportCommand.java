package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.ab.AbDocument;
import io.clusterbench.report.AbHtml;
import io.clusterbench.report.HtmlReport;
import io.clusterbench.report.ProbeHtml;
import io.clusterbench.report.ProbeText;
import io.clusterbench.result.ProbeDocument;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ResultFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
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
@Command(name = "report", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
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
        Path first = Files.isDirectory(results.get(0)) ? results.get(0).resolve("result.json") : results.get(0);
        if (results.size() == 1 && AbDocument.isAb(first)) {
            return abReport(first);
        }
        Path probe = results.size() == 1 ? ProbeDocument.locate(results.get(0)) : null;
        if (probe != null) {
            return probeReport(probe);
        }
        List<NamedResult> named = ResultFiles.read(results);
        Path file = output != null ? output : Path.of(named.get(0).source()).resolveSibling("report.html");
        if (Files.isDirectory(file)) {
            throw new UserException(file + " is a directory", "give a file name, e.g. -o " + file.resolve("report.html"));
        }
        String now = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT);
        try {
            HtmlReport.write(file, named, now);
        } catch (UncheckedIOException e) {
            throw new UserException(e.getMessage(), "choose another -o FILE", e);
        }
        env.out().println("Report written to " + file + " (" + named.size()
                + (named.size() == 1 ? " result" : " results, " + named.get(0).label() + " is the baseline") + ")");
        return ExitCode.OK.code();
    }

    /** The probe's text on stdout and its page, for a {@code probe stale-reads} folder (or its probe.json). */
    private int probeReport(Path json) {
        ProbeDocument doc;
        try {
            doc = ProbeDocument.read(json);
        } catch (java.io.IOException e) {
            throw new UserException(e.getMessage(), "give a folder written by clusterbench probe stale-reads", e);
        }
        Path file = output != null ? output : json.resolveSibling("report.html");
        if (Files.isDirectory(file)) {
            throw new UserException(file + " is a directory", "give a file name, e.g. -o " + file.resolve("report.html"));
        }
        try {
            ProbeHtml.write(file, doc, json.toString(), ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT));
        } catch (UncheckedIOException e) {
            throw new UserException(e.getMessage(), "choose another -o FILE", e);
        }
        env.out().print(ProbeText.render(doc));
        env.out().println("Probe report written to " + file);
        return ExitCode.OK.code();
    }

    /** The A/B page for an {@code ab} result. */
    private int abReport(Path json) {
        Path file = output != null ? output : json.resolveSibling("report.html");
        try {
            AbHtml.write(file, AbDocument.read(json), ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT));
        } catch (java.io.IOException | UncheckedIOException e) {
            throw new UserException(e.getMessage(), "choose another -o FILE, or give a result of clusterbench ab", e);
        }
        env.out().println("A/B report written to " + file);
        return ExitCode.OK.code();
    }
}
