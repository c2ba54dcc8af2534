package io.clusterbench;

/**
 * Every default of a run in one place, each with its unit: run control (sysbench 1.0.20's defaults where
 * sysbench has the option), the target connection and the OLTP tables. Option declarations name these
 * constants ({@code defaultValue = "" + Defaults.TIME_SECONDS}), and so do the stages that fill in a value
 * left at 0, so help text, plan and result cannot disagree.
 *
 * <p>Constants only.
 */
public final class Defaults {
    /** {@code --threads}: worker threads, one connection each. */
    public static final int THREADS = 1;
    /** {@code --time}: measured seconds of a run or sweep step; 0 = no time limit (sysbench: 10). */
    public static final long TIME_SECONDS = 10;
    /** {@code --events}: measured events; 0 = no limit. */
    public static final long EVENTS = 0;
    /** {@code --warmup-time}: unmeasured seconds before measuring. */
    public static final long WARMUP_SECONDS = 0;
    /** {@code --rate}: open-loop events per second over all threads; 0 = closed loop. */
    public static final long RATE_EVENTS_PER_SECOND = 0;
    /** {@code --report-interval}: seconds between console interval lines; 0 = none. */
    public static final long REPORT_INTERVAL_SECONDS = 0;
    /**
     * Seconds every endpoint may stay unreachable before a run stops ({@code --give-up-time auto}): five of the
     * reconnect backoff's longest steps (1 s), about the time a Galera cluster takes to evict a silent node. Under
     * {@code --ignore-errors all} with a time limit, {@code auto} never gives up (docs/metrics.md, "Unreachable
     * target").
     */
    public static final long GIVE_UP_SECONDS = 5;
    /** Interval length of the result files (intervals.csv, result.json) when no report interval is set, seconds. */
    public static final long SAMPLE_INTERVAL_SECONDS = 1;
    /** {@code --percentile}: latency percentile of interval lines, also used when 0 is given. */
    public static final int PERCENTILE = 95;
    /** {@code --rand-type}: key distribution (sysbench 1.0.20). */
    public static final String RAND_TYPE = "special";
    /** {@code --rand-spec-iter}: iterations of the special and gaussian distributions. */
    public static final int RAND_SPEC_ITER = 12;
    /** {@code --rand-spec-pct}: percent of the key range that is special. */
    public static final int RAND_SPEC_PCT = 1;
    /** {@code --rand-spec-res}: percent of draws that hit the special keys. */
    public static final int RAND_SPEC_RES = 75;
    /** {@code --rand-pareto-h}: Pareto shape, 0 &lt; h &lt; 1. */
    public static final String RAND_PARETO_H = "0.2";
    /** {@code --rand-zipfian-exp}: Zipfian exponent (theta). */
    public static final String RAND_ZIPFIAN_EXP = "0.8";
    /** {@code --connect-timeout}: seconds to wait for a connection. */
    public static final int CONNECT_TIMEOUT_SECONDS = 5;
    /** {@code --db-ps-mode}: server-side prepared statements ({@code auto}) or not ({@code disable}). */
    public static final String DB_PS_MODE = "auto";
    /** {@code --background-threads}: worker threads of the {@code --background} workload. */
    public static final int BACKGROUND_THREADS = 2;
    /** {@code --tables}: OLTP tables {@code sbtest1..N} (TPC-C: table sets). */
    public static final int TABLES = 1;
    /** {@code --table-size}: rows per OLTP table. */
    public static final int TABLE_SIZE = 10_000;
    /** {@code --range-size}: rows per range SELECT. */
    public static final int RANGE_SIZE = 100;
    /** {@code --point-selects}: point SELECTs per OLTP transaction. */
    public static final int POINT_SELECTS = 10;
    /** {@code --explain}: the explain collectors (resources per transaction, wait profile; docs/explain.md). */
    public static final String EXPLAIN = "on";
    /**
     * {@code --profile}: the on-CPU profile of a server on this host, off unless asked for: it costs the server
     * throughput (docs/performance.md, "Explain collectors' cost") and its analysis adds seconds after the measured end.
     */
    public static final String PROFILE = "off";
    /** {@code --hw-counters}: hardware counters of a server on this host, when the host exposes them. */
    public static final String HW_COUNTERS = "auto";
    /**
     * {@code --profile-frequency}: on-CPU samples per second per processor (perf's {@code -F}), Hz. perf's customary
     * rate: at 499 Hz the profile cost 14-24% of the tps at 64 threads on the 2-vCPU test VM (docs/performance.md,
     * "Explain collectors' cost"), and the cost scales with the samples.
     */
    public static final int PROFILE_FREQUENCY_HZ = 99;

    /** {@code capacity}, {@code sweep --target-p99}: the most open-loop steps of the search. */
    public static final int CAPACITY_STEPS = 8;
    /** {@code capacity}, {@code sweep --target-p99}: counted runs per step ({@code --repeat}). */
    public static final int CAPACITY_REPEATS = 3;
    /** {@code --tail-events}: events a capacity run needs beyond the judged percentile. */
    public static final long CAPACITY_TAIL_EVENTS = 100;
    /** {@code --max-run-time}: the longest a capacity run is made to reach its events, s. */
    public static final long CAPACITY_MAX_RUN_SECONDS = 120;
    /** {@code --target-percentile}: the latency percentile a capacity search judges. */
    public static final double CAPACITY_PERCENTILE = 99;

    private Defaults() {
    }
}
