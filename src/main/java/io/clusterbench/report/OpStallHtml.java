package io.clusterbench.report;

import io.clusterbench.Format;
import io.clusterbench.report.ChartSpec.Point;
import io.clusterbench.report.ChartSpec.Series;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.Intervals;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.OpBreakdown;
import io.clusterbench.result.BackgroundFacts;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.StallFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.report.Html.esc;

/**
 * The HTML report's per-operation table (every workload) and, for runs with marked statements (ddl, bigtrx),
 * the stall table, the background line and the marked intervals (the {@code DDL[} / {@code BIGTRX[} flag).
 * Formats only what the result holds: {@link OpBreakdown} of the stored classes, {@code observerFacts.stall},
 * {@code observerFacts.background} and each interval's {@code observed.stall} (docs/metrics.md, "Per
 * operation", "Stalls", "Background workload"). The HTML twin of the console's table and {@link StallBlock}.
 *
 * <p>Thread-safe (stateless). Times in milliseconds, numbers in {@link Locale#ROOT}.
 */
final class OpStallHtml {
    private OpStallHtml() {
    }

    /** @return reads, inserts, updates, deletes, DDL, other: count, per sec, p95, p99, max (ms) */
    static String operations(RunRecord run) {
        List<List<String>> rows = new ArrayList<>();
        for (OpBreakdown.OpRecord o : OpBreakdown.of(run)) {
            LatencySummary l = o.latency();
            rows.add(List.of(o.op().name().toLowerCase(Locale.ROOT), Long.toString(o.statements()),
                    Format.decimal(o.perSecond(), 2), l == null ? "-" : ms(l.p95Micros()), l == null ? "-" : ms(l.p99Micros()),
                    l == null ? "-" : ms(l.maxMicros())));
        }
        return Html.table(List.of(OPERATION.key(), "count", OPERATIONS_PER_SECOND.key(), LATENCY_P95.key(),
                LATENCY_P99.key(), LATENCY_MAX.key()), rows);
    }

    /** @return the flag of the run's marked statements: {@code BIGTRX[} for bigtrx, else {@code DDL[} */
    static String flag(RunRecord run) {
        return "bigtrx".equals(run.workload()) ? BIGTRX_FLAG.key() : DDL_FLAG.key();
    }

    /**
     * @return per statement class: count, longest duration and per node the longest commit gap, not-Synced
     *         time and catch-up (ms), then the background's quiet vs marked line; "" without stall facts
     */
    static String stalls(RunRecord run) {
        StringBuilder b = new StringBuilder();
        StallFacts stall = run.fact(io.clusterbench.result.FactKeys.STALL);
        if (stall != null && !stall.byKind().isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            stall.byKind().forEach((kind, k) -> {
                for (StallFacts.Node node : k.nodes()) {
                    rows.add(List.of(esc(kind), text(k.statements()), text(k.maxDurationMillis()),
                            esc(String.valueOf(node.endpoint())), text(node.maxCommitGapMillis()),
                            text(node.maxNotSyncedMillis()), text(node.maxCatchUpMillis())));
                }
            });
            b.append("<p>Per marked statement class and node (ms): longest statement, longest commit gap, time not "
                    + "Synced (desync), catch-up after the statement's end (- = not within 10 s).</p>\n");
            b.append(Html.table(List.of("class", "count", DisplayNames.label("stall.maxDurationMillis"), NODE.key(),
                    DisplayNames.label("stall.maxCommitGapMillis"), DisplayNames.label("stall.maxNotSyncedMillis"),
                    DisplayNames.label("stall.maxCatchUpMillis")), rows));
        }
        BackgroundFacts bg = run.fact(io.clusterbench.result.FactKeys.BACKGROUND);
        if (bg != null) {
            List<List<String>> rows = new ArrayList<>();
            for (String phase : bg.preparing() == null ? List.of("quiet", "marked")
                    : List.of("quiet", "marked", "preparing")) {
                BackgroundFacts.Phase p = phase.equals("quiet") ? bg.quiet() : phase.equals("marked") ? bg.marked()
                        : bg.preparing();
                rows.add(p == null ? List.of(phase, "-", "-", "-", "-", "-", "-") : List.of(phase, text(p.intervals()),
                        decimal(p.seconds()), decimal(p.tps()), decimal(p.p95Millis()), decimal(p.p99Millis()),
                        decimal(p.maxMillis())));
            }
            b.append("<p>Background <code>").append(esc(String.valueOf(bg.workload())))
                    .append("</code>: steady intervals, with no marked statement nor its preparation (quiet), vs ")
                    .append("with a marked statement (marked); preparing: a table fill of the workload, in neither; ")
                    .append("tpsDipPercent: ").append(bg.tpsDipPercent() != null
                            ? decimal(bg.tpsDipPercent()) + "%" : "- (no quiet or no marked interval)")
                    .append("</p>\n");
            b.append(Html.table(List.of("phase", "intervals", "seconds", BACKGROUND_TPS.key() + " (tps)",
                    LATENCY_P95.key(), LATENCY_P99.key(), LATENCY_MAX.key()), rows));
        }
        return b.toString();
    }

    /** @return the intervals in which a marked statement started, ran or closed its window; "" when none */
    static String markedIntervals(RunRecord run) {
        List<List<String>> rows = new ArrayList<>();
        for (IntervalRecord i : Intervals.shown(run)) {
            Map<?, ?> s = stall(i);
            if (marked(s)) {
                rows.add(List.of(Format.decimal(i.startSeconds(), 1) + "–" + Format.decimal(i.endSeconds(), 1), Format.decimal(i.tps(), 2),
                        text(s.get("markedStarted")), text(s.get("markedRunning")), text(s.get("maxCommitGapMillis"))));
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        return "<p>" + esc(flag(run)) + "] intervals of " + ReportCharts.runLabel(run)
                + " (marked statements started, 1 when one still ran at the interval end, longest commit gap ms "
                + "of windows closed in it):</p>\n" + Html.table(List.of("seconds", TPS.key(),
                DisplayNames.label("stall.markedStarted"), DisplayNames.label("stall.markedRunning"),
                DisplayNames.label("stall.maxCommitGapMillis")), rows);
    }

    /** @return the marked intervals of {@code run} as points at their tps, for a dots series; empty when none */
    static List<Point> markedTps(RunRecord run) {
        List<Point> points = new ArrayList<>();
        for (IntervalRecord i : Intervals.shown(run)) {
            if (marked(stall(i))) {
                points.add(new Point(i.endSeconds(), i.tps()));
            }
        }
        return points;
    }

    /**
     * Adds one dots series per run with marked intervals to a per-interval tps chart, before its lines
     * (Chart.js paints the first dataset on top).
     */
    static ChartSpec withMarks(ChartSpec tps, List<RunRecord> runs) {
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            List<Point> p = markedTps(runs.get(i));
            if (!p.isEmpty()) {
                RunRecord r = runs.get(i);
                // a colour of its own, so the dots stand out on the run's line
                series.add(new Series(flag(r) + "] " + ReportCharts.runLabel(r, runs), "dots",
                        runs.size() + i, p));
            }
        }
        if (series.isEmpty()) {
            return tps;
        }
        series.addAll(tps.series());
        return tps.withSeries(tps.title() + " (dots: intervals with a marked DDL/big transaction)", series);
    }

    private static Map<?, ?> stall(IntervalRecord i) {
        return io.clusterbench.result.Observations.of(i).figures(io.clusterbench.result.Observations.STALL);
    }

    private static boolean marked(Map<?, ?> s) {
        return positive(s.get("markedStarted")) || positive(s.get("markedRunning"))
                || s.get("maxCommitGapMillis") != null;
    }

    private static boolean positive(Object o) {
        return o instanceof Number n && n.doubleValue() > 0;
    }

    private static String text(Object o) {
        return o == null ? "-" : esc(String.valueOf(o));
    }

    private static String decimal(Object o) {
        return o instanceof Number n ? Format.decimal(n.doubleValue(), 1) : "-";
    }

    private static String ms(long micros) {
        return Format.decimal(micros / 1000.0, 2);
    }
}
