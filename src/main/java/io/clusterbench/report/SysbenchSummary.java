package io.clusterbench.report;

import io.clusterbench.Defaults;
import io.clusterbench.Format;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.RunAccumulator;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.Summary;

import java.util.Locale;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Figure.*;

/**
 * sysbench 1.0.20's final report, line for line: {@code SQL statistics:} (sysbench's {@code db_report_cumulative}
 * in {@code src/db_driver.c}), then {@code General statistics:}, {@code Latency (ms):} and {@code Threads
 * fairness:} ({@code sb_report_cumulative} in {@code src/sysbench.c}), with sysbench's labels, order, indentation,
 * blank lines and {@code printf} formats, so a script that parses sysbench's output reads clusterbench's
 * unchanged ({@code SysbenchSummaryIT} holds the shape against sysbench's own output).
 *
 * <p>The values are clusterbench's: the {@code Nth percentile} line is read from the run's HdrHistogram at
 * {@code --percentile}, where sysbench reads its own 1024-bucket histogram (docs/metrics.md, "sysbench's summary");
 * {@code --percentile 0} prints sysbench's {@code percentile stats: disabled} in its place.
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}.
 */
public final class SysbenchSummary {
    private SysbenchSummary() {
    }

    /**
     * @param run a finished run with its summary
     * @return the four sections, each line ending with a newline, the last section followed by an empty line
     *         (as sysbench prints it)
     */
    public static String render(RunRecord run) {
        Summary s = run.summary();
        double seconds = Math.max(1e-9, s.measuredSeconds());
        StringBuilder b = new StringBuilder();
        b.append("SQL statistics:\n    queries performed:\n");
        b.append(f("        %-33s%d%n", READS.key() + ":", s.reads()));
        b.append(f("        %-33s%d%n", WRITES.key() + ":", s.writes()));
        b.append(f("        %-33s%d%n", OTHER.key() + ":", s.other()));
        b.append(f("        %-33s%d%n", QUERIES.key() + ":", s.queries()));
        b.append(perSecond(TRANSACTIONS.key(), s.events(), s.tps()));
        b.append(perSecond(QUERY_COUNT.key(), s.queries(), s.qps()));
        b.append(perSecond(IGNORED_ERRORS.key(), s.ignoredErrors(), s.ignoredErrors() / seconds));
        b.append(perSecond(RECONNECTS.key(), s.reconnects(), s.reconnects() / seconds));
        b.append("\nGeneral statistics:\n");
        b.append(f("    %-37s%.4fs%n", TOTAL_TIME.key() + ":", s.measuredSeconds()));
        b.append(f("    %-37s%d%n", TOTAL_EVENTS.key() + ":", s.events()));
        LatencySummary l = s.latency();
        double p = percentile(run);
        b.append("\nLatency (ms):\n");
        b.append(f("         %s: %39.2f%n", LATENCY_MIN.key(), l.minMicros() / 1000.0));
        b.append(f("         %s: %39.2f%n", LATENCY_MEAN.key(), l.meanMicros() / 1000.0));
        b.append(f("         %s: %39.2f%n", LATENCY_MAX.key(), l.maxMicros() / 1000.0));
        if (p > 0) {
            b.append(f("        %3s%s: %27.2f%n", Format.percentile(p), LATENCY_NTH_PERCENTILE.key().substring(1),
                    percentileMicros(s, p) / 1000.0)); // "th percentile" after N, as sysbench ("99th", also "1th")
        } else {
            b.append(f("         %s:               disabled%n", PERCENTILE_STATS.key()));
        }
        b.append(f("         %s: %39.2f%n", LATENCY_SUM.key(), l.sumMicros() / 1000.0));
        b.append("\nThreads fairness:\n");
        b.append(f("    %-31s%.4f/%3.2f%n", EVENTS_PER_THREAD.key() + ":", s.eventsPerThreadMean(),
                s.eventsPerThreadStddev()));
        b.append(f("    %-31s%.4f/%3.2f%n", EXECUTION_TIME_PER_THREAD.key() + ":", s.busySecondsPerThreadMean(),
                s.busySecondsPerThreadStddev()));
        return b.append('\n').toString();
    }

    /** @return sysbench's {@code "    transactions:                        %-6d (%.2f per sec.)"} line */
    private static String perSecond(String label, long count, double perSecond) {
        return f("    %-37s%-6d (%.2f per sec.)%n", label + ":", count, perSecond);
    }

    /**
     * @return the run's {@code --percentile}: 0 when it was 0 (sysbench's {@code percentile stats: disabled}), 95
     *         when the plan is unknown
     */
    static double percentile(RunRecord run) {
        return run.plan() == null ? Defaults.PERCENTILE : Math.max(0, run.plan().percentile());
    }

    /** @return the event latency at {@code p} in µs, from the run's HdrHistogram (0 when no event completed) */
    public static long percentileMicros(Summary s, double p) {
        LatencySummary l = s.latency();
        boolean kept = p == 50 || p == 95 || p == 99 || p == 99.9; // the summary holds these: no decoding
        return l.count() == 0 ? 0 : l.atPercentileMicros(kept ? null : RunAccumulator.decode(s.histogram()), p);
    }
}
