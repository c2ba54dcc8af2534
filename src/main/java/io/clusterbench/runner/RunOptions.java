package io.clusterbench.runner;

import io.clusterbench.Defaults;
import io.clusterbench.db.VendorCodes;
import io.clusterbench.workload.KeyDistributionOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * Run control with sysbench's option names, units and defaults: picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
public final class RunOptions {
    @Option(names = "--threads", paramLabel = "N[,N...]", defaultValue = "" + Defaults.THREADS, split = ",",
            description = "Worker threads, one connection each (>= 1); sweep takes a list (1,2,4,8). "
                    + "Default: ${DEFAULT-VALUE}.")
    java.util.List<Integer> threadCounts;

    /** @return the first (for run: the only) thread count */
    int threads() {
        return threadCounts.get(0);
    }

    @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "" + Defaults.TIME_SECONDS,
            description = "Measured run time in seconds; 0 = no time limit. Default: ${DEFAULT-VALUE}.")
    long timeSeconds;

    @Option(names = "--events", paramLabel = "N", defaultValue = "" + Defaults.EVENTS,
            description = "Measured events to run; 0 = no limit. The run stops at whichever limit comes first. "
                    + "Default: ${DEFAULT-VALUE}.")
    long events;

    @Option(names = "--warmup-time", paramLabel = "SECONDS", defaultValue = "" + Defaults.WARMUP_SECONDS,
            description = "Seconds of load before measuring starts; not counted. Default: ${DEFAULT-VALUE}.")
    long warmupSeconds;

    @Option(names = "--no-inspect", description = "Skip the pre-flight checks (connection limits against "
            + "--threads, working set against the buffer pool, node differences, Galera rules; see 'clusterbench "
            + "inspect'). Default: they run before the first step and print warnings only.")
    boolean noInspect;

    @Option(names = "--rate", paramLabel = "EVENTS_PER_SECOND", defaultValue = "" + Defaults.RATE_EVENTS_PER_SECOND,
            description = "Open loop: total intended events per second over all threads, evenly spaced; latency "
                    + "counts from each event's intended start. 0 = closed loop. Default: ${DEFAULT-VALUE}.")
    double rate;

    @Option(names = "--report-interval", paramLabel = "SECONDS", defaultValue = "" + Defaults.REPORT_INTERVAL_SECONDS,
            description = "Print an interval line every N seconds; 0 = none (result files still get 1-second "
                    + "intervals). Default: ${DEFAULT-VALUE}.")
    long reportIntervalSeconds;

    @Option(names = "--percentile", paramLabel = "P", defaultValue = "" + Defaults.PERCENTILE,
            description = "Latency percentile of the interval lines and the summary, 1-100; 0 = none, as sysbench "
                    + "('lat (ms,0%%): 0.00', 'percentile stats: disabled'). Default: ${DEFAULT-VALUE}.")
    double percentile;

    /** --rand-type and its parameters (shared with prepare, whose k column follows them as sysbench's does). */
    @Mixin
    KeyDistributionOptions keys;

    @Option(names = "--rand-seed", paramLabel = "N", defaultValue = "0",
            description = "Random seed; the same seed and options give the same key sequence per thread. "
                    + "0 = seed from the clock (the seed used is saved in the result). Default: ${DEFAULT-VALUE}.")
    long randSeed;

    @Option(names = "--ignore-errors", paramLabel = "CODES|all|none", defaultValue = VendorCodes.DEFAULT_IGNORED,
            description = "Statement errors (vendor codes) that restart the event instead of stopping the run. "
                    + "Lost connections always reconnect. Default: ${DEFAULT-VALUE}.")
    String ignoreErrors;

    @Option(names = "--stats-format", paramLabel = "human|csv|json", defaultValue = "human",
            description = "Console format of interval lines and the final report (the sysbench fork's "
                    + "--stats_format): csv = one CSV line per interval and a TEST SUMMARY header and row; json = "
                    + "one JSON array of intervals and the same summary. Default: ${DEFAULT-VALUE}.")
    String statsFormat;

    @Option(names = "--report-csv", paramLabel = "yes|no", defaultValue = "no", arity = "0..1", fallbackValue = "yes",
            description = "Interval lines as CSV, final report unchanged (sysbench-tpcc's --report_csv). "
                    + "Default: ${DEFAULT-VALUE}.")
    String reportCsv;

    @Option(names = "--histogram", paramLabel = "on|off", defaultValue = "off", arity = "0..1", fallbackValue = "on",
            description = "Print sysbench's ASCII latency histogram (ms buckets) before the final report. "
                    + "Default: ${DEFAULT-VALUE}.")
    String histogram;

    @Option(names = "--reconnect", paramLabel = "N", defaultValue = "0",
            description = "Each thread closes and reopens its connection after every N of its events (counted as "
                    + "reconnects, outside event latency); 0 = never (sysbench). Default: ${DEFAULT-VALUE}.")
    long reconnectEvery;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for result.json, intervals.csv and latency.hlog. "
                    + "Default: results/<UTC timestamp>-<workload>.")
    Path out;

    /**
     * Draws the seed from the clock when {@code --rand-seed} is 0, so plans built from these options afterwards
     * (both sides of {@code ab}) draw the same keys.
     */
    public void fixSeed() {
        if (randSeed == 0) {
            randSeed = (System.nanoTime() ^ System.currentTimeMillis()) | 1;
        }
    }
}
