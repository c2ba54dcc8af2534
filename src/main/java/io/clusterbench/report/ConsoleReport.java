package io.clusterbench.report;

import io.clusterbench.result.ClassRecord;
import io.clusterbench.result.OpBreakdown;
import io.clusterbench.result.EndpointRecord;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.Spread;
import io.clusterbench.result.Summary;
import io.clusterbench.result.SweepSummary;

import java.util.List;

import java.util.Locale;
import java.util.Map;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.Format.f;
import static io.clusterbench.Format.millis;
import static io.clusterbench.Format.percentile;

/**
 * The console text: sysbench 1.0.20's interval lines (clusterbench's figures appended after sysbench's) and
 * final report ({@link SysbenchSummary}, then clusterbench's own sections: hit rates, errors by code, p50–p99.9,
 * per-class latency), sweep step lines and the sweep table. Formats only figures the result holds.
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}. Latency is shown in milliseconds.
 */
public final class ConsoleReport {
    private ConsoleReport() {
    }

    /**
     * @param r          the interval
     * @param percentile {@code --percentile}; 0 prints sysbench's {@code lat (ms,0%): 0.00} (percentile disabled)
     * @param openLoop   true for {@code --rate} mode: {@code late events: N} among clusterbench's figures of the
     *                   first line, and sysbench's second line {@code [ 1s ] queue length: N, concurrency: N}
     * @return one line (two in open loop), without a trailing newline
     */
    public static String intervalLine(IntervalRecord r, double percentile, boolean openLoop) {
        return intervalLine(r, percentile, openLoop, "");
    }

    /**
     * @param observed observers' compact text, appended to the first line ("" for none)
     * @return the interval line(s)
     */
    public static String intervalLine(IntervalRecord r, double percentile, boolean openLoop, String observed) {
        return intervalLine(r, percentile, openLoop, observed, 0);
    }

    /**
     * @param reportIntervalSeconds {@code --report-interval}: an interval of another length (the run's shorter
     *                              tail) is labelled by its real start and end; 0 when unknown
     * @return the interval line(s)
     */
    public static String intervalLine(IntervalRecord r, double percentile, boolean openLoop, String observed,
                                      double reportIntervalSeconds) {
        String hit = r.hits() + r.misses() == 0 ? ""
                : f(" %s: %.2f%%", HIT_RATE.key(), 100.0 * r.hits() / (r.hits() + r.misses()));
        String label = label(r, reportIntervalSeconds);
        String late = openLoop ? f(" %s: %d", LATE_EVENTS.key(), r.lateEvents()) : "";
        String line = f("%s %s: %d %s: %.2f %s: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,%s%%): %.2f %s: %.2f %s: %.2f%s%s",
                label, THREADS.key(), r.threads(), TPS.key(), r.tps(), QPS.key(), r.qps(),
                r.readsPerSecond(), r.writesPerSecond(), r.otherPerSecond(), percentile(percentile),
                millis(r.latencyPercentileMicros()), ERRORS_PER_SECOND.key(), r.errorsPerSecond(),
                RECONNECTS_PER_SECOND.key(), r.reconnectsPerSecond(), late, hit) + stall(r) + observed;
        if (openLoop) { // sysbench 1.0.20's second line (db_report_intermediate), nothing after it
            line += f("%n%s %s: %d, %s: %d", label, QUEUE_LENGTH.key(), r.queueLength(), CONCURRENCY.key(),
                    r.eventsInProgress() == null ? 0 : r.eventsInProgress());
        }
        return line;
    }

    /**
     * An interval whose start and end are each this close to a whole second is labelled as sysbench does,
     * {@code [ 4s ]} (its end, rounded); the cut-off grace, so a run that ends on time keeps that look.
     */
    private static final double ON_SCHEDULE_SECONDS = 0.1;

    /**
     * @return {@code [ Ns ]} when the interval is on schedule: its real start and end are both within
     *         {@link #ON_SCHEDULE_SECONDS} of different whole seconds, the reporter was no later than that and
     *         missed no line;
     *         else its real start and end, {@code [ 1.36-4.36s ]} (seconds since the measured start), so the label
     *         never claims a time the interval did not cover
     */
    static String label(IntervalRecord r) {
        return label(r, 0);
    }

    /**
     * As {@link #label(IntervalRecord)}, and the interval must last one report interval (within the grace):
     * {@code --time 3 --report-interval 2} labelled its 1-second tail, 2.00-3.01 s, {@code [ 3s ]} (tester).
     *
     * @param reportIntervalSeconds {@code --report-interval}, 0 when unknown (no length check)
     */
    static String label(IntervalRecord r, double reportIntervalSeconds) {
        boolean fullLength = reportIntervalSeconds <= 0
                || Math.abs(r.endSeconds() - r.startSeconds() - reportIntervalSeconds) <= ON_SCHEDULE_SECONDS;
        // a run shorter than the grace (0.00-0.07 s) was labelled [ 0s ]: its ends are near the same second
        if (fullLength && onSchedule(r.startSeconds()) && onSchedule(r.endSeconds()) && r.missedReports() == 0
                && Math.round(r.endSeconds()) > Math.round(r.startSeconds())
                && r.reporterLagSeconds() <= ON_SCHEDULE_SECONDS) {
            return f("[ %ds ]", Math.round(r.endSeconds()));
        }
        return f("[ %.2f-%.2fs ]", r.startSeconds(), r.endSeconds());
    }

    private static boolean onSchedule(double seconds) {
        return Math.abs(seconds - Math.rint(seconds)) <= ON_SCHEDULE_SECONDS + 1e-9;
    }

    /** Reporter lag shown on a line from this many seconds on (smaller lags are normal scheduling jitter). */
    private static final double SHOWN_LAG_SECONDS = 0.05;

    /**
     * @return " waiting: N longest wait: X s" when workers sat in one event all interval or no event completed in
     *         it (then also with 0 waiting), plus a late reporter
     */
    private static String stall(IntervalRecord r) {
        String s = r.waitingWorkers() == 0 && r.events() > 0 ? ""
                : f(" %s: %d %s: %.1f s", WAITING.key(), r.waitingWorkers(), LONGEST_WAIT.key(), r.longestWaitSeconds());
        if (r.reporterLagSeconds() >= SHOWN_LAG_SECONDS) {
            s += f(" %s: %.2f s", REPORTER_LAG.key(), r.reporterLagSeconds());
        }
        if (r.missedReports() > 0) {
            s += f(" %s: %d", MISSED_REPORTS.key(), r.missedReports());
        }
        return s;
    }

    /**
     * The final report of one run: sysbench 1.0.20's report line for line ({@link SysbenchSummary}), then
     * clusterbench's own sections (its statistics, HdrHistogram percentiles, statement classes, operations, the
     * workload's and the cluster's blocks, endpoints), whose labels never repeat one a sysbench script greps for.
     *
     * @return several lines ending with a newline
     */
    public static String summary(RunRecord run) {
        StringBuilder b = new StringBuilder(SysbenchSummary.render(run));
        b.append(statistics(run));
        b.append(ValidityBlock.render(run));
        LatencySummary l = run.summary().latency();
        b.append("\nLatency percentiles (ms, HdrHistogram):\n");
        for (Object[] row : new Object[][]{{LATENCY_P50, l.p50Micros()}, {LATENCY_P95, l.p95Micros()},
                {LATENCY_P99, l.p99Micros()}, {LATENCY_P999, l.p999Micros()}}) {
            b.append(f("         %-6s%38.2f%n", ((Figure) row[0]).key() + ":", millis((long) row[1])));
        }
        b.append(classes(run));
        b.append(operations(run));
        b.append(TpccBlock.render(run));
        b.append(StallBlock.render(run));
        b.append(ScenarioBlock.render(run));
        b.append(ClusterBlock.render(run));
        if (run.endpoints() != null && run.endpoints().size() > 1) {
            b.append(endpoints(run));
        }
        b.append(ExplainBlock.render(run));
        return b.toString();
    }

    /**
     * @return the {@code clusterbench statistics:} section: what a reader must not miss (warnings), then eps,
     *         errors by code, retries, reroutes, late events, hit rate, cut-off events, the connection ramp, lags
     *         and client CPU; the values in sysbench's column
     */
    static String statistics(RunRecord run) {
        Summary s = run.summary();
        StringBuilder b = new StringBuilder("clusterbench statistics:\n");
        warnings(run, b);
        b.append(f("    %-37s%.2f%n", EVENTS_PER_SECOND.key() + ":", s.tps()));
        if (s.errors() > 0) {
            b.append(f("    %-37s%d%s%n", ERRORS.key() + " by code:", s.errors(), codes(s.errorsByCode())));
            b.append(f("    %-37s%d%n", EVENTS_RETRIED.key() + ":", s.eventsRetried()));
            b.append(CausalReadLine.render(run));
        }
        if (s.reroutes() > 0) {
            b.append(f("    %-37s%d%n", REROUTES.key() + ":", s.reroutes()));
        }
        if (s.lateEvents() > 0) {
            b.append(f("    %-37s%d%n", LATE_EVENTS.key() + ":", s.lateEvents()));
        }
        if (s.hitRatePercent() != null) {
            b.append(f("    %-37s%.2f%% (%d %s, %d %s)%n", HIT_RATE.key() + ":", s.hitRatePercent(), s.hits(),
                    HITS.key(), s.misses(), MISSES.key()));
        }
        if (s.cutOffEvents() > 0) {
            b.append(f("    %-37s%d%s%n", CUT_OFF.key() + ":", s.cutOffEvents(),
                    s.cutOffStatements() == null ? "" : f(" (%s, not in queries)", io.clusterbench.Format.count(s.cutOffStatements(),
                            "statement"))));
        }
        if (s.timing() != null) {
            b.append(f("    %-37s%.2fs (%s threads, Java %d)%n", CONNECTION_RAMP.key() + ":",
                    s.timing().connectSeconds(), s.timing().threadModel(), s.timing().javaVersion()));
            if (s.timing().maxReporterLagSeconds() >= SHOWN_LAG_SECONDS) {
                int missed = run.intervals() == null ? 0
                        : run.intervals().stream().mapToInt(IntervalRecord::missedReports).sum();
                b.append(f("    %-37s%.2fs (max)%s%n", REPORTER_LAG.key() + ":", s.timing().maxReporterLagSeconds(),
                        missed == 0 ? "" : f(", %s: %d", MISSED_REPORTS.key(), missed)));
            }
            if (s.timing().maxWriteLagSeconds() >= SHOWN_LAG_SECONDS) {
                b.append(f("    %-37s%.2fs (max)%n", WRITE_LAG.key() + ":", s.timing().maxWriteLagSeconds()));
            }
        }
        b.append(f("    %-37s%.2fs (%.3f s per 1000 events)%n", CLIENT_CPU.key() + ":", s.clientCpuSeconds(),
                s.events() == 0 ? 0.0 : 1000.0 * s.clientCpuSeconds() / s.events()));
        return b.toString();
    }

    /** @return the per-statement-class table (count, hit rate, latency ms; rows when a class returns rows) */
    static String classes(RunRecord run) {
        StringBuilder b = new StringBuilder("\nStatement classes (latency ms):\n");
        int width = 18;
        boolean rows = false;
        for (ClassRecord c : run.statementClasses()) {
            width = Math.max(width, c.name().length());
            rows |= c.rows() > 0;
        }
        String name = "    %-" + width + "s";
        b.append(f(name + " %10s %9s %8s %8s %8s %8s %8s" + (rows ? " %10s" : "%s") + "%n", "class", "count",
                HIT_RATE.key(), LATENCY_MEAN.key(), LATENCY_P50.key(), LATENCY_P95.key(), LATENCY_P99.key(),
                LATENCY_MAX.key(), rows ? ROWS.key() : ""));
        for (ClassRecord c : run.statementClasses()) {
            LatencySummary cl = c.latency();
            b.append(f(name + " %10d %9s %8.2f %8.2f %8.2f %8.2f %8.2f" + (rows ? " %10d" : "%s") + "%n", c.name(),
                    c.statements(), c.hitRatePercent() == null ? "-" : f("%.2f%%", c.hitRatePercent()),
                    cl.meanMicros() / 1000.0, millis(cl.p50Micros()), millis(cl.p95Micros()), millis(cl.p99Micros()),
                    millis(cl.maxMicros()), rows ? (Object) c.rows() : ""));
        }
        return b.toString();
    }

    /** @return the per-operation table (reads, inserts, updates, deletes, DDL, other; latency ms) */
    static String operations(RunRecord run) {
        StringBuilder b = new StringBuilder("\nPer operation (latency ms):\n");
        b.append(f("    %-10s %10s %10s %8s %8s %8s%n", OPERATION.key(), "count", OPERATIONS_PER_SECOND.key(),
                LATENCY_P95.key(), LATENCY_P99.key(), LATENCY_MAX.key()));
        for (OpBreakdown.OpRecord o : OpBreakdown.of(run)) {
            LatencySummary l = o.latency();
            b.append(f("    %-10s %10d %10.2f %8s %8s %8s%n", o.op().name().toLowerCase(java.util.Locale.ROOT),
                    o.statements(), o.perSecond(), l == null ? "-" : f("%.2f", millis(l.p95Micros())),
                    l == null ? "-" : f("%.2f", millis(l.p99Micros())), l == null ? "-" : f("%.2f", millis(l.maxMicros()))));
        }
        return b.toString();
    }

    /** @return the per-endpoint table (latency ms), one line per endpoint */
    static String endpoints(RunRecord run) {
        StringBuilder b = new StringBuilder("\nPer endpoint (latency ms):\n");
        b.append(f("    %-22s %-6s %9s %9s %8s %8s %8s %9s  %s%n", ENDPOINT.key(), NODE.key(), ENDPOINT_EVENTS.key(),
                TPS.key(),
                LATENCY_MEAN.key(), LATENCY_P95.key(), LATENCY_P99.key(), HIT_RATE.key(), ERRORS.key() + " by code"));
        for (EndpointRecord e : run.endpoints()) {
            boolean none = e.events() == 0;
            b.append(f("    %-22s %-6s %9d %9.2f %8s %8s %8s %9s  %s%n", e.endpoint(),
                    e.node().isEmpty() ? "-" : e.node(), e.events(), e.tps(),
                    none ? "-" : f("%.2f", e.latency().meanMicros() / 1000.0),
                    none ? "-" : f("%.2f", millis(e.latency().p95Micros())), none ? "-" : f("%.2f", millis(e.latency().p99Micros())),
                    e.hitRatePercent() == null ? "-" : f("%.2f%%", e.hitRatePercent()),
                    e.errors() == 0 ? "0" : e.errors() + codes(e.errorsByCode())));
        }
        for (io.clusterbench.result.ConnectionWall w : io.clusterbench.result.ConnectionWall.of(run)) {
            b.append(wallLine(w)).append('\n');
        }
        return b.toString();
    }

    /**
     * @return e.g. {@code     connection wall on n3 (127.0.0.1:6103): 71 connections refused with 1040 (too many
     *         connections) at max_connections 151, from 8.0 s, after kill n2 moved workers there}
     */
    static String wallLine(io.clusterbench.result.ConnectionWall w) {
        return f("    %s %s (%s): %s refused with 1040 (too many connections) at max_connections %s%s%s",
                CONNECTION_WALL_ON.key(), w.node(), w.endpoint(), io.clusterbench.Format.count(w.refusals(),
                        "connection"),
                w.maxConnections() < 0 ? "unknown" : Long.toString(w.maxConnections()),
                w.firstSeconds() < 0 ? "" : f(", from %.1f s", w.firstSeconds()),
                w.afterFault() == null ? "" : ", after " + w.afterFault() + " moved workers there");
    }

    /**
     * @return one line per finished sweep step: tps, latency, errors with their codes ({@code errors: 1 (1213)},
     *         several as {@code errors: 5 (1213: 3, 1205: 2)}), hit rate
     */
    public static String stepLine(RunRecord run) {
        Summary s = run.summary();
        return f("%s: %.2f, %s: %.2f ms, %s: %.2f ms, %s: %d%s%s%s", TPS.key(), s.tps(), LATENCY_P95.key(),
                millis(s.latency().p95Micros()), LATENCY_P99.key(), millis(s.latency().p99Micros()), ERRORS.key(), s.errors(),
                errorCodes(s.errorsByCode()),
                s.hitRatePercent() == null ? "" : f(", %s: %.2f%%", HIT_RATE.key(), s.hitRatePercent()),
                SweepSummary.isRepeat(run) ? ""
                        : f(" (%s after %.2f s)", run.status().replace('_', ' '), s.measuredSeconds()))
                + profiled(run);
    }

    /**
     * @return ", profiled (perf 0.02% of the server's CPU, 99% of the expected samples)" for a step with an on-CPU
     * profile (the smallest share of expected samples over its nodes), then " — profile warning NODE: ..." for each
     * node with one; ", not profiled (WHY)" for a step whose profile was asked for and is absent (its first node's
     * reason); "" when no profile was asked for
     */
    private static String profiled(RunRecord run) {
        io.clusterbench.result.CpuProfile p = run.fact(io.clusterbench.result.FactKeys.CPU_PROFILE);
        if (p == null) {
            return "";
        }
        if (!p.profiled()) {
            return p.nodes().stream().map(io.clusterbench.result.CpuProfile.Node::absentReason)
                    .filter(java.util.Objects::nonNull).findFirst().map(r -> ", not profiled (" + r + ")").orElse("");
        }
        List<io.clusterbench.result.CpuProfile.Node> nodes = p.nodes().stream().filter(n -> n.absentReason() == null)
                .toList();
        Double cost = nodes.stream().map(io.clusterbench.result.CpuProfile.Node::perfCpuPercentOfServer)
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        Double expected = nodes.stream().map(io.clusterbench.result.CpuProfile.Node::samplesPercentOfExpected)
                .filter(java.util.Objects::nonNull).min(Double::compare).orElse(null);
        List<String> inside = new java.util.ArrayList<>();
        if (cost != null) {
            inside.add("perf " + ExplainBlock.percent(cost) + " of the server's CPU");
        }
        if (expected != null) {
            inside.add(f("%.0f%% of the expected samples", expected));
        }
        StringBuilder b = new StringBuilder(", " + EXPLAIN_PROFILED.key());
        if (!inside.isEmpty()) {
            b.append(" (").append(String.join(", ", inside)).append(')');
        }
        nodes.stream().filter(n -> n.warning() != null).forEach(n -> b.append(" — ")
                .append(EXPLAIN_PROFILE_WARNING.key()).append(nodes.size() > 1 ? " " + n.node() : "").append(": ")
                .append(n.warning()));
        return b.toString();
    }

    /**
     * @param byCode errors by {@code code/sqlstate} key
     * @return " (1213)" for one code, " (1213: 3, 1205: 2)" for several (most first), "" for none; the SQLSTATE
     *         left out, a causal-read timeout's level kept
     */
    static String errorCodes(Map<String, Long> byCode) {
        Map<String, Long> merged = new java.util.LinkedHashMap<>();
        byCode.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> merged.merge(e.getKey().replaceFirst("/[0-9A-Z]{5}", ""), e.getValue(), Long::sum));
        if (merged.isEmpty()) {
            return "";
        }
        if (merged.size() == 1) {
            return " (" + merged.keySet().iterator().next() + ")";
        }
        StringBuilder b = new StringBuilder(" (");
        merged.forEach((k, v) -> b.append(b.length() > 2 ? ", " : "").append(k).append(": ").append(v));
        return b.append(')').toString();
    }

    /**
     * @param sweep the sweep's figures per thread count
     * @param runs  every step, for connection walls
     * @return the sweep table: per thread count tps and p95/p99 as min / median / max, then peak, knee, walls
     */
    public static String sweepTable(SweepSummary sweep, List<RunRecord> runs) {
        StringBuilder b = new StringBuilder("Sweep summary (min / median / max over repeats; latency ms):\n");
        List<List<String>> rows = new java.util.ArrayList<>();
        rows.add(List.of("threads", TPS.key(), LATENCY_P95.key(), LATENCY_P99.key(), "repeats"));
        for (SweepSummary.Point p : sweep.points()) {
            rows.add(List.of(Integer.toString(p.threads()), spread(p.tps(), 1), spread(p.p95Micros(), 1000),
                    spread(p.p99Micros(), 1000), p.repeats() + (p.interrupted() ? " interrupted" : "")));
        }
        for (String line : Columns.render(rows, new boolean[5], " ").split("\n")) { // right-aligned: figures
            b.append("   ").append(line).append('\n');
        }
        List<String> leftOut = new java.util.ArrayList<>();
        for (RunRecord r : runs) {
            boolean counted = sweep.points().stream().anyMatch(p -> p.threads() == r.threads() && p.interrupted());
            if (r.summary() != null && r.summary().events() > 0 && !SweepSummary.isRepeat(r) && !counted) {
                leftOut.add(f("%d thr #%d (%s after %.2f s)", r.threads(), r.repeat(), r.status().replace('_', ' '),
                        r.summary().measuredSeconds()));
            }
        }
        if (!leftOut.isEmpty()) {
            b.append("    left out (not a full repeat): ").append(String.join(", ", leftOut)).append('\n');
        }
        b.append(f("    %s: %s%n", PEAK.key(), sweep.peakThreads() == 0 ? "-" : ReportCharts.threads(sweep.peakThreads())));
        b.append(f("    %s: %s%n", KNEE.key(), sweep.kneeThreads() == null
                ? "none in this range (every step added >= 5% tps)" : ReportCharts.threads(sweep.kneeThreads())));
        for (RunRecord r : runs) {
            if ("connection_refused".equals(r.status())) {
                b.append(f("    %s: %s%n", CONNECTION_WALL.key(), r.fatalError()));
                break;
            }
        }
        b.append(ExplainBlock.sweep(io.clusterbench.result.ExplainSummary.of(runs)));
        return b.toString();
    }

    private static String spread(Spread s, double divisor) {
        return f("%.2f / %.2f / %.2f", s.min() / divisor, s.median() / divisor, s.max() / divisor);
    }

    /** Adds what a reader must not miss: an open-loop rate not reached, intervals without any event. */
    private static void warnings(RunRecord run, StringBuilder b) {
        Summary s = run.summary();
        double target = run.plan() == null ? 0 : run.plan().rateEventsPerSecond();
        if (target > 0 && s.tps() < 0.95 * target) {
            long queue = run.intervals().isEmpty() ? 0 : run.intervals().get(run.intervals().size() - 1).queueLength();
            b.append(f("    warning: %s %.2f events/s not reached: achieved %.2f (%.1f%%); %d due events never started%n",
                    TARGET_RATE.key(), target, s.tps(), 100 * s.tps() / target, queue));
        }
        List<io.clusterbench.result.IntervalRecord> idle = run.intervals().stream()
                .filter(i -> i.events() == 0).toList();
        List<io.clusterbench.result.IntervalRecord> failing = idle.stream().filter(i -> i.errorsPerSecond() > 0).toList();
        if (!failing.isEmpty() || 2 * idle.size() > run.intervals().size()) {
            Map<String, Long> codes = new java.util.TreeMap<>();
            failing.forEach(i -> i.errorsByCode().forEach((k, v) -> codes.merge(k, v, Long::sum)));
            boolean lost = !codes.isEmpty() && codes.keySet().stream().allMatch(ConsoleReport::connectionLoss);
            b.append(f("    warning: no event completed in %d of %d intervals%s%n", idle.size(), run.intervals().size(),
                    failing.isEmpty() ? " (no error in them: the workers waited)"
                            : f(", errors in %d of them%s: %s", failing.size(), lost ? " (server unreachable?)" : "",
                            codes.isEmpty() ? "see errors by code" : codes.toString().replaceAll("[{}]", ""))));
        }
    }

    /**
     * @param key an error key, {@code code/sqlstate}
     * @return true for a lost or refused connection: a client-side 2xxx code (2002, 2003, 2006, 2013, …), 1053
     *         (server shutdown) or 1927 (connection killed); a statement's error (1461, 1290, 1205, 1146, …) is not
     */
    static boolean connectionLoss(String key) {
        int slash = key.indexOf('/');
        try {
            int code = Integer.parseInt(slash < 0 ? key : key.substring(0, slash));
            return code >= 2000 && code < 3000 || code == 1053 || code == 1927;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String codes(Map<String, Long> byCode) {
        StringBuilder b = new StringBuilder(" (");
        byCode.forEach((k, v) -> b.append(b.length() > 2 ? ", " : "").append(k).append(": ").append(v));
        return b.append(')').toString();
    }
}
