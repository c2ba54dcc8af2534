package io.clusterbench.report;

import io.clusterbench.Format;
import io.clusterbench.result.ClassRecord;
import io.clusterbench.result.Comparison;
import io.clusterbench.result.ComparedFigure;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ObservedSummary;
import io.clusterbench.result.Spread;
import io.clusterbench.result.SweepSummary;
import io.clusterbench.result.ThreadClasses;
import io.clusterbench.result.DerivedVariables;
import io.clusterbench.result.VariableDiff;
import io.clusterbench.result.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.report.Html.esc;
import static io.clusterbench.Format.f;

/**
 * The tables of the HTML report. Formats only figures the result holds. Thread-safe (stateless).
 */
final class HtmlTables {
    private HtmlTables() {
    }

    /** @return label, file, workload, server, start time and runs of each result */
    static String sources(List<NamedResult> results) {
        List<List<String>> rows = new ArrayList<>();
        for (NamedResult r : results) {
            var doc = r.doc();
            rows.add(List.of("<b>" + esc(r.label()) + "</b>", "<code>" + esc(r.source()) + "</code>",
                    esc(r.workloads()), esc(doc.server() == null ? "" : doc.server().version()
                            + (doc.server().embedded() ? " (embedded)" : "")), esc(doc.startedAt()),
                    Integer.toString(r.measuredRuns().size()),
                    "<code>" + esc(doc.command() == null ? "" : String.join(" ", doc.command())) + "</code>"));
        }
        return Html.table(List.of("", "result", "workload", "server", "started (UTC)", RUNS.key(), "command"), rows);
    }

    /** @return per thread count: runs, tps, p95 and p99 as median [min–max], then the peak and knee line */
    static String sweep(SweepSummary s) {
        List<List<String>> rows = new ArrayList<>();
        for (SweepSummary.Point p : s.points()) {
            rows.add(List.of(Integer.toString(p.threads()), Integer.toString(p.repeats()),
                    esc(spread(p.tps(), 1)), esc(spread(p.p95Micros(), 1000)), esc(spread(p.p99Micros(), 1000))));
        }
        String spread = s.points().stream().anyMatch(p -> p.repeats() > 1) ? " " + SPREAD.key() : "";
        String table = Html.table(List.of(THREADS_COLUMN.key(), RUNS.key(), TPS.key() + spread,
                LATENCY_P95.key() + " (ms)" + spread, LATENCY_P99.key() + " (ms)" + spread), rows);
        String knee = s.kneeThreads() == null
                ? "none in this range (every step added >= 5% median tps)"
                : ReportCharts.threads(s.kneeThreads());
        if (s.points().size() < 2) {
            return table;
        }
        return table + "<p>" + esc(PEAK.key()) + ": " + (s.peakThreads() == 0 ? "-" : ReportCharts.threads(s.peakThreads()))
                + " · " + esc(KNEE.key()) + ": " + esc(knee) + "</p>\n";
    }

    /** @return one table per compared figure: each side's median [min–max] ×n, ratio and verdict */
    static String comparison(Comparison c) {
        StringBuilder b = new StringBuilder();
        String base = c.sides().get(0).label();
        for (ComparedFigure figure : ComparedFigure.values()) {
            List<String> head = new ArrayList<>(List.of(THREADS_COLUMN.key()));
            for (int i = 0; i < c.sides().size(); i++) {
                String label = c.sides().get(i).label();
                head.add(label + " " + SPREAD.key());
                if (i > 0) {
                    head.add(RATIO.key() + " " + label + "/" + base);
                    head.add(VERDICT.key() + " " + label);
                }
            }
            List<List<String>> rows = new ArrayList<>();
            for (Comparison.Row r : c.rows(figure)) {
                List<String> row = new ArrayList<>(List.of(Integer.toString(r.threads())));
                for (int i = 0; i < c.sides().size(); i++) {
                    row.add(esc(ComparisonText.spread(figure, r.spreads().get(i))));
                    if (i > 0) {
                        Double ratio = r.ratios().get(i);
                        row.add(ratio == null ? "-" : Format.decimal(ratio, 3));
                        Verdict v = r.verdicts().get(i);
                        row.add("<span class=\"verdict " + v.kind().name().toLowerCase(java.util.Locale.ROOT)
                                + "\">" + esc(v.text()) + "</span>");
                    }
                }
                rows.add(row);
            }
            String title = figure == ComparedFigure.TPS ? "tps (events/s)" : figure.key() + " latency (ms)";
            b.append("<h3>").append(esc(title)).append("</h3>\n").append(Html.table(head, rows));
        }
        for (String note : c.notes()) {
            b.append("<p class=\"note\">note: ").append(esc(note)).append("</p>\n");
        }
        return b.toString();
    }

    /** @return the differing run options, or a sentence saying there are none */
    static String options(Comparison c) {
        if (c.options().isEmpty()) {
            return "<p>None: every run option has the same value (the seed is not compared).</p>\n";
        }
        return entries(c, c.options(), "option", false);
    }

    /** @return the differing table properties, or a sentence saying there are none */
    static String tables(Comparison c) {
        if (c.tables().isEmpty()) {
            return "<p>None: every table recorded has the same engine, charset, collation, row format and create "
                    + "options.</p>\n";
        }
        return entries(c, c.tables(), "property", false);
    }

    /** @return the differing server variables, or a sentence saying there are none */
    static String variables(Comparison c) {
        if (c.variables().isEmpty()) {
            return "<p>None: every compared variable has the same value (ports, paths, ids and positions are not "
                    + "compared).</p>\n";
        }
        return entries(c, c.variables(), "variable", true);
    }

    /** @param derived whether to add the column saying which differences follow from another ({@link DerivedVariables}) */
    private static String entries(Comparison c, List<VariableDiff.Entry> entries, String what, boolean derived) {
        List<String> head = new ArrayList<>(List.of(what));
        c.sides().forEach(s -> head.add(s.label()));
        boolean anyDerived = derived && entries.stream().anyMatch(e -> !DerivedVariables.note(e, entries).isEmpty());
        if (anyDerived) {
            head.add("why");
        }
        List<List<String>> rows = new ArrayList<>();
        for (VariableDiff.Entry e : entries) {
            List<String> row = new ArrayList<>(List.of("<code>" + esc(e.name()) + "</code>"));
            e.values().forEach(v -> row.add(v == null ? "<i>absent</i>" : "<code>" + esc(v) + "</code>"));
            if (anyDerived) {
                row.add(esc(DerivedVariables.note(e, entries)));
            }
            rows.add(row);
        }
        return Html.table(head, rows);
    }

    /** @return one table per thread count: count, hit rate and latency (ms) of each statement class */
    static String classes(List<ThreadClasses> byThreads) {
        StringBuilder b = new StringBuilder();
        for (ThreadClasses t : byThreads) {
            boolean rowsShown = t.classes().stream().anyMatch(c -> c.rows() > 0);
            List<String> head = new ArrayList<>(List.of("class", "count", HIT_RATE.key(), LATENCY_MEAN.key(),
                    LATENCY_P50.key(), LATENCY_P95.key(), LATENCY_P99.key(), LATENCY_MAX.key()));
            if (rowsShown) {
                head.add(ROWS.key());
            }
            List<List<String>> rows = new ArrayList<>();
            for (ClassRecord c : t.classes()) {
                LatencySummary l = c.latency();
                List<String> row = new ArrayList<>(List.of(esc(c.name()), Long.toString(c.statements()),
                        c.hitRatePercent() == null ? "-" : Format.decimal(c.hitRatePercent(), 2) + "%", Format.decimal(l.meanMicros() / 1000, 2),
                        ms(l.p50Micros()), ms(l.p95Micros()), ms(l.p99Micros()), ms(l.maxMicros())));
                if (rowsShown) {
                    row.add(Long.toString(c.rows()));
                }
                rows.add(row);
            }
            b.append("<h4>").append(ReportCharts.threads(t.threads())).append(" (").append(t.runs()).append(t.runs() == 1 ? " run" : " runs")
                    .append(" merged; latency in ms)</h4>\n").append(Html.table(head, rows));
        }
        return b.toString();
    }

    /** @return observer figures per thread count as median [min–max] of the run means */
    static String observed(ObservedSummary s) {
        TreeSet<Integer> threads = new TreeSet<>();
        s.figures().forEach(f -> threads.addAll(f.byThreads().keySet()));
        List<String> head = new ArrayList<>(List.of("figure", "unit"));
        boolean spread = s.figures().stream().anyMatch(f -> f.byThreads().values().stream().anyMatch(x -> x.count() > 1));
        threads.forEach(t -> head.add(ReportCharts.threads(t) + (spread ? " " + SPREAD.key() : "")));
        List<List<String>> rows = new ArrayList<>();
        for (ObservedSummary.Figure fig : s.figures()) {
            DisplayNames.Name name = DisplayNames.of(fig.observer() + "." + fig.key());
            List<String> row = new ArrayList<>(List.of(esc(name.words()), esc(name.unit())));
            for (int t : threads) {
                Spread sp = fig.byThreads().get(t);
                row.add(sp == null ? "-" : esc(spread(sp, name.divisor())));
            }
            rows.add(row);
        }
        return Html.table(head, rows);
    }

    /** @return {@code median [min–max] ×n}, or the one value alone when one run gave it (no spread to show) */
    private static String spread(Spread s, double scale) {
        return s.count() == 1 ? f("%.2f", s.median() / scale)
                : f("%.2f [%.2f–%.2f] ×%d", s.median() / scale, s.min() / scale, s.max() / scale, s.count());
    }

    private static String ms(long micros) {
        return Format.decimal(micros / 1000.0, 2);
    }
}
