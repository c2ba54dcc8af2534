package io.clusterbench.report;

import io.clusterbench.report.ChartSpec.Point;
import io.clusterbench.report.ChartSpec.Series;
import io.clusterbench.result.Comparison;
import io.clusterbench.result.ComparedFigure;
import io.clusterbench.result.ConsistencyCost;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.Intervals;
import io.clusterbench.result.LatencySpread;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ObservedSummary;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.Spread;
import io.clusterbench.result.SweepSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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

    /** @return {@code 1 thread}, {@code 4 threads} */
    static String threads(int n) {
        return n + (n == 1 ? " thread" : " threads");
    }

    /** @return a run's name in the report: {@code 4 threads #2} (its thread count and repeat) */
    static String runLabel(RunRecord run) {
        return threads(run.threads()) + " #" + run.repeat();
    }

    /**
     * @param runs the result's runs
     * @return {@link #runLabel(RunRecord)} after the run's variant ({@link #variant}), e.g.
     *         {@code consistency 1, 4 threads #1}, and with the rate ({@code 4 threads, 500.00 events/s #2},
     *         {@code closed loop}) when the runs ran at several rates (a capacity search), so two runs never share a
     *         label in a chart or the run selector
     */
    static String runLabel(RunRecord run, List<RunRecord> runs) {
        String v = variant(run, runs);
        String label = severalRates(runs) ? threads(run.threads()) + ", " + (rate(run) == 0 ? "closed loop"
                : String.format(java.util.Locale.ROOT, "%.2f events/s", rate(run))) + " #" + run.repeat()
                : runLabel(run);
        return (v.isEmpty() ? "" : v + ", ") + label;
    }

    /** @return true when the runs ran at two or more open-loop rates (closed loop counting as one): a capacity search */
    static boolean severalRates(List<RunRecord> runs) {
        return runs.stream().map(ReportCharts::rate).distinct().count() > 1;
    }

    /** @return the run's open-loop rate, events/s (0: closed loop or unknown) */
    private static double rate(RunRecord run) {
        return run.plan() == null ? 0 : run.plan().rateEventsPerSecond();
    }

    /**
     * What tells a run from others at the same thread count and repeat: its workload when the runs are of several,
     * its consistency level when they are at several.
     *
     * @return e.g. {@code tpcc}, {@code consistency 1}, {@code oltp_read_write, consistency 0}; "" when the runs are
     *         all of one workload at one level (a sweep over threads and repeats only)
     */
    static String variant(RunRecord run, List<RunRecord> runs) {
        List<String> parts = new ArrayList<>();
        if (runs.stream().map(RunRecord::workload).distinct().count() > 1) {
            parts.add(run.workload());
        }
        if (runs.stream().map(ConsistencyCost::levelOf).distinct().count() > 1) {
            parts.add(levelName(ConsistencyCost.levelOf(run)));
        }
        return String.join(", ", parts);
    }

    /** @return {@code consistency 1}, or {@code consistency not set} for a run without {@code --consistency} */
    static String levelName(String level) {
        return "none".equals(level) ? "consistency not set" : "consistency " + level;
    }

    /**
     * @return the runs by variant ({@link #variant}: workload and consistency level), in the order first run; one
     *         entry under "" for runs of one workload at one level. Runs of two variants are never repeats of each
     *         other, so medians and spreads are taken within a variant.
     */
    static Map<String, List<RunRecord>> byVariant(List<RunRecord> runs) {
        Map<String, List<RunRecord>> out = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            out.computeIfAbsent(variant(r, runs), k -> new ArrayList<>()).add(r);
        }
        return out;
    }

    /** @return true when the runs have two or more thread counts (a chart over threads has a line to draw) */
    static boolean severalThreadCounts(List<RunRecord> runs) {
        return runs.stream().mapToInt(RunRecord::threads).distinct().count() > 1;
    }

    /**
     * @return median tps with its min–max band per thread count, one colour per result and variant ({@link #variant}:
     *         workloads and consistency levels are not repeats)
     */
    static ChartSpec throughput(List<NamedResult> results) {
        List<Series> series = new ArrayList<>();
        int color = 0;
        for (NamedResult r : results) {
            for (Map.Entry<String, List<RunRecord>> v : byVariant(r.measuredRuns()).entrySet()) {
                SweepSummary sweep = SweepSummary.of(v.getValue());
                band(series, r.label() + (v.getKey().isEmpty() ? "" : " " + v.getKey()) + " tps", color++,
                        sweep.points(), SweepSummary.Point::threads, SweepSummary.Point::tps, 1);
            }
        }
        return new ChartSpec("tps-vs-threads", "Throughput vs threads (median, band: min–max over repeats)",
                "threads", "tps (events/s)", series);
    }

    /**
     * @return p50, p95, p99, p99.9 medians (p95, p99 with min–max bands) per thread count, in ms; one chart per
     *         variant ({@link #variant}) when the runs are of several
     */
    static List<ChartSpec> latency(NamedResult r, String id) {
        Map<String, List<RunRecord>> variants = byVariant(r.measuredRuns());
        List<ChartSpec> out = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, List<RunRecord>> v : variants.entrySet()) {
            String label = r.label() + (v.getKey().isEmpty() ? "" : " " + v.getKey());
            List<LatencySpread> points = LatencySpread.of(v.getValue());
            List<Series> series = new ArrayList<>();
            series.add(line(label + " p50", "dashed", 0, points, LatencySpread::p50Micros));
            band(series, label + " p95", 1, points, LatencySpread::threads, LatencySpread::p95Micros, 1000);
            band(series, label + " p99", 2, points, LatencySpread::threads, LatencySpread::p99Micros, 1000);
            series.add(line(label + " p99.9", "dashed", 3, points, LatencySpread::p999Micros));
            out.add(new ChartSpec(variants.size() > 1 ? id + "-" + n++ : id, label
                    + ": event latency percentiles vs threads (median over repeats)", "threads", "latency (ms)", series));
        }
        return out;
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
     * @return one line per run (label {@link #runLabel}) over seconds since its measured start, broken at intervals
     *         without a value (a null point), never drawn across them; with two or more runs the page's run selector
     *         {@code id}'s result ({@link #selectorGroup}) shows one run at a time
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
                series.add(new Series(runLabel(run, runs), "line", i, points));
            }
        }
        ChartSpec spec = new ChartSpec(id, r.label() + ": " + title, "seconds", yTitle, series);
        return runs.size() > 1 ? spec.withSelector(selectorGroup(r)) : spec;
    }

    /** @return the id of a result's run selector */
    static String selectorGroup(NamedResult r) {
        return "runs-" + r.label();
    }

    /**
     * Small multiples of the observer figures, one chart per figure on its own axis (counters differ by orders of
     * magnitude: on one linear axis all but the largest lie on zero), words and unit from {@link DisplayNames}.
     *
     * @return per figure: with two or more thread counts its median (band: min–max over repeats) per thread count,
     *         else its value per interval of each run (one at a time with the run selector)
     */
    static List<ChartSpec> observedMultiples(NamedResult r, ObservedSummary summary, String id) {
        List<ChartSpec> out = new ArrayList<>();
        boolean overThreads = severalThreadCounts(r.measuredRuns());
        int n = 0;
        for (ObservedSummary.Figure f : summary.figures()) {
            String key = f.observer() + "." + f.key();
            DisplayNames.Name name = DisplayNames.of(key);
            String chartId = id + "-obs-" + n++;
            if (overThreads) {
                List<Series> series = new ArrayList<>();
                List<Map.Entry<Integer, Spread>> points = new ArrayList<>(f.byThreads().entrySet());
                band(series, r.label(), 0, points, Map.Entry::getKey, Map.Entry::getValue, name.divisor());
                out.add(new ChartSpec(chartId, name.words(), "threads", name.unit(), series));
            } else {
                out.add(perInterval(r, chartId, name.words(), name.unit(), i -> observedValue(i, f.observer(),
                        f.key(), name.divisor())));
            }
        }
        return out;
    }

    /** @return an interval's observer figure divided into the display unit, or null when it has none */
    static Double observedValue(IntervalRecord i, String observer, String key, double divisor) {
        java.util.OptionalDouble v = io.clusterbench.result.Observations.of(i).number(observer, key);
        return v.isPresent() ? v.getAsDouble() / divisor : null;
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
