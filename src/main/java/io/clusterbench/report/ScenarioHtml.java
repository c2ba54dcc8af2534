package io.clusterbench.report;

import io.clusterbench.report.ChartSpec.Point;
import io.clusterbench.report.ChartSpec.Series;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.Intervals;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.Observations;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ScenarioFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import static io.clusterbench.report.Html.esc;

/**
 * The scenarios of a run ({@code run --scenario}) in the HTML report: per run with scenarios, a table of each
 * scenario's figures as the console block gives them ({@link ScenarioBlock}), a chart of each scenario's tps per
 * interval beside the run's own workload, and one of each scenario's p95 per interval. From the {@code scenarios}
 * fact and each interval's {@code observed.scenarios} (docs/metrics.md, "Scenarios").
 *
 * <p>Thread-safe (stateless).
 */
final class ScenarioHtml {
    private static final String[] HEADERS = {"scenario", "workload", "threads", "asked rate (events/s)",
        "events", "tps (events/s)", "mean latency (ms)", "p95 latency (ms)", "p99 latency (ms)", "max latency (ms)",
        "errors", "reconnects"};

    private ScenarioHtml() {
    }

    /** @return the section, or "" when no run of the result has scenarios */
    static String section(NamedResult r, List<ChartSpec> charts) {
        StringBuilder b = new StringBuilder();
        List<RunRecord> runs = r.measuredRuns();
        for (int i = 0; i < runs.size(); i++) {
            RunRecord run = runs.get(i);
            ScenarioFacts facts = run.fact(FactKeys.SCENARIOS);
            if (facts == null || facts.scenarios().isEmpty()) {
                continue;
            }
            if (runs.size() > 1) {
                b.append("<h4>").append(esc(ReportCharts.runLabel(run, runs))).append("</h4>\n");
            }
            b.append(table(facts));
            String id = "r" + r.label() + "-scenarios-" + i;
            b.append("<div class=\"grid\">\n");
            b.append(HtmlReport.canvas(charts, chart(id + "-tps", r.label() + ": tps per interval, per scenario",
                    "tps (events/s)", run, facts, "tps", IntervalRecord::tps)));
            b.append(HtmlReport.canvas(charts, chart(id + "-p95", r.label() + ": p95 per interval, per scenario",
                    "p95 (ms)", run, facts, "p95Millis",
                    iv -> iv.latency() == null ? null : iv.latency().p95Micros() / 1000.0)));
            b.append("</div>\n");
        }
        return b.length() == 0 ? "" : "<h3>Scenarios</h3>\n<p>Workloads run beside the run's own, each by its own "
                + "threads; the server's figures below are the whole run's.</p>\n" + b;
    }

    private static String table(ScenarioFacts facts) {
        StringBuilder b = new StringBuilder("<div class=\"table\"><table>\n<thead><tr>");
        for (String h : HEADERS) {
            b.append("<th>").append(esc(h)).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        for (ScenarioFacts.Scenario s : facts.scenarios()) {
            Object[] cells = {s.name(), s.workload(), s.threads(),
                s.rateEventsPerSecond() > 0 ? num(s.rateEventsPerSecond(), 0) : "closed loop", s.events(),
                num(s.tps(), 2), num(s.meanMillis(), 2), num(s.p95Millis(), 2), num(s.p99Millis(), 2),
                num(s.maxMillis(), 2), s.errors(), s.reconnects()};
            b.append("<tr>");
            for (int c = 0; c < cells.length; c++) {
                b.append(c < 2 ? "<td>" : "<td class=\"num\">").append(esc(String.valueOf(cells[c]))).append("</td>");
            }
            b.append("</tr>\n");
            List<String> notes = ScenarioBlock.notes(s);
            if (!notes.isEmpty()) {
                b.append("<tr><td></td><td colspan=\"").append(HEADERS.length - 1).append("\">")
                        .append(esc(String.join("; ", notes))).append("</td></tr>\n");
            }
        }
        return b.append("</tbody></table></div>\n").toString();
    }

    /**
     * @param key the per-interval figure of each scenario ({@code tps}, {@code p95Millis})
     * @param own the same figure of the run's own workload
     */
    private static ChartSpec chart(String id, String title, String yTitle, RunRecord run, ScenarioFacts facts,
                                   String key, Function<IntervalRecord, Double> own) {
        List<IntervalRecord> shown = Intervals.shown(run);
        List<Series> series = new ArrayList<>();
        List<Point> ownPoints = new ArrayList<>();
        shown.forEach(iv -> ownPoints.add(new Point(iv.endSeconds(), own.apply(iv))));
        series.add(new Series("the run's workload (" + run.workload() + ")", "line", 0, ownPoints));
        for (int s = 0; s < facts.scenarios().size(); s++) {
            String name = facts.scenarios().get(s).name();
            List<Point> points = new ArrayList<>();
            for (IntervalRecord iv : shown) {
                points.add(new Point(iv.endSeconds(), value(iv, name, key)));
            }
            series.add(new Series("scenario " + name, "line", s + 1, points));
        }
        return new ChartSpec(id, title, "seconds", yTitle, series);
    }

    /** @return a scenario's figure in an interval, or null when it has none there */
    static Double value(IntervalRecord iv, String scenario, String key) {
        Object one = Observations.of(iv).figures("scenarios").get(scenario);
        if (one instanceof Map<?, ?> m && m.get(key) instanceof Number n) {
            return n.doubleValue();
        }
        return null;
    }

    private static String num(Double v, int decimals) {
        return v == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
