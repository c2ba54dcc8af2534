package io.clusterbench.report;

import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.AnomalyWitness;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.RunAnomalies;
import io.clusterbench.result.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Figure.*;
import static io.clusterbench.report.Html.esc;

/**
 * The HTML page of {@code probe anomalies} ({@code clusterbench report DIR}), from {@code anomalies.json} only: the
 * probe's head, the settings side by side (operations, ok/s, p95, anomalies found) with two charts (the load's ok/s
 * and the classes found per setting), then per setting and workload the class table and, for the first witness of
 * each class found, a timeline across the nodes ({@link WitnessTimeline}: one bar per transaction, one arrow per
 * dependency edge) with its transactions and edges in words. Self-contained like {@link HtmlReport}: Chart.js and
 * every script inlined, opens offline; the timelines are inline SVG (docs/metrics.md, "Anomaly probe").
 *
 * <p>Thread-safe (stateless).
 */
public final class AnomalyHtml {
    private AnomalyHtml() {
    }

    /**
     * @param doc         the probe's result
     * @param source      where it was read from, shown in the header
     * @param generatedAt when the page is made (ISO-8601)
     * @return the page
     */
    public static String render(AnomalyDocument doc, String source, String generatedAt) {
        List<ChartSpec> charts = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        b.append("<h1>clusterbench anomaly probe</h1>\n<p class=\"meta\">Generated ").append(esc(generatedAt))
                .append(" from <code>").append(esc(source)).append("</code> · charts: Chart.js ")
                .append(esc(ChartJs.version())).append(" (MIT licence), inlined; timelines: inline SVG · every figure "
                        + "is defined in docs/metrics.md, \"Anomaly probe\"; the classes in docs/consistency.md</p>\n");
        b.append(textSummary(doc)).append(head(doc));
        b.append("<h2>Per setting</h2>\n").append(summary(doc));
        b.append("<div class=\"grid\">\n").append(HtmlReport.canvas(charts, throughputChart(doc)))
                .append(HtmlReport.canvas(charts, foundChart(doc))).append("</div>\n");
        for (AnomalySetting s : doc.settings()) {
            b.append(setting(s));
        }
        return HtmlReport.page(b.toString(), charts);
    }

    /**
     * Renders and writes the page.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, AnomalyDocument doc, String source, String generatedAt) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, render(doc, source, generatedAt), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the few lines at the top: what ran, the verdict (forbidden anomalies found), the validity flags */
    static String textSummary(AnomalyDocument doc) {
        AnomalyDocument.Options o = doc.options();
        StringBuilder b = new StringBuilder("<div class=\"summary\" id=\"summary\">\n<p><b>What ran</b>: ")
                .append(esc(io.clusterbench.Format.count(doc.settings().size(), "setting")));
        if (o != null) {
            b.append(" of ").append(esc(String.join(" + ", o.workloads()))).append(", ")
                    .append(esc(io.clusterbench.Format.count(o.sessionsPerWorkload(), "session"))).append(" each")
                    .append(o.timeSeconds() > 0 ? ", " + o.timeSeconds() + " s per setting" : "");
        }
        b.append(" (").append(esc(doc.status())).append(").</p>\n");
        List<String> violations = doc.violations();
        b.append("<p><b>Verdict</b>: ").append(violations.isEmpty()
                ? "no setting showed an anomaly it forbids."
                : "<span class=\"verdict worse\">forbidden anomalies found</span>: " + esc(String.join("; ",
                violations)) + ".").append("</p>\n");
        List<String> flagged = new ArrayList<>();
        for (AnomalySetting s : doc.settings()) {
            if (s.validity() != null && !s.validity().clean()) {
                flagged.add(ANOMALY_SETTING.key() + " " + s.index() + ": " + s.validity().names());
            }
        }
        if (!flagged.isEmpty()) {
            b.append("<p class=\"note\"><b>Validity</b>: ").append(esc(String.join("; ", flagged)))
                    .append(" (below).</p>\n");
        }
        return b.append("</div>\n").toString();
    }

    private static String head(AnomalyDocument doc) {
        StringBuilder b = new StringBuilder("<p>Started ").append(esc(doc.startedAt())).append(" · ")
                .append(esc(doc.status())).append(" · ").append(f("%.1f", doc.durationSeconds())).append(" s</p>\n");
        if (doc.command() != null) {
            b.append("<p><code>").append(esc(String.join(" ", doc.command()))).append("</code></p>\n");
        }
        Map<String, Object> t = doc.topology();
        if (t != null && t.get("flavor") != null) {
            b.append("<p>Topology: ").append(esc(String.valueOf(t.get("flavor")))).append(' ')
                    .append(esc(String.valueOf(t.get("version")))).append("</p>\n");
        }
        if (doc.serverVariables() != null && !doc.serverVariables().isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            doc.serverVariables().forEach((node, vars) -> vars.forEach((k, v) -> rows.add(List.of(esc(node), esc(k),
                    esc(v)))));
            b.append("<details><summary>Server variables per node</summary>\n")
                    .append(Html.table(List.of(NODE.key(), "variable", "value"), rows)).append("</details>\n");
        }
        AnomalyDocument.Options o = doc.options();
        if (o != null) {
            b.append("<p>").append(esc(String.join(" + ", o.workloads()))).append(", ").append(o.sessionsPerWorkload())
                    .append(" sessions each, ").append(o.activeKeys()).append(" keys, reads on ").append(esc(o.readsOn()))
                    .append(" node, ").append(o.lockingReads() ? "SELECT … FOR UPDATE" : "plain reads")
                    .append(o.fault() == null ? "" : ", faults: <code>" + esc(o.fault()) + "</code>").append("</p>\n");
        }
        return b.toString();
    }

    private static String summary(AnomalyDocument doc) {
        List<List<String>> rows = new ArrayList<>();
        for (AnomalySetting s : doc.settings()) {
            for (AnomalyCheck c : s.checks()) {
                boolean bad = !s.violations().isEmpty() && c.counts().stream().anyMatch(n -> n.forbidden() && n.count() > 0);
                rows.add(List.of("<a href=\"#s" + s.index() + "\">" + s.index() + "</a> " + esc(s.name()),
                        esc(c.workload()), Long.toString(c.operations()),
                        c.load() == null ? "-" : f("%.1f", c.load().okPerSecond()),
                        c.load() == null ? "-" : f("%.1f", c.load().latency().p95Micros() / 1000.0),
                        (bad ? "<span class=\"verdict worse\">" : "<span>") + esc(AnomalyText.found(c)) + "</span>",
                        s.validity() == null ? "-" : esc(s.validity().names())));
            }
        }
        return Html.table(List.of(ANOMALY_SETTING.key(), "workload", ANOMALY_OPERATIONS.key(),
                ANOMALY_OK_PER_SECOND.key(), ANOMALY_LOAD_P95.key() + " (ms)",
                ANOMALY_FOUND.key() + " (* = forbidden by the setting)", "validity flags"), rows);
    }

    private static String setting(AnomalySetting s) {
        StringBuilder b = new StringBuilder("<h2 id=\"s").append(s.index()).append("\">").append(ANOMALY_SETTING.key())
                .append(' ').append(s.index()).append(": ").append(esc(s.name())).append(" <small><code>")
                .append(esc(s.directory())).append("/history.jsonl</code></small></h2>\n");
        b.append("<p>").append(esc(s.consistencyApplied())).append("<br>").append(esc(s.isolationApplied()))
                .append("<br>promises: ").append(esc(String.join(", ", s.guarantees()))).append(" · reads on ")
                .append(esc(s.readsOn())).append(" node · ").append(s.lockingReads() ? "SELECT … FOR UPDATE" : "plain reads")
                .append(" · ").append(esc(s.status())).append(", ").append(ANOMALY_LOAD_TIME.key()).append(' ')
                .append(f("%.1f s", s.loadSeconds())).append("</p>\n");
        for (String n : s.notes()) {
            b.append("<p class=\"note\">Note: ").append(esc(n)).append("</p>\n");
        }
        if (s.validity() != null) {
            b.append(ValidityBlock.html(s.validity(), "Validity"));
        }
        for (AnomalyCheck c : s.checks()) {
            b.append(check(s, c, "w" + s.index(), 3));
        }
        if (s.faults() != null) {
            b.append("<h3>Faults</h3>\n<pre>").append(esc(String.join("\n", FaultText.lines(s.faults())))).append("</pre>\n");
        }
        return b.toString();
    }

    /**
     * @param idPrefix what makes the witnesses' element ids unique on the page
     * @param h        the heading level of the workload (its witnesses one below)
     */
    private static String check(AnomalySetting s, AnomalyCheck c, String idPrefix, int h) {
        StringBuilder b = new StringBuilder("<h" + h + ">").append(esc(c.workload())).append("</h" + h + ">\n<pre>")
                .append(esc(String.join("\n", AnomalyText.header(c, s.loadSeconds())))).append("</pre>\n");
        if (!c.checked()) {
            return b.append("<p>Not checked: a stop, or the bound of a run's end, left no time for the check (the "
                    + "history file holds it).</p>\n").toString();
        }
        List<List<String>> rows = new ArrayList<>();
        for (AnomalyCheck.Count n : c.counts()) {
            String promise = AnomalyText.promise(n);
            rows.add(List.of(esc(n.anomaly()), Long.toString(n.count()), Long.toString(n.checked()), esc(n.unit()),
                    esc(AnomalyText.rate(n)), n.forbidden() && n.count() > 0
                            ? "<span class=\"verdict worse\">" + esc(promise) + "</span>" : esc(promise)));
        }
        b.append(Html.table(List.of(ANOMALY_CLASS.key(), ANOMALY_COUNT.key(), ANOMALY_CHECKED.key(), ANOMALY_UNIT.key(),
                ANOMALY_RATE.key(), ANOMALY_PROMISE.key()), rows));
        List<String> shown = new ArrayList<>();
        for (AnomalyWitness w : c.witnesses()) {
            if (shown.contains(w.anomaly())) {
                continue;
            }
            shown.add(w.anomaly());
            String id = idPrefix + "-" + c.workload() + "-" + shown.size();
            b.append("<h" + (h + 1) + ">").append(ANOMALY_WITNESS.key()).append(' ').append(esc(w.anomaly()))
                    .append(": <code>").append(esc(w.summary())).append("</code></h" + (h + 1) + ">\n");
            b.append("<div class=\"table\">").append(WitnessTimeline.svg(w, id)).append("</div>\n<ul>\n");
            for (AnomalyWitness.Txn t : w.transactions()) {
                b.append("<li><code>").append(esc((w.edges().isEmpty() ? "#" : "T") + t.id())).append("</code> on ")
                        .append(esc(t.node())).append(", session ").append(t.session()).append(", ")
                        .append(f("%.6f–%.6f s", t.invokeMicros() / 1e6, t.completeMicros() / 1e6)).append(", ")
                        .append(esc(t.outcome())).append(": <code>").append(esc(String.join("; ", t.ops())))
                        .append("</code>").append(t.error() == null ? "" : " [" + esc(t.error()) + "]").append("</li>\n");
            }
            for (AnomalyWitness.Edge e : w.edges()) {
                b.append("<li>").append(esc(e.type())).append(": ").append(esc(e.text())).append("</li>\n");
            }
            b.append("</ul>\n");
        }
        return b.toString();
    }

    /**
     * The section of a run's page for the history workloads beside it ({@code run --anomalies}): per run that had
     * them, what they ran at and the share of the load, then per workload the class table and the first witness of
     * each class found with its timeline across the nodes.
     *
     * @param runs     the result's measured runs
     * @param idPrefix what makes the element ids unique on the page (the result's label)
     * @return the section, or "" when no run had {@code --anomalies}
     */
    static String runs(List<RunRecord> runs, String idPrefix) {
        StringBuilder b = new StringBuilder();
        for (RunRecord run : runs) {
            RunAnomalies a = run.fact(FactKeys.ANOMALIES);
            if (a == null) {
                continue;
            }
            AnomalySetting s = a.setting();
            String id = idPrefix + "-t" + run.threads() + "-r" + run.repeat();
            List<String> lines = AnomalyText.run(a);
            b.append("<h3 id=\"").append(esc(id)).append("\">").append(esc(run.threads() + " threads, run "
                    + run.repeat() + ": anomalies beside the load")).append("</h3>\n<p>").append(esc(lines.get(0)))
                    .append("<br>").append(esc(lines.get(1).strip())).append("</p>\n");
            for (String n : s.notes()) {
                b.append("<p class=\"note\">Note: ").append(esc(n)).append("</p>\n");
            }
            for (AnomalyCheck c : s.checks()) {
                b.append(check(s, c, id, 4));
            }
            b.append("<p>History: <code>history.jsonl</code> in the run's folder.</p>\n");
        }
        return b.toString();
    }

    /** @return ok/s per setting (x), one series per workload */
    private static ChartSpec throughputChart(AnomalyDocument doc) {
        return perSetting(doc, "anomaly-throughput", "the probe load's ok/s per setting", "ok/s (operations/s)",
                c -> c.load() == null ? null : c.load().okPerSecond());
    }

    /** @return anomaly classes found per setting (x), one series per workload */
    private static ChartSpec foundChart(AnomalyDocument doc) {
        return perSetting(doc, "anomaly-found", "anomaly classes found per setting (of them forbidden: see the table)",
                "classes found", c -> c.checked() ? (double) c.counts().stream().filter(n -> n.count() > 0).count() : null);
    }

    private static ChartSpec perSetting(AnomalyDocument doc, String id, String title, String yTitle,
                                        java.util.function.Function<AnomalyCheck, Double> y) {
        List<String> categories = new ArrayList<>();
        List<String> workloads = new ArrayList<>();
        for (AnomalySetting s : doc.settings()) {
            categories.add(s.index() + ": " + s.name());
            s.checks().forEach(c -> {
                if (!workloads.contains(c.workload())) {
                    workloads.add(c.workload());
                }
            });
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        for (int w = 0; w < workloads.size(); w++) {
            List<ChartSpec.Point> points = new ArrayList<>();
            for (int i = 0; i < doc.settings().size(); i++) {
                for (AnomalyCheck c : doc.settings().get(i).checks()) {
                    Double v = c.workload().equals(workloads.get(w)) ? y.apply(c) : null;
                    if (v != null) {
                        points.add(new ChartSpec.Point(i, v));
                    }
                }
            }
            series.add(new ChartSpec.Series(workloads.get(w), "dots", w, points));
        }
        return ChartSpec.categorical(id, title, "setting", categories, yTitle, series);
    }
}
