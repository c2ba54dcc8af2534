package io.clusterbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.result.Comparison;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ObservedSummary;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SweepSummary;
import io.clusterbench.result.ThreadClasses;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.clusterbench.report.Html.esc;

/**
 * The self-contained HTML report ({@code clusterbench report}): one file with Chart.js, its script and
 * style inlined and the chart data as JSON, so it opens offline. For one result: throughput and latency vs
 * threads, per-interval tps, p95 and errors, statement classes with hit rates, observer figures. For two
 * or more results, the comparison (ratio chart, verdict tables, differing variables) comes first.
 *
 * <p>When the page has drawn, {@code #render-status} carries {@code data-expected} and {@code data-drawn}
 * (charts with painted pixels) and {@code #render-errors} lists script errors (used by the Chromium test).
 *
 * <p>Thread-safe (stateless). Usage: {@code HtmlReport.write(Path.of("report.html"), results, now)}.
 */
public final class HtmlReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlReport() {
    }

    /**
     * @param results     one or more results, labelled (the first is the comparison baseline)
     * @param generatedAt when the report is made, shown in the header (ISO-8601)
     * @return the page
     * @throws IllegalArgumentException for an empty list
     */
    public static String render(List<NamedResult> results, String generatedAt) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least one result");
        }
        List<ChartSpec> charts = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        body.append("<h1>clusterbench report</h1>\n<p class=\"meta\">Generated ").append(esc(generatedAt))
                .append(" · charts: Chart.js ").append(esc(ChartJs.version()))
                .append(" (MIT licence), inlined · every figure is defined in docs/metrics.md</p>\n");
        body.append(ReportSummary.of(results));
        body.append(HtmlTables.sources(results));
        if (results.size() > 1) {
            Comparison c = Comparison.of(results);
            body.append("<h2>Comparison (").append(esc(results.get(0).label())).append(" is the baseline)</h2>\n");
            body.append("<p>").append(esc(io.clusterbench.result.Verdict.RULE)).append("</p>\n");
            body.append(canvas(charts, ReportCharts.ratios(c)));
            body.append(HtmlTables.comparison(c));
            body.append("<h3>").append(esc(Html.heading(Figure.DIFFERING_OPTIONS.key()))).append("</h3>\n")
                    .append(HtmlTables.options(c));
            body.append("<h3>").append(esc(Html.heading(Figure.DIFFERING_TABLES.key()))).append("</h3>\n")
                    .append(HtmlTables.tables(c));
            body.append("<h3>").append(esc(Html.heading(Figure.DIFFERING_VARIABLES.key()))).append("</h3>\n")
                    .append(HtmlTables.variables(c));
            body.append(ExplainComparisonHtml.section(results));
            body.append(CoverageHtml.section(results));
        }
        String throughput = canvas(charts, ReportCharts.throughput(results));
        if (!throughput.isEmpty()) {
            body.append("<h2>Throughput</h2>\n").append(throughput);
        }
        for (NamedResult r : results) {
            body.append(section(r, charts));
        }
        return page(body.toString(), charts);
    }

    /**
     * Renders and writes the report.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, List<NamedResult> results, String generatedAt) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, render(results, generatedAt), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the folder of a result given as its folder or its result.json, or null when it is neither */
    static Path resultDir(String source) {
        if (source == null) {
            return null;
        }
        Path p = Path.of(source);
        return Files.isDirectory(p) ? p : Files.isRegularFile(p) ? p.toAbsolutePath().getParent() : null;
    }

    private static String section(NamedResult r, List<ChartSpec> charts) {
        String l = r.label();
        String id = "r" + l;
        StringBuilder b = new StringBuilder();
        b.append("<h2 id=\"").append(esc(id)).append("\">").append(esc(l)).append(": ").append(esc(r.workloads()))
                .append(" <small><code>").append(esc(r.source())).append("</code></small></h2>\n");
        b.append(PreflightHtml.of(r.doc().preflight()));
        if (r.measuredRuns().isEmpty()) {
            return b.append("<p>No run with a summary and events in this result.</p>\n").toString();
        }
        io.clusterbench.result.CapacityRecord capacity = CapacityHtml.read(resultDir(r.source()));
        if (capacity != null) { // its steps ran at different rates: never repeats of one another
            b.append(CapacityHtml.section(l, capacity, charts)).append(validity(r.measuredRuns()));
        } else {
            b.append(validity(r.measuredRuns()));
            b.append("<h3>Per thread count</h3>\n");
            for (Map.Entry<String, List<RunRecord>> v : ReportCharts.byVariant(r.measuredRuns()).entrySet()) {
                if (!v.getKey().isEmpty()) {
                    b.append("<h4>").append(esc(v.getKey())).append("</h4>\n");
                }
                b.append(HtmlTables.sweep(SweepSummary.of(v.getValue())));
            }
            for (ChartSpec latency : ReportCharts.latency(r, id + "-latency")) {
                b.append(canvas(charts, latency));
            }
        }
        b.append("<h3>Per interval</h3>\n").append(runSelector(r)).append("<div class=\"grid\">\n");
        List<ChartSpec.Marker> faults = FaultHtml.markers(r.measuredRuns());
        b.append(canvas(charts, OpStallHtml.withMarks(ReportCharts.perInterval(r, id + "-tps-time",
                "tps per interval", "tps (events/s)", IntervalRecord::tps), r.measuredRuns()).withMarkers(faults)));
        b.append(canvas(charts, ReportCharts.perInterval(r, id + "-p95-time", "p95 per interval", "p95 (ms)",
                i -> i.latency() == null ? null : i.latency().p95Micros() / 1000.0).withMarkers(faults)));
        b.append(canvas(charts, ReportCharts.perInterval(r, id + "-errors-time", "errors per interval",
                "err/s (failures/s)", IntervalRecord::errorsPerSecond).withMarkers(faults)));
        String cpu = cpuKey(r);
        if (cpu != null) {
            DisplayNames.Name name = DisplayNames.of("host." + cpu);
            b.append(canvas(charts, ReportCharts.perInterval(r, id + "-cpu-time", name.words() + " per interval",
                    name.unit(), i -> observed(i, "host", cpu)).withMarkers(faults)));
        }
        b.append("</div>\n").append(FaultHtml.section(r.measuredRuns()));
        b.append(tpcc(r.measuredRuns()));
        b.append(ScenarioHtml.section(r, charts));
        b.append(AnomalyHtml.runs(r.measuredRuns(), id));
        b.append("<h3>Statement classes</h3>\n").append(HtmlTables.classes(ThreadClasses.of(r.measuredRuns())));
        b.append(marked(r));
        b.append(ClusterHtml.section(r, charts));
        b.append(FlameHtml.steps(resultDir(r.source()), r.measuredRuns()));
        b.append("<h3>Server counters and resource use</h3>\n");
        ObservedSummary obs = ObservedSummary.of(r.measuredRuns());
        if (obs.isEmpty()) {
            return b.append("<p>No observer figures in this result.</p>\n").toString();
        }
        boolean overThreads = ReportCharts.severalThreadCounts(r.measuredRuns());
        b.append(overThreads ? "<p>One chart per figure, each on its own scale. Per run: time-weighted mean over its "
                + "intervals; per thread count: median (band: min–max over repeats); the table gives median [min–max] "
                + "×n.</p>\n" : "<p>One chart per figure, each on its own scale, per interval of the run chosen above; "
                + "the table gives the time-weighted mean over the run's intervals.</p>\n");
        b.append("<div class=\"grid small\">\n");
        for (ChartSpec spec : ReportCharts.observedMultiples(r, obs, id)) {
            b.append(canvas(charts, overThreads ? spec : spec.withMarkers(faults)));
        }
        b.append("</div>\n").append(HtmlTables.observed(obs));
        return b.toString();
    }

    /** @return the validity verdict of each run (docs/metrics.md, "Validity"): its heading and one item per flag */
    static String validity(List<RunRecord> runs) {
        StringBuilder b = new StringBuilder();
        for (RunRecord run : runs) {
            io.clusterbench.result.Validity v = run.observerFacts().get(io.clusterbench.result.FactKeys.VALIDITY);
            if (v != null) {
                b.append(ValidityBlock.html(v, "Validity of " + ReportCharts.runLabel(run, runs)));
            }
        }
        return b.length() == 0 ? "" : "<h3>Validity</h3>\n" + b;
    }

    /** @return per TPC-C run, its TPC-C block (tpmC, NOPM, rollbacks, per-type latency) as the summary prints it */
    static String tpcc(List<RunRecord> runs) {
        StringBuilder b = new StringBuilder();
        for (RunRecord run : runs) {
            String block = TpccBlock.render(run);
            if (!block.isEmpty()) {
                b.append(runs.size() > 1 ? "<h4>" + esc(ReportCharts.runLabel(run, runs)) + "</h4>\n" : "")
                        .append("<pre>").append(esc(block.strip().replaceFirst("^TPC-C:\n", "")))
                        .append("</pre>\n");
            }
        }
        return b.length() == 0 ? "" : "<h3>TPC-C</h3>\n" + b;
    }

    /** @return per run: the per-operation table, then for ddl/bigtrx runs the stalls and marked intervals */
    private static String marked(NamedResult r) {
        StringBuilder b = new StringBuilder("<h3>Per operation</h3>\n" + (r.measuredRuns().size() < 2 ? ""
                : "<p>Of the run chosen in the per-interval part above.</p>\n"));
        StringBuilder stalls = new StringBuilder();
        List<RunRecord> runs = r.measuredRuns();
        for (RunRecord run : runs) {
            String label = ReportCharts.runLabel(run, runs);
            String head = "<h4>" + esc(label) + "</h4>\n";
            String part = head + OpStallHtml.operations(run);
            b.append(runs.size() < 2 ? part : "<div class=\"run-part\" data-group=\""
                    + esc(ReportCharts.selectorGroup(r)) + "\" data-run=\"" + esc(label) + "\">\n" + part + "</div>\n");
            String s = OpStallHtml.stalls(run) + OpStallHtml.markedIntervals(run);
            if (!s.isEmpty()) {
                stalls.append(head).append(s);
            }
        }
        if (!stalls.isEmpty()) {
            b.append("<h3>Stalls of the marked statements (").append(esc(OpStallHtml.flag(r.measuredRuns().get(0))))
                    .append(" ] on the interval lines)</h3>\n").append(stalls);
        }
        return b.toString();
    }

    /** @return the host observer's server CPU key when present, else its host CPU key, else null */
    private static String cpuKey(NamedResult r) {
        for (String key : List.of("serverCpuPercent", "hostCpuPercent")) {
            boolean found = r.measuredRuns().stream().flatMap(run -> run.intervals().stream())
                    .anyMatch(i -> observed(i, "host", key) != null);
            if (found) {
                return key;
            }
        }
        return null;
    }

    private static Double observed(IntervalRecord i, String observer, String key) {
        java.util.OptionalDouble v = io.clusterbench.result.Observations.of(i).number(observer, key);
        return v.isPresent() ? v.getAsDouble() : null;
    }

    /** @return the run selector of a result with two or more runs (it drives its per-interval charts), else "" */
    private static String runSelector(NamedResult r) {
        List<RunRecord> runs = r.measuredRuns();
        if (runs.size() < 2) {
            return "";
        }
        StringBuilder b = new StringBuilder("<p class=\"selector\"><label>Run shown in the per-interval charts: "
                + "<select class=\"run-select\" data-group=\"").append(esc(ReportCharts.selectorGroup(r)))
                .append("\">");
        for (RunRecord run : runs) {
            String l = esc(ReportCharts.runLabel(run, runs));
            b.append("<option value=\"").append(l).append("\">").append(l).append("</option>");
        }
        return b.append("<option value=\"\">all runs, overlaid</option></select></label></p>\n").toString();
    }

    /**
     * @return the canvas of {@code spec}, added to {@code charts}; "" for a chart with nothing to draw or a chart over
     *         thread counts with one point per line (the tables carry that figure)
     */
    static String canvas(List<ChartSpec> charts, ChartSpec spec) {
        if (spec == null || spec.series().isEmpty() || spec.singlePointPerSeries()) {
            return "";
        }
        charts.add(spec);
        return "<div class=\"chart\"><canvas id=\"" + esc(spec.id()) + "\" role=\"img\" aria-label=\""
                + esc(spec.title()) + "\"></canvas></div>\n";
    }

    static String page(String body, List<ChartSpec> charts) {
        String data;
        try {
            data = JSON.writeValueAsString(Map.of("charts", charts)).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("chart data not serialisable", e);
        }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>clusterbench report</title>\n<style>\n" + resource("report.css") + "</style>\n</head>\n<body>\n"
                + "<div id=\"render-status\" data-expected=\"" + charts.size() + "\" data-drawn=\"0\">charts not drawn "
                + "(JavaScript off?)</div>\n<ul id=\"render-errors\"></ul>\n"
                + body
                + "<script type=\"application/json\" id=\"report-data\">" + data + "</script>\n"
                + "<script>\n" + resource("report-errors.js") + "</script>\n"
                + "<script>\n" + ChartJs.source() + "\n</script>\n"
                + "<script>\n" + resource("report.js") + "</script>\n</body>\n</html>\n";
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource io/clusterbench/report/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
