package io.clusterbench.report;

import java.util.Locale;

/**
 * How the console shows a run's figures: the sysbench fork's {@code --stats_format=human|csv|json}
 * (Tusamarco/sysbench; sysbench-tpcc's {@code --report_csv=yes} selects {@link #CSV} for interval lines only).
 *
 * <p>Immutable.
 */
public enum StatsFormat {
    /** sysbench 1.0.20's interval line and final report, with clusterbench's extra figures. */
    HUMAN,
    /** One CSV line per interval, and the cumulative {@code TEST SUMMARY:} header and row at the end. */
    CSV,
    /** One JSON object per interval, all in one array; the cumulative summary as in {@link #CSV} (as the fork). */
    JSON;

    /**
     * @param text {@code human}, {@code csv} or {@code json}, any case
     * @return the format, or null when {@code text} names none
     */
    public static StatsFormat parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "human" -> HUMAN;
            case "csv" -> CSV;
            case "json" -> JSON;
            default -> null;
        };
    }

    /**
     * What the console prints for one run. Immutable.
     *
     * @param intervals format of interval lines ({@code --stats-format}, or CSV with {@code --report-csv=yes})
     * @param summary   format of the final report ({@code --stats-format})
     * @param histogram print sysbench's ASCII latency histogram before the final report ({@code --histogram})
     */
    public record Console(StatsFormat intervals, StatsFormat summary, boolean histogram) {
        /** sysbench's defaults: human lines, no histogram. */
        public static final Console DEFAULT = new Console(HUMAN, HUMAN, false);
    }
}
