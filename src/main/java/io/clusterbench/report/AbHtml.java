package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.AbRun;
import io.clusterbench.ab.PairedRatio;
import io.clusterbench.ab.Side;
import io.clusterbench.ab.SideRecord;
import io.clusterbench.ab.ThreadVerdict;
import io.clusterbench.result.DerivedVariables;
import io.clusterbench.result.VariableDiff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import static io.clusterbench.report.Html.esc;
import static io.clusterbench.Format.f;

/**
 * The A/B page of the HTML report ({@code ab} writes it as report.html; {@code report} renders it for an
 * A/B result.json): warnings first, both builds, the summary line, the B/A tps and p95 ratios vs threads
 * with their 95% confidence bands, per-side tps and p95 curves, every run as a dot over time (drift
 * shows as a slope shared by both sides), the verdict table and the differing variables.
 *
 * <p>Thread-safe (stateless).
 */
public final class AbHtml {
    private AbHtml() {
    }

    /** @return the page for {@code d}, generated at {@code generatedAt} (ISO-8601) */
    public static String render(AbDocument d, String generatedAt) {
        return render(d, generatedAt, null);
    }

    /**
     * @param dir the A/B result's folder, whose step folders hold the folded stacks for the differential flame
     *            graphs; null for a page without them
     * @return the page for {@code d}, generated at {@code generatedAt} (ISO-8601)
     */
    public static String render(AbDocument d, String generatedAt, Path dir) {
        List<ChartSpec> charts = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        b.append("<h1>clusterbench A/B: ").append(esc(d.workload())).append("</h1>\n<p class=\"meta\">Generated ")
                .append(esc(generatedAt)).append(" · charts: Chart.js ").append(esc(ChartJs.version()))
                .append(" (MIT licence), inlined · every figure is defined in docs/metrics.md</p>\n");
        b.append(summary(d));
        for (String w : d.warnings()) {
            b.append("<p class=\"warning\"><b>Warning:</b> ").append(esc(w)).append("</p>\n");
        }
        List<List<String>> sides = new ArrayList<>();
        for (SideRecord s : d.sides()) {
            sides.add(List.of(s.side().name(), esc(s.version()), esc(s.versionComment()),
                    "<code>" + esc(s.binary() != null ? s.binary() : String.valueOf(s.target().get("endpoints"))) + "</code>",
                    "<code>" + esc(String.join(" ", s.serverOptions())) + "</code>"));
        }
        b.append(Html.table(List.of("side", "version", "version comment", "server", "options"), sides));
        b.append(builds(d));
        if (!d.intended().isEmpty()) {
            b.append("<p>Set per side (").append(esc(AbSidesText.sideNames(d))).append("): ")
                    .append(esc(String.join(", ", d.intended()))).append("</p>\n");
        }
        AbDocument.Plan p = d.plan();
        b.append("<p>").append(f("%s per thread count, %d s per step, order %s: ", d.manySides()
                        ? io.clusterbench.Format.count(p.repeats(), "block") + " (Williams design)"
                        : io.clusterbench.Format.count(p.repeats(), "pair"), p.timeSeconds(), AbText.orderText(p)))
                .append("<code>").append(esc(p.scheduleLetters())).append("</code></p>\n");
        b.append("<p><b>").append(esc(Figure.AB_SUMMARY.key())).append(":</b> ").append(esc(d.summary())).append("</p>\n");
        AbText.orderEffects(d).ifPresent(line -> b.append("<p>").append(esc(line)).append("</p>\n"));
        b.append(d.manySides() ? AbSidesHtml.intro(d) : "<p>Ratios are B/A with a 95% confidence interval from the "
                + "paired runs (" + esc(AbText.methods(d)) + "); a band that does not cross 0% is a resolved "
                + "difference.</p>\n").append("<div class=\"grid\">\n");
        b.append(HtmlReport.canvas(charts, ratioChart(d, "ab-tps", d.manySides() ? "tps vs " + d.baselineName()
                + " (the baseline) vs threads" : "B/A tps vs threads", ThreadVerdict::tps)));
        b.append(HtmlReport.canvas(charts, ratioChart(d, "ab-p95", d.manySides() ? "p95 vs " + d.baselineName()
                + " (the baseline) vs threads" : "B/A p95 vs threads", ThreadVerdict::p95)));
        b.append(HtmlReport.canvas(charts, sideChart(d, "ab-side-tps", "tps per side (median)", "tps (events/s)",
                ThreadVerdict::medianTpsA, ThreadVerdict::medianTpsB)));
        b.append(HtmlReport.canvas(charts, sideChart(d, "ab-side-p95", "p95 per side (median)", "p95 (ms)",
                v -> v.medianP95MicrosA() / 1000, v -> v.medianP95MicrosB() / 1000)));
        b.append(HtmlReport.canvas(charts, dots(d)));
        b.append("</div>\n<h2>Verdict per thread count</h2>\n")
                .append(d.manySides() ? AbSidesHtml.verdictTable(d) : verdictTable(d));
        StringBuilder validity = new StringBuilder();
        for (ThreadVerdict v : d.verdicts()) {
            if (v.validity() != null) {
                validity.append(ValidityBlock.html(v.validity(), "Validity at " + ReportCharts.threads(v.threads())
                        + (d.manySides() ? ", " + v.sideName() + " vs " + v.baselineName() : "")));
            }
        }
        if (!validity.isEmpty()) {
            b.append("<h3>Validity</h3>\n").append(validity);
        }
        b.append(d.manySides() ? AbSidesHtml.explain(d) : explain(d));
        b.append(FlameHtml.abDiff(d, dir));
        b.append("<h2>").append(esc(Html.heading(Figure.DIFFERING_VARIABLES.key()))).append("</h2>\n");
        java.util.Set<String> set = new java.util.HashSet<>();
        d.intended().forEach(i -> set.add(i.split(" ", 2)[0].toLowerCase(java.util.Locale.ROOT)));
        List<List<String>> vars = new ArrayList<>();
        for (VariableDiff.Entry e : d.variableDiff()) {
            String derived = DerivedVariables.note(e, d.variableDiff());
            String note = set.contains(e.name().toLowerCase(java.util.Locale.ROOT)) && derived.isEmpty() ? "set per side"
                    : !derived.isEmpty() ? esc(derived) : "<b>not set per side</b>";
            List<String> row = new ArrayList<>(List.of("<code>" + esc(e.name()) + "</code>"));
            e.values().forEach(v -> row.add("<code>" + esc(v) + "</code>"));
            row.add(note);
            vars.add(row);
        }
        List<String> head = new ArrayList<>(List.of("variable"));
        d.sideList().forEach(s -> head.add(s.name()));
        head.add("why");
        b.append(vars.isEmpty() ? "<p>None.</p>\n" : Html.table(head, vars));
        return HtmlReport.page(b.toString(), charts);
    }

    /**
     * @return "explain: what changed, B vs A" with one table per thread count (the rows of the console block,
     * {@link AbExplainText}); "" when no thread count has explain facts
     */
    static String explain(AbDocument d) {
        List<ThreadVerdict> with = d.verdicts().stream().filter(v -> v.explain() != null).toList();
        if (with.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<h2>").append(esc(Figure.AB_EXPLAIN.key())).append("</h2>\n<p>")
                .append(esc(AbExplainText.TITLE.substring(Figure.AB_EXPLAIN.key().length()).strip()))
                .append(esc("; docs/metrics.md, \"What changed, B vs A\"")).append("</p>\n");
        for (ThreadVerdict v : with) {
            b.append("<h3>").append(esc(AbExplainText.heading(v))).append("</h3>\n");
            List<List<String>> rows = new ArrayList<>();
            AbExplainText.rows(v).forEach(r -> rows.add(r.stream().map(Html::esc).toList()));
            b.append(Html.table(List.of("figure", "A", "B", "B vs A"), rows));
        }
        return b.toString();
    }

    /**
     * Renders and writes the page.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, AbDocument d, String generatedAt) {
        try {
            Files.writeString(file, render(d, generatedAt, file.toAbsolutePath().getParent()),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the few lines at the top: what ran, the verdict, what limits trust in it */
    private static String summary(AbDocument d) {
        AbDocument.Plan p = d.plan();
        List<String> sides = new ArrayList<>();
        for (SideRecord s : d.sides()) {
            sides.add(s.side().name() + " = " + s.version()
                    + (s.serverOptions().isEmpty() ? "" : " " + String.join(" ", s.serverOptions())));
        }
        StringBuilder b = new StringBuilder("<div class=\"summary\" id=\"summary\">\n<p><b>What ran</b>: ")
                .append(esc(d.workload())).append(", ").append(esc(String.join("; ", sides))).append("; ")
                .append(p.repeats()).append(d.manySides() ? (p.repeats() == 1 ? " block" : " blocks")
                        : p.repeats() == 1 ? " pair" : " pairs").append(" at each of ")
                .append(esc(p.threads().stream().map(ReportCharts::threads).collect(java.util.stream.Collectors
                        .joining(", ")))).append(", ").append(p.timeSeconds()).append(" s per step.</p>\n");
        b.append("<p><b>Verdict</b>: ").append(esc(d.summary())).append("</p>\n");
        List<String> limits = new ArrayList<>();
        for (ThreadVerdict v : d.verdicts()) {
            if (v.validity() != null && !v.validity().clean()) {
                java.util.Set<String> names = new java.util.LinkedHashSet<>();
                v.validity().flags().forEach(f -> names.add(f.evidence().matches("^[AB] run \\d+: .*")
                        ? f.evidence().charAt(0) + " " + f.flag() : f.flag()));
                limits.add(ReportCharts.threads(v.threads()) + ": " + String.join(", ", names));
            }
        }
        if (!d.warnings().isEmpty()) {
            limits.add(d.warnings().size() + (d.warnings().size() == 1 ? " unintended difference"
                    : " unintended differences") + " between the sides (below)");
        }
        if (!limits.isEmpty()) {
            b.append("<p class=\"note\"><b>Validity</b>: ").append(esc(String.join("; ", limits))).append(".</p>\n");
        }
        return b.append("</div>\n").toString();
    }

    /** @return the build facts (version_compile_*, version_source_revision) as one row per variable, one column per side */
    private static String builds(AbDocument d) {
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        d.sides().forEach(s -> names.addAll(s.compile().keySet()));
        if (names.isEmpty()) {
            return "";
        }
        List<List<String>> rows = new ArrayList<>();
        for (String n : names) {
            List<String> row = new ArrayList<>(List.of("<code>" + esc(n) + "</code>"));
            d.sides().forEach(s -> row.add(esc(s.compile().getOrDefault(n, "-"))));
            rows.add(row);
        }
        List<String> head = new ArrayList<>(List.of("build"));
        d.sides().forEach(s -> head.add(s.side().name()));
        return "<h2>Builds</h2>\n" + Html.table(head, rows);
    }

    /**
     * Each compared side's ratio to the baseline (percent) against threads, with its interval as a band in the side's
     * colour; with two sides the one series is "B/A" as before.
     */
    private static ChartSpec ratioChart(AbDocument d, String id, String title, Function<ThreadVerdict, PairedRatio> f) {
        List<ChartSpec.Series> s = new ArrayList<>();
        List<ChartSpec.Point> zero = new ArrayList<>();
        List<Side> order = d.sideList();
        for (Side side : order) {
            List<ThreadVerdict> vs = d.verdicts().stream().filter(v -> v.sideName().equals(side.name())).toList();
            if (vs.isEmpty()) {
                continue;
            }
            List<ChartSpec.Point> mid = new ArrayList<>();
            List<ChartSpec.Point> hi = new ArrayList<>();
            List<ChartSpec.Point> lo = new ArrayList<>();
            for (ThreadVerdict v : vs) {
                PairedRatio r = f.apply(v);
                if (r.pairs() == 0) {
                    continue;
                }
                mid.add(new ChartSpec.Point(v.threads(), r.percent()));
                if (zero.stream().noneMatch(p -> p.x() == v.threads())) {
                    zero.add(new ChartSpec.Point(v.threads(), 0.0));
                }
                if (r.pairs() >= 2) {
                    hi.add(new ChartSpec.Point(v.threads(), r.highPercent()));
                    lo.add(new ChartSpec.Point(v.threads(), r.lowPercent()));
                }
            }
            String label = d.manySides() ? side + "/" + d.baselineName() : "B/A";
            String band = d.manySides() ? label + " " : "";
            int color = d.manySides() ? order.indexOf(side) : 0;
            if (!hi.isEmpty()) {
                s.add(new ChartSpec.Series(band + "95% CI max", "bandHigh", color, hi));
                s.add(new ChartSpec.Series(band + "95% CI min", "bandLow", color, lo));
            }
            if (!mid.isEmpty()) {
                s.add(new ChartSpec.Series(label, "line", color, mid));
            }
        }
        if (!zero.isEmpty()) {
            zero.sort(java.util.Comparator.comparingDouble(ChartSpec.Point::x));
            s.add(new ChartSpec.Series("no difference", "dashed", 7, zero));
        }
        return new ChartSpec(id, title, "threads", d.manySides() ? "vs " + d.baselineName() + " (%)" : "B vs A (%)", s);
    }

    /** Each side's median against threads ({@code a}: the baseline's, {@code b}: the compared side's). */
    private static ChartSpec sideChart(AbDocument d, String id, String title, String yTitle,
                                       ToDoubleFunction<ThreadVerdict> a, ToDoubleFunction<ThreadVerdict> b) {
        Map<String, List<ChartSpec.Point>> points = new java.util.LinkedHashMap<>();
        d.sideList().forEach(side -> points.put(side.name(), new ArrayList<>()));
        java.util.Set<Integer> baseDone = new java.util.HashSet<>();
        for (ThreadVerdict v : d.verdicts()) {
            if (Double.isNaN(a.applyAsDouble(v)) || Double.isNaN(b.applyAsDouble(v))) {
                continue;
            }
            if (baseDone.add(v.threads())) {
                points.computeIfAbsent(v.baselineName(), k -> new ArrayList<>())
                        .add(new ChartSpec.Point(v.threads(), a.applyAsDouble(v)));
            }
            points.computeIfAbsent(v.sideName(), k -> new ArrayList<>())
                    .add(new ChartSpec.Point(v.threads(), b.applyAsDouble(v)));
        }
        List<ChartSpec.Series> s = new ArrayList<>();
        int color = 0;
        for (Map.Entry<String, List<ChartSpec.Point>> e : points.entrySet()) {
            if (!e.getValue().isEmpty()) {
                s.add(new ChartSpec.Series(e.getKey(), "line", color, e.getValue()));
            }
            color++;
        }
        return new ChartSpec(id, title, "threads", yTitle, s);
    }

    /** Every run's tps as a percentage of the baseline's median at its thread count, against its start time. */
    private static ChartSpec dots(AbDocument d) {
        Map<Integer, Double> medianA = new HashMap<>();
        d.verdicts().forEach(v -> medianA.putIfAbsent(v.threads(), v.medianTpsA()));
        Map<Side, List<ChartSpec.Point>> points = new HashMap<>();
        for (AbRun r : d.runs()) {
            Double m = medianA.get(r.step().threads());
            if (r.completed() && m != null && m > 0) {
                points.computeIfAbsent(r.step().side(), k -> new ArrayList<>())
                        .add(new ChartSpec.Point(Math.round(r.startedSeconds()), 100 * r.tps() / m));
            }
        }
        List<ChartSpec.Series> s = new ArrayList<>();
        List<Side> order = d.sideList();
        for (int i = 0; i < order.size(); i++) {
            if (points.containsKey(order.get(i))) {
                s.add(new ChartSpec.Series(order.get(i).name(), "dots", i, points.get(order.get(i))));
            }
        }
        String base = d.baselineName();
        return new ChartSpec("ab-runs", "every run over time (tps as % of " + base + "'s median at its thread count)",
                "seconds since the comparison started", "% of " + base + " median", s);
    }

    private static String verdictTable(AbDocument d) {
        List<List<String>> rows = new ArrayList<>();
        for (ThreadVerdict v : d.verdicts()) {
            PairedRatio t = v.tps();
            rows.add(List.of(String.valueOf(v.threads()), String.valueOf(t.pairs()), f("%.2f", v.medianTpsA()),
                    f("%.2f", v.medianTpsB()), esc(t.text()),
                    Double.isNaN(t.mddPercent()) ? "-" : f("%.1f%%", t.mddPercent()),
                    t.pairsFor1Percent() == null ? "-" : String.valueOf(t.pairsFor1Percent()),
                    esc(v.p95().text()), esc(v.p99().text()),
                    v.serverCpuPerEvent() == null ? "-" : esc(v.serverCpuPerEvent().text())));
        }
        return Html.table(List.of(Figure.THREADS_COLUMN.key(), Figure.AB_PAIRS.key(), Figure.AB_TPS_A.key(),
                Figure.AB_TPS_B.key(), Figure.AB_RATIO_TPS.key(), Figure.AB_MDD.key(), Figure.AB_PAIRS_FOR_1PCT.key(),
                Figure.AB_RATIO_P95.key(), Figure.AB_RATIO_P99.key(), Figure.AB_RATIO_CPU.key()), rows);
    }
}
