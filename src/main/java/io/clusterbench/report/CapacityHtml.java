package io.clusterbench.report;

import io.clusterbench.UserException;
import io.clusterbench.report.ChartSpec.Point;
import io.clusterbench.report.ChartSpec.Series;
import io.clusterbench.result.CapacityRecord;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import static io.clusterbench.report.Html.esc;

/**
 * The capacity part of the HTML report for a result folder that holds {@code capacity.json}: the verdict with its
 * bracket, the rule, the latency-against-offered-load curve (offered rate against achieved tps, and against the
 * judged percentile with the target as a line; every run a dot, each step's median on the line) and the steps as a
 * table. Figures as in docs/metrics.md, "Capacity at a latency target".
 *
 * <p>Thread-safe (stateless).
 */
final class CapacityHtml {
    private static final String RATE_AXIS = "offered rate (events/s)";

    private CapacityHtml() {
    }

    /**
     * @param dir the result's folder, or null
     * @return its capacity search, or null when it holds none
     * @throws UserException when capacity.json is there but unreadable
     */
    static CapacityRecord read(Path dir) {
        try {
            return CapacityRecord.beside(dir);
        } catch (IOException e) {
            throw new UserException("cannot read " + dir.resolve(CapacityRecord.FILE) + ": " + e.getMessage(),
                    "give a folder written by clusterbench capacity (or sweep --target-p99)", e);
        }
    }

    /** @return the section, its charts added to {@code charts} */
    static String section(String label, CapacityRecord c, List<ChartSpec> charts) {
        String id = "r" + label + "-capacity";
        StringBuilder b = new StringBuilder("<h3>Capacity at a latency target</h3>\n");
        b.append("<p><b>").append(esc(CapacityText.verdict(c))).append("</b></p>\n");
        List<String> rule = CapacityText.rule(c);
        if (!rule.isEmpty()) {
            b.append("<p class=\"meta\">").append(esc(String.join(" ", rule.stream().map(String::strip).toList())))
                    .append("</p>\n");
        }
        b.append("<div class=\"grid\">\n");
        b.append(HtmlReport.canvas(charts, throughput(c, id + "-tps")));
        b.append(HtmlReport.canvas(charts, latency(c, id + "-latency")));
        b.append("</div>\n").append(table(c));
        return b.toString();
    }

    /** @return achieved tps against the offered rate: each run a dot, each step's median on a line, y = x dashed */
    static ChartSpec throughput(CapacityRecord c, String id) {
        List<Series> series = new ArrayList<>();
        double top = top(c);
        series.add(new Series("achieved = offered", "reference", 7, List.of(new Point(0, 0.0), new Point(top, top))));
        series.add(new Series("tps, median of each rate's runs", "line", 0,
                medians(c, s -> s.tps())));
        series.add(new Series("tps of each run", "dots", 0, runDots(c, r -> r.tps())));
        closedLoop(c).ifPresent(s -> series.add(new Series("closed loop, " + ReportCharts.threads(c.threads())
                + " (no offered rate: drawn at its tps)", "dots", 3, List.of(new Point(s.tps(), s.tps())))));
        return new ChartSpec(id, "Throughput against offered load, " + ReportCharts.threads(c.threads()), RATE_AXIS,
                "achieved tps (events/s)", series).withMarkers(markers(c));
    }

    /** @return the judged percentile against the offered rate, the target a dashed line, on a log axis */
    static ChartSpec latency(CapacityRecord c, String id) {
        String p = CapacityText.pName(c.percentile());
        List<Series> series = new ArrayList<>();
        double target = c.targetLatencyMicros() / 1000.0;
        series.add(new Series(String.format(Locale.ROOT, "target: %s within %s ms", p,
                CapacityText.ms(c.targetLatencyMicros())), "reference", 1,
                List.of(new Point(0, target), new Point(top(c), target))));
        series.add(new Series(p + ", median of each rate's runs", "line", 0,
                medians(c, s -> s.latencyMicros() / 1000.0)));
        series.add(new Series(p + " of each run", "dots", 0, runDots(c, r -> r.latencyMicros() / 1000.0)));
        closedLoop(c).ifPresent(s -> series.add(new Series("closed loop, " + ReportCharts.threads(c.threads())
                + " (drawn at its tps)", "dots", 3, List.of(new Point(s.tps(), s.latencyMicros() / 1000.0)))));
        return new ChartSpec(id, "Event latency " + p + " against offered load, " + ReportCharts.threads(c.threads()),
                RATE_AXIS, p + " latency (ms)", series).withMarkers(markers(c)).withLogY();
    }

    /** @return one row per step, by offered rate (the closed loop first) */
    static String table(CapacityRecord c) {
        String p = CapacityText.pName(c.percentile());
        List<List<String>> rows = new ArrayList<>();
        List<CapacityRecord.Step> steps = new ArrayList<>(c.steps());
        steps.sort(Comparator.comparingDouble(CapacityRecord.Step::rate));
        for (CapacityRecord.Step s : steps) {
            List<String> intervals = s.runs().stream().map(r -> CapacityText.ms(r.latencyMicros()) + " ["
                    + CapacityText.ms(r.latencyLowMicros()) + "–" + CapacityText.ms(r.latencyHighMicros()) + "]"
                    + (r.counted() ? "" : " (short, not counted)")).toList();
            rows.add(List.of(esc(s.rate() == 0 ? "closed loop" : String.format(Locale.ROOT, "%.2f", s.rate())),
                    esc(CapacityText.tpsSpread(s)), esc(CapacityText.latencySpread(s)),
                    esc(String.join("; ", intervals)), s.met() ? "met" : "missed"));
        }
        return Html.table(List.of(Figure.CAPACITY_OFFERED_RATE.key() + " (events/s)",
                Figure.TPS.key() + " " + Figure.SPREAD.key(), p + " (ms) " + Figure.SPREAD.key(),
                "each run's " + p + " (ms) [" + Figure.CAPACITY_PERCENTILE_INTERVAL.key() + "]",
                Figure.CAPACITY_STEP_VERDICT.key()), rows);
    }

    private static List<ChartSpec.Marker> markers(CapacityRecord c) {
        List<ChartSpec.Marker> out = new ArrayList<>();
        if (c.capacityTps() > 0 && !c.closedLoopMet()) {
            out.add(new ChartSpec.Marker(c.capacityTps(), String.format(Locale.ROOT, "met %.2f/s", c.capacityTps()),
                    "met"));
        }
        if (c.lowestMissedRate() != null) {
            out.add(new ChartSpec.Marker(c.lowestMissedRate(), String.format(Locale.ROOT, "missed %.2f/s",
                    c.lowestMissedRate()), "missed"));
        }
        return out;
    }

    private static java.util.Optional<CapacityRecord.Step> closedLoop(CapacityRecord c) {
        return c.steps().stream().filter(s -> s.rate() == 0).findFirst();
    }

    /** @return the right end of the rate axis: the highest rate or tps shown, plus 5 % */
    private static double top(CapacityRecord c) {
        double max = c.steps().stream().mapToDouble(s -> Math.max(s.rate(), s.tps())).max().orElse(1);
        return Math.round(max * 1.05 * 100) / 100.0;
    }

    private static List<Point> medians(CapacityRecord c, java.util.function.ToDoubleFunction<CapacityRecord.Step> y) {
        return c.steps().stream().filter(s -> s.rate() > 0)
                .sorted(Comparator.comparingDouble(CapacityRecord.Step::rate))
                .map(s -> new Point(s.rate(), y.applyAsDouble(s))).toList();
    }

    private static List<Point> runDots(CapacityRecord c, java.util.function.ToDoubleFunction<CapacityRecord.Run> y) {
        List<Point> out = new ArrayList<>();
        c.steps().stream().filter(s -> s.rate() > 0).sorted(Comparator.comparingDouble(CapacityRecord.Step::rate))
                .forEach(s -> s.counted().forEach(r -> out.add(new Point(s.rate(), y.applyAsDouble(r)))));
        return out;
    }
}
