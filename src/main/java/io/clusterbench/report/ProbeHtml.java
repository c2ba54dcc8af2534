package io.clusterbench.report;

import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.ProbeDocument;
import io.clusterbench.result.ProbeLevelRecord;
import io.clusterbench.result.ProbePair;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.report.Html.esc;
import static io.clusterbench.Format.f;

/**
 * The HTML page of a stale-read probe ({@code clusterbench report PROBE_DIR}), from {@code probe.json} only: the
 * probe's head (command, topology, bounds), the level table, charts of the stale rate with its 95% interval and of
 * visibility and read latency per level, the per-pair stale rate of every level as a chart and as tables, blocked
 * nodes, node states, the GTID waits and the probe time (docs/metrics.md, "Stale-read probe"). Self-contained like
 * {@link HtmlReport} (same script, style and render status for the Chromium check).
 *
 * <p>Thread-safe (stateless).
 */
public final class ProbeHtml {
    private ProbeHtml() {
    }

    /**
     * @param doc         the probe's result
     * @param source      where it was read from, shown in the header
     * @param generatedAt when the page is made (ISO-8601)
     * @return the page
     */
    public static String render(ProbeDocument doc, String source, String generatedAt) {
        List<ChartSpec> charts = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        b.append("<h1>clusterbench stale-read probe</h1>\n<p class=\"meta\">Generated ").append(esc(generatedAt))
                .append(" from <code>").append(esc(source)).append("</code> · charts: Chart.js ")
                .append(esc(ChartJs.version())).append(" (MIT licence), inlined · every figure is defined in "
                        + "docs/metrics.md, \"Stale-read probe\"</p>\n");
        b.append(summary(doc)).append(head(doc));
        List<ProbeLevelRecord> levels = doc.levels();
        b.append("<h2>Per consistency level</h2>\n").append(levelTable(levels));
        for (ProbeLevelRecord r : levels) {
            if (r.validity() != null) {
                b.append(ValidityBlock.html(r.validity(), "Validity at level " + r.level()));
            }
        }
        List<String> names = levels.stream().map(ProbeLevelRecord::level).toList();
        b.append("<div class=\"grid\">\n");
        b.append(HtmlReport.canvas(charts, staleChart(levels, names)));
        b.append(HtmlReport.canvas(charts, latencyChart(levels, names)));
        b.append("</div>\n<h2>Per node pair (writer -> reader)</h2>\n");
        b.append(HtmlReport.canvas(charts, pairChart(levels)));
        for (ProbeLevelRecord r : levels) {
            b.append("<h3>").append(esc(PROBE_PAIRS.key().replace(" L", " " + r.level()))).append("</h3>\n")
                    .append(pairTable(r));
        }
        b.append("<h2>Nodes and time</h2>\n<pre>");
        String gtid = ProbeText.gtidLine(doc.gtidWait());
        if (!gtid.isEmpty()) {
            b.append(esc(gtid)).append('\n');
        }
        b.append(esc(ProbeText.nodes(doc))).append("</pre>\n");
        return HtmlReport.page(b.toString(), charts);
    }

    /** @return the few lines at the top: what ran, the stale rate per level, what limits trust in it */
    private static String summary(ProbeDocument doc) {
        List<String> rates = new ArrayList<>();
        long timeouts = 0;
        long errors = 0;
        long blocked = 0;
        int pairs = 0;
        for (ProbeLevelRecord r : doc.levels()) {
            List<Double> ci = r.staleRateCi95Percent();
            rates.add("level " + r.level() + " " + io.clusterbench.Format.decimal(r.staleRatePercent(), 2) + "% stale"
                    + (ci != null && ci.size() == 2 ? " [" + io.clusterbench.Format.decimal(ci.get(0), 2) + "%, "
                    + io.clusterbench.Format.decimal(ci.get(1), 2) + "%]" : "") + " of " + r.samples());
            timeouts += r.visibilityTimeouts();
            errors += r.errors();
            blocked += r.blockedCommits() + r.blockedReads();
            pairs = Math.max(pairs, r.pairs() == null ? 0 : r.pairs().size());
        }
        StringBuilder b = new StringBuilder("<div class=\"summary\" id=\"summary\">\n<p><b>What ran</b>: ")
                .append(esc(doc.command() == null ? "probe" : String.join(" ", doc.command()))).append(" over ").append(pairs)
                .append(pairs == 1 ? " node pair" : " node pairs").append(", ").append(doc.levels().size())
                .append(doc.levels().size() == 1 ? " consistency level" : " consistency levels").append(".</p>\n");
        b.append("<p><b>Stale reads</b> (95% interval): ").append(esc(String.join("; ", rates))).append(".</p>\n");
        List<String> flagged = new ArrayList<>();
        for (ProbeLevelRecord r : doc.levels()) {
            if (r.validity() != null && !r.validity().clean()) {
                flagged.add("level " + r.level() + " " + r.validity().names());
            }
        }
        if (timeouts + errors + blocked > 0 || !flagged.isEmpty()) {
            b.append("<p class=\"note\"><b>Validity</b>: ");
            if (!flagged.isEmpty()) {
                b.append("flagged ").append(esc(String.join("; ", flagged))).append(timeouts + errors + blocked > 0
                        ? "; " : "");
            }
            if (timeouts + errors + blocked > 0) {
                b.append(timeouts).append(" visibility timeouts, ").append(errors).append(" errors, ").append(blocked)
                        .append(" blocked commits or reads");
            }
            b.append(" (below).</p>\n");
        }
        return b.append("</div>\n").toString();
    }

    /**
     * Renders and writes the page.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static void write(Path file, ProbeDocument doc, String source, String generatedAt) {
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

    private static String head(ProbeDocument doc) {
        StringBuilder b = new StringBuilder("<p>Started ").append(esc(doc.startedAt())).append(" · ")
                .append(doc.samplesPerPair()).append(" samples per pair and level · step timeout ")
                .append(doc.stepTimeoutMillis()).append(" ms · visibility timeout ").append(doc.visibilityTimeoutMillis())
                .append(" ms</p>\n");
        if (doc.command() != null) {
            b.append("<p><code>").append(esc(String.join(" ", doc.command()))).append("</code></p>\n");
        }
        Map<String, Object> t = doc.topology();
        if (t != null && t.get("members") instanceof List<?> members && !members.isEmpty()) {
            b.append("<p>Topology: ").append(esc(String.valueOf(t.get("flavor")))).append(' ')
                    .append(esc(String.valueOf(t.get("version")))).append(", size ")
                    .append(esc(String.valueOf(t.get("clusterSize")))).append("</p>\n");
            List<List<String>> rows = new ArrayList<>();
            for (Object o : members) {
                if (o instanceof Map<?, ?> m) {
                    rows.add(List.of(esc(String.valueOf(m.get("name"))), esc(String.valueOf(m.get("state"))),
                            esc(String.valueOf(m.get("endpoint")))));
                }
            }
            b.append(Html.table(List.of(NODE.key(), "state", ENDPOINT.key()), rows));
        }
        return b.toString();
    }

    private static String levelTable(List<ProbeLevelRecord> levels) {
        List<List<String>> rows = new ArrayList<>();
        for (ProbeLevelRecord r : levels) {
            rows.add(List.of(esc(r.level()), Long.toString(r.samples()), Long.toString(r.staleReads()),
                    ProbeText.rate(r.staleRatePercent(), List.of(r.ciLowPercent(), r.ciHighPercent())),
                    ProbeText.triple(r.visibility()), Long.toString(r.visibilityTimeouts()),
                    ProbeText.triple(r.readLatency()), Long.toString(r.blockedCommits() + r.blockedReads()),
                    Long.toString(r.errors()), r.backgroundTps() == null ? "-" : f("%.2f", r.backgroundTps()),
                    esc(r.consistency())));
        }
        return Html.table(List.of(PROBE_LEVEL.key(), PROBE_SAMPLES.key(), PROBE_STALE.key(), PROBE_STALE_RATE.key(),
                PROBE_VISIBLE.key(), PROBE_TIMEOUTS.key(), PROBE_READ_LATENCY.key(), PROBE_BLOCKED.key(),
                PROBE_ERRORS.key(), PROBE_BACKGROUND_TPS.key(), "consistency as verified"), rows);
    }

    private static String pairTable(ProbeLevelRecord r) {
        List<List<String>> rows = new ArrayList<>();
        for (ProbePair p : r.pairs()) {
            rows.add(List.of(esc(p.writer() + " -> " + p.reader()), Long.toString(p.samples()), Long.toString(p.stale()),
                    ProbeText.rate(p.staleRatePercent(), p.staleRateCi95Percent()), Long.toString(p.timeouts()), Long.toString(p.blockedCommits()),
                    Long.toString(p.blockedReads()), f("%.1f", p.blockedMillis() / 1000.0), Long.toString(p.errors())));
        }
        return Html.table(List.of(PROBE_PAIR.key(), PROBE_SAMPLES.key(), PROBE_STALE.key(), PROBE_STALE_RATE.key(),
                PROBE_TIMEOUTS.key(), PROBE_BLOCKED_COMMITS.key(), PROBE_BLOCKED_READS.key(),
                PROBE_BLOCKED_SECONDS.key(), PROBE_ERRORS.key()), rows);
    }

    private static ChartSpec staleChart(List<ProbeLevelRecord> levels, List<String> names) {
        return ChartSpec.categorical("probe-stale", "stale rate per level, with its 95% Wilson interval",
                "consistency level", names, "stale reads (%)", List.of(
                        series("95% CI max", "bandHigh", 0, levels, ProbeLevelRecord::ciHighPercent),
                        series("95% CI min", "bandLow", 0, levels, ProbeLevelRecord::ciLowPercent),
                        series("stale rate", "line", 0, levels, ProbeLevelRecord::staleRatePercent)));
    }

    private static ChartSpec latencyChart(List<ProbeLevelRecord> levels, List<String> names) {
        // a level with nothing timed (no stale read to see become visible) has no point, not a point at 0 ms
        Function<Function<ProbeLevelRecord, LatencySummary>, Function<ProbeLevelRecord, Double>> p99 =
                h -> r -> h.apply(r) == null || h.apply(r).count() == 0 ? null : h.apply(r).p99Micros() / 1000.0;
        Function<Function<ProbeLevelRecord, LatencySummary>, Function<ProbeLevelRecord, Double>> p50 =
                h -> r -> h.apply(r) == null || h.apply(r).count() == 0 ? null : h.apply(r).p50Micros() / 1000.0;
        return ChartSpec.categorical("probe-latency", "visibility time and first-read latency per level",
                "consistency level", names, "ms", List.of(
                        series("visible p50", "line", 1, levels, p50.apply(ProbeLevelRecord::visibility)),
                        series("visible p99", "dashed", 1, levels, p99.apply(ProbeLevelRecord::visibility)),
                        series("read p50", "line", 2, levels, p50.apply(ProbeLevelRecord::readLatency)),
                        series("read p99", "dashed", 2, levels, p99.apply(ProbeLevelRecord::readLatency))));
    }

    /** @return stale % per ordered pair (x), one series per level */
    private static ChartSpec pairChart(List<ProbeLevelRecord> levels) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (ProbeLevelRecord r : levels) {
            r.pairs().forEach(p -> index.putIfAbsent(p.writer() + " -> " + p.reader(), index.size()));
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        int color = 0;
        for (ProbeLevelRecord r : levels) {
            List<ChartSpec.Point> points = new ArrayList<>();
            for (ProbePair p : r.pairs()) {
                points.add(new ChartSpec.Point(index.get(p.writer() + " -> " + p.reader()), p.staleRatePercent()));
            }
            series.add(new ChartSpec.Series("level " + r.level(), "dots", color++, points));
        }
        return ChartSpec.categorical("probe-pairs", "stale rate per node pair and level", "writer -> reader",
                List.copyOf(index.keySet()), "stale reads (%)", series);
    }

    private static ChartSpec.Series series(String label, String kind, int color, List<ProbeLevelRecord> levels,
                                           Function<ProbeLevelRecord, Double> y) {
        List<ChartSpec.Point> points = new ArrayList<>();
        for (int i = 0; i < levels.size(); i++) {
            points.add(new ChartSpec.Point(i, y.apply(levels.get(i))));
        }
        return new ChartSpec.Series(label, kind, color, points);
    }
}
