package io.clusterbench.report;

import io.clusterbench.UserException;
import io.clusterbench.ab.AbDocument;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ProbeDocument;
import io.clusterbench.result.ResultFiles;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * What {@code clusterbench report} writes for what it is given: the A/B page for an {@code ab} result
 * ({@link AbHtml}), the probe's text and page for one {@code probe stale-reads} folder ({@link ProbeText},
 * {@link ProbeHtml}) or one {@code probe anomalies} folder ({@link AnomalyText}, {@link AnomalyHtml}), else the report of one result or the comparison of several ({@link HtmlReport}).
 *
 * <p>Thread-safe (stateless).
 */
public final class ReportFiles {
    private ReportFiles() {
    }

    /**
     * Writes the report and prints where (and for a probe its text) on {@code out}.
     *
     * @param results result.json files or result directories (the first is the baseline), or one probe folder
     * @param output  the HTML file, or null for report.html beside the first result
     * @throws UserException for unreadable input or an unwritable file
     */
    public static void write(List<Path> results, Path output, PrintWriter out) {
        Path first = Files.isDirectory(results.get(0)) ? results.get(0).resolve("result.json") : results.get(0);
        if (results.size() == 1 && AbDocument.isAb(first)) {
            abReport(first, output, out);
            return;
        }
        Path anomalies = results.size() == 1 ? io.clusterbench.result.AnomalyDocument.locate(results.get(0)) : null;
        if (anomalies != null) {
            anomalyReport(anomalies, output, out);
            return;
        }
        Path probe = results.size() == 1 ? ProbeDocument.locate(results.get(0)) : null;
        if (probe != null) {
            probeReport(probe, output, out);
            return;
        }
        List<NamedResult> named = ResultFiles.read(results);
        Path file = output != null ? output : Path.of(named.get(0).source()).resolveSibling("report.html");
        requireFile(file);
        try {
            HtmlReport.write(file, named, now());
        } catch (UncheckedIOException e) {
            throw new UserException(e.getMessage(), "choose another -o FILE", e);
        }
        out.println("Report written to " + file + " (" + named.size()
                + (named.size() == 1 ? " result" : " results, " + named.get(0).label() + " is the baseline") + ")");
    }

    /** The probe's text on {@code out} and its page, for a {@code probe stale-reads} folder (or its probe.json). */
    private static void probeReport(Path json, Path output, PrintWriter out) {
        ProbeDocument doc;
        try {
            doc = ProbeDocument.read(json);
        } catch (java.io.IOException e) {
            throw new UserException(e.getMessage(), "give a folder written by clusterbench probe stale-reads", e);
        }
        Path file = output != null ? output : json.resolveSibling("report.html");
        requireFile(file);
        try {
            ProbeHtml.write(file, doc, json.toString(), now());
        } catch (UncheckedIOException e) {
            throw new UserException(e.getMessage(), "choose another -o FILE", e);
        }
        out.print(ProbeText.render(doc));
        out.println("Probe report written to " + file);
    }

    /** The anomaly probe's text on {@code out} and its page, for a {@code probe anomalies} folder (or its file). */
    private static void anomalyReport(Path json, Path output, PrintWriter out) {
        io.clusterbench.result.AnomalyDocument doc;
        try {
            doc = io.clusterbench.result.AnomalyDocument.read(json);
        } catch (java.io.IOException e) {
            throw new UserException(e.getMessage(), "give a folder written by clusterbench probe anomalies", e);
        }
        Path file = output != null ? output : json.resolveSibling("report.html");
        requireFile(file);
        try {
            AnomalyHtml.write(file, doc, json.toString(), now());
        } catch (UncheckedIOException e) {
            throw new UserException(e.getMessage(), "choose another -o FILE", e);
        }
        out.print(AnomalyText.render(doc));
        out.println("Anomaly report written to " + file);
    }

    /**
     * {@code compare} of anomaly results: when every one of {@code results} is a {@code probe anomalies} folder (or
     * its file), the side-by-side lines; null when none is.
     *
     * @throws UserException when some are anomaly results and some are not, or one cannot be read
     */
    public static List<String> compareAnomalies(List<Path> results) {
        List<Path> found = results.stream().map(io.clusterbench.result.AnomalyDocument::locate).toList();
        long anomalyResults = found.stream().filter(java.util.Objects::nonNull).count();
        if (anomalyResults == 0) {
            return null;
        }
        if (anomalyResults < results.size()) {
            throw new UserException("compare got anomaly results (anomalies.json) mixed with other results",
                    "compare probe anomalies folders with each other");
        }
        List<io.clusterbench.result.AnomalyDocument> docs = new java.util.ArrayList<>();
        List<String> labels = new java.util.ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            try {
                docs.add(io.clusterbench.result.AnomalyDocument.read(found.get(i)));
            } catch (java.io.IOException e) {
                throw new UserException(e.getMessage(), "give folders written by clusterbench probe anomalies", e);
            }
            labels.add(String.valueOf((char) ('A' + Math.min(i, 25))));
        }
        return AnomalyText.compare(docs, labels, found.stream().map(Path::toString).toList());
    }

    /** The A/B page for an {@code ab} result. */
    private static void abReport(Path json, Path output, PrintWriter out) {
        Path file = output != null ? output : json.resolveSibling("report.html");
        try {
            AbHtml.write(file, AbDocument.read(json), now());
        } catch (java.io.IOException | UncheckedIOException e) {
            throw new UserException(e.getMessage(), "choose another -o FILE, or give a result of clusterbench ab", e);
        }
        out.println("A/B report written to " + file);
    }

    private static void requireFile(Path file) {
        if (Files.isDirectory(file)) {
            throw new UserException(file + " is a directory", "give a file name, e.g. -o " + file.resolve("report.html"));
        }
    }

    /** @return the generation time printed in the page, UTC, ISO-8601 */
    private static String now() {
        return ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT);
    }
}
