package io.clusterbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One chart of the HTML report as data for {@code report.js}, which turns it into a Chart.js chart.
 * Serialised to JSON inside the page. Immutable.
 *
 * @param id     canvas element id
 * @param title  chart title
 * @param x      x axis: {@code threads} (log₂ scale, ticks at 1, 2, 4, …), {@code seconds} (linear), with
 *               {@code categories} the title of a category axis (point x = index into {@code categories}), else the
 *               title of a linear axis with its unit (e.g. {@code offered rate (events/s)})
 * @param yTitle y axis title with its unit
 * @param series lines and bands
 * @param markers vertical lines at points of the x axis (seconds charts: faults and recovery points), drawn with a
 *               legend entry per kind; empty for none
 * @param categories tick labels of a category axis (e.g. consistency levels, node pairs), null for a numeric axis
 * @param selector   id of the run selector that shows one run's series at a time (the page's
 *                   {@code <select data-group>}; a series belongs to a run when its label is the run's label or
 *                   ends with {@code "] "} and it), null for none
 * @param yScale     {@code log} for a logarithmic y axis (latency that spans orders of magnitude; points with y &le; 0
 *                   are left out), null for linear from 0
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record ChartSpec(String id, String title, String x, String yTitle, List<Series> series, List<Marker> markers,
                 List<String> categories, String selector, String yScale) {

    /** A chart without markers. */
    ChartSpec(String id, String title, String x, String yTitle, List<Series> series) {
        this(id, title, x, yTitle, series, List.of(), null, null, null);
    }

    /**
     * @param axisTitle  the x axis title, e.g. {@code consistency level}
     * @param categories tick labels; a point's x is its index here
     * @return a chart over categories
     */
    static ChartSpec categorical(String id, String title, String axisTitle, List<String> categories, String yTitle,
                                 List<Series> series) {
        return new ChartSpec(id, title, axisTitle, yTitle, series, List.of(), categories, null, null);
    }

    /** @return the same chart with these markers */
    ChartSpec withMarkers(List<Marker> newMarkers) {
        return new ChartSpec(id, title, x, yTitle, series, newMarkers, categories, selector, yScale);
    }

    /** @return the same chart with these series (title, axes, markers and selector kept) */
    ChartSpec withSeries(String newTitle, List<Series> newSeries) {
        return new ChartSpec(id, newTitle, x, yTitle, newSeries, markers, categories, selector, yScale);
    }

    /** @return the same chart, its runs shown one at a time by the run selector {@code group} */
    ChartSpec withSelector(String group) {
        return new ChartSpec(id, title, x, yTitle, series, markers, categories, group, yScale);
    }

    /** @return the same chart on a logarithmic y axis */
    ChartSpec withLogY() {
        return new ChartSpec(id, title, x, yTitle, series, markers, categories, selector, "log");
    }

    /** @return true for a chart over thread counts where no series has two points (one dot says nothing) */
    boolean singlePointPerSeries() {
        return "threads".equals(x) && series.stream().allMatch(s -> s.points().size() <= 1);
    }

    /**
     * One vertical marker.
     *
     * @param x      where, in the x axis unit
     * @param label  text beside the line, e.g. {@code kill n3}
     * @param kind   {@code fault} (a fault action began), {@code recovery} (tps back to 90% of the baseline),
     *               {@code quorum} (a quorum loss began or ended), {@code met} (a capacity search's highest rate
     *               that met its target) or {@code missed} (its lowest rate that missed); one legend entry and style
     *               per kind
     */
    record Marker(double x, String label, String kind) {
    }

    /**
     * One dataset.
     *
     * @param label  legend text
     * @param kind   {@code line}, {@code dashed}, {@code reference} (a thin dashed line without points: a target, the
     *               line achieved = offered), {@code bandHigh} (upper edge of a band, filled down to the next series,
     *               which must be its {@code bandLow}), {@code bandLow} or {@code dots} (points, no line)
     * @param color  palette index (same index, same colour)
     * @param points the points, x ascending
     */
    record Series(String label, String kind, int color, List<Point> points) {
    }

    /**
     * @param x threads or seconds
     * @param y the value in the axis unit, or null where the series has no value (a node that did not answer, an
     *          interval that is a counter gap): the line is broken there, never drawn across
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Point(double x, Double y) {
    }
}
