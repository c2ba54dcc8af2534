package io.clusterbench.report;

import io.clusterbench.report.ChartSpec.Point;
import io.clusterbench.report.ChartSpec.Series;
import io.clusterbench.result.Comparison;
import io.clusterbench.result.ComparedFigure;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.Intervals;
import io.clusterbench.result.LatencySpread;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ObservedSummary;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.Spread;
import io.clusterbench.result.SweepSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The charts of the HTML report as {@link ChartSpec}s: only figures the result holds, converted to display
 * units (µs → ms, bytes → MB). Thread-safe (stateless).
 */
final class ReportCharts {
    private ReportCharts() {
    }

    /** @return median tps with its min–max band per thread count, one colour per result */
    static ChartSpec throughput(List<NamedResult> results) {
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            SweepSummary sweep = SweepSummary.of(results.get(i).measuredRuns());
            band(series, results.get(i).label() + " tps", i, sweep.points(), SweepSummary.Point::threads,
                    SweepSummary.Point::tps, 1);
        }
        return new ChartSpec("tps-vs-threads", "Throughput vs threads (median, band: min–max over repeats)",
                "threads", "tps (events/s)", series);
    }

    /** @return p50, p95, p99, p99.9 medians (p95, p99 with min–max bands) per thread count, in ms */
    static ChartSpec latency(NamedResult r, String id) {
        List<LatencySpread> points = LatencySpread.of(r.measuredRuns());
        List<Series> series = new ArrayList<>();
        series.add(line(r.label() + " p50", "dashed", 0, points, LatencySpread::p50Micros));
        band(series, r.label() + " p95", 1, points, LatencySpread::threads, LatencySpread::p95Micros, 1000);
        band(series, r.label() + " p99", 2, points, LatencySpread::threads, LatencySpread::p99Micros, 1000);
        series.add(line(r.label() + " p99.9", "dashed", 3, points, LatencySpread::p999Micros));
        return new ChartSpec(id, r.label() + ": event latency percentiles vs threads (median over repeats)",
                "threads", "latency (ms)", series);
    }

    /** @return each side's median ÷ baseline median for tps (solid) and p95 (dashed), with the 1.0 line */
    static ChartSpec ratios(Comparison c) {
        List<Series> series = new ArrayList<>();
        String base = c.sides().get(0).label();
        List<Point> one = new ArrayList<>();
        for (Comparison.Row r : c.rows(ComparedFigure.TPS)) {
            one.add(new Point(r.threads(), 1.0));
        }
        series.add(new Series(base + " (baseline) = 1", "dashed", 0, one));
        for (int i = 1; i < c.sides().size(); i++) {
            String label = c.sides().get(i).label();
            series.add(new Series(label + "/" + base + " tps", "line", i, ratioPoints(c.rows(ComparedFigure.TPS), i)));
            series.add(new Series(label + "/" + base + " p95", "dashed", i, ratioPoints(c.rows(ComparedFigure.P95), i)));
        }
        return new ChartSpec("ratio-vs-threads", "Ratio to " + base + " (median ÷ baseline median)", "threads",
                "ratio", series);
    }

    private static List<Point> ratioPoints(List<Comparison.Row> rows, int side) {
        List<Point> points = new ArrayList<>();
        for (Comparison.Row r : rows) {
            if (r.ratios().get(side) != null) {
                points.add(new Point(r.threads(), r.ratios().get(side)));
            }
        }
        return points;
    }

    /**
     * @param figure value of an interval in the display unit, or null where the interval has none
     * @return one line per run (label {@code <threads> thr #<repeat>}) over seconds since its measured start, broken
     *         at intervals without a value (a null point), never drawn across them
     */
    static ChartSpec perInterval(NamedResult r, String id, String title, String yTitle,
                                 Function<IntervalRecord, Double> figure) {
        List<Series> series = new ArrayList<>();
        List<RunRecord> runs = r.measuredRuns();
        for (int i = 0; i < runs.size(); i++) {
            RunRecord run = runs.get(i);
            List<Point> points = new ArrayList<>();
            boolean any = false;
            for (IntervalRecord iv : Intervals.shown(run)) {
                Double y = figure.apply(iv);
                points.add(new Point(iv.endSeconds(), y));
                any |= y != null;
            }
            if (any) {
                series.add(new Series(run.threads() + " thr #" + run.repeat(), "line", i, points));
            }
        }
        return new ChartSpec(id, r.label() + ": " + title, "seconds", yTitle, series);
    }

    /**
     * @param keep  which observer figures to draw
     * @param scale divisor from the stored unit to the axis unit
     * @return median (band: min–max) of each kept observer figure per thread count, or null when none is kept
     */
    static ChartSpec observed(NamedResult r, ObservedSummary summary, String id, String title, String yTitle,
                              java.util.function.Predicate<String> keep, double scale) {
        List<Series> series = new ArrayList<>();
        int color = 0;
        for (ObservedSummary.Figure f : summary.figures()) {
            if (!keep.test(f.key())) {
                continue;
            }
            List<Map.Entry<Integer, Spread>> points = new ArrayList<>(f.byThreads().entrySet());
            band(series, f.observer() + "." + f.key(), color++, points, Map.Entry::getKey, Map.Entry::getValue, scale);
        }
        return series.isEmpty() ? null : new ChartSpec(id, r.label() + ": " + title, "threads", yTitle, series);
    }

    private static Series line(String label, String kind, int color, List<LatencySpread> points,
                               Function<LatencySpread, Spread> spread) {
        List<Point> p = new ArrayList<>();
        points.forEach(l -> p.add(new Point(l.threads(), spread.apply(l).median() / 1000.0)));
        return new Series(label, kind, color, p);
    }

    /** Adds the upper edge, lower edge (filled between) and median line; bands only where a spread exists. */
    private static <T> void band(List<Series> out, String label, int color, List<T> points,
                                 ToDoubleFunction<T> threads, Function<T, Spread> spread, double scale) {
        List<Point> high = new ArrayList<>();
        List<Point> low = new ArrayList<>();
        List<Point> median = new ArrayList<>();
        for (T p : points) {
            Spread s = spread.apply(p);
            double x = threads.applyAsDouble(p);
            high.add(new Point(x, s.max() / scale));
            low.add(new Point(x, s.min() / scale));
            median.add(new Point(x, s.median() / scale));
        }
        out.add(new Series(label + " max", "bandHigh", color, high));
        out.add(new Series(label + " min", "bandLow", color, low));
        out.add(new Series(label + " median", "line", color, median));
    }
}
