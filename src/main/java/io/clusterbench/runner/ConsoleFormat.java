package io.clusterbench.runner;

import java.util.Locale;

/**
 * What the console prints for one run, in sysbench's or the sysbench fork's formats (Tusamarco/sysbench
 * {@code --stats_format}, {@code --report_csv}, {@code --histogram}; docs/metrics.md, "sysbench-fork formats").
 * Immutable.
 *
 * @param intervals style of interval lines ({@code --stats-format}, or CSV with {@code --report-csv=yes})
 * @param summary   style of the final report ({@code --stats-format})
 * @param histogram print sysbench's ASCII latency histogram before the final report ({@code --histogram})
 */
public record ConsoleFormat(Style intervals, Style summary, boolean histogram) {
    /** sysbench's defaults: human lines, no histogram. */
    public static final ConsoleFormat DEFAULT = new ConsoleFormat(Style.HUMAN, Style.HUMAN, false);

    /** One style of the console. */
    public enum Style {
        /** sysbench 1.0.20's interval line and final report, with clusterbench's extra figures. */
        HUMAN,
        /** One CSV line per interval, and the cumulative {@code TEST SUMMARY:} header and row at the end. */
        CSV,
        /** One JSON object per interval, all in one array; the cumulative summary as in {@link #CSV} (as the fork). */
        JSON;

        /**
         * @param text {@code human}, {@code csv} or {@code json}, any case
         * @return the style, or null when {@code text} names none
         */
        public static Style parse(String text) {
            return switch (text.toLowerCase(Locale.ROOT)) {
                case "human" -> HUMAN;
                case "csv" -> CSV;
                case "json" -> JSON;
                default -> null;
            };
        }
    }
}
