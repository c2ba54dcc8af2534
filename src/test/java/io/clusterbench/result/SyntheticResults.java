package io.clusterbench.result;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Small, seeded result documents for tests of comparison and reports: runs with given thread counts and
 * tps, a few intervals each (with observer figures when asked), two statement classes with real histograms.
 *
 * <p>Not thread-safe (one builder per test).
 */
public final class SyntheticResults {
    private final List<RunRecord> runs = new ArrayList<>();
    private final Map<String, String> variables = new LinkedHashMap<>();
    private final Random random = new Random(42);
    private boolean observed;
    private boolean scenarios;
    private boolean faults;
    private boolean nodeGaps;
    private double rate;

    /** @return a builder with a few variables every server has */
    public static SyntheticResults builder() {
        SyntheticResults b = new SyntheticResults();
        b.variables.put("innodb_buffer_pool_size", "134217728");
        b.variables.put("innodb_flush_log_at_trx_commit", "1");
        b.variables.put("port", "3306");
        b.variables.put("pid_file", "/tmp/a/data/host.pid");
        return b;
    }

    /** Adds observer figures ({@code server}, {@code host}) to every interval of runs added afterwards. */
    public SyntheticResults observed() {
        observed = true;
        return this;
    }

    /**
     * Adds to runs added afterwards what a run with {@code --fault "1s kill n3; 3s restart n3"} records: the two
     * events (the restart by IST), recovery of the kill, a quorum loss and cross-node checksums that differ.
     */
    /** Adds two scenarios (reads closed loop, writes at 50/s) to every run: per interval and as the run's fact. */
    public SyntheticResults scenarios() {
        scenarios = true;
        return this;
    }

    public SyntheticResults faults() {
        faults = true;
        return this;
    }

    /**
     * Adds to runs added afterwards the per-node figures of a 3-node run whose n3 is killed and restarted:
     * {@code observed.serverNodes} and {@code observed.galera.nodes} for n1..n3, n3 not answering in interval 2
     * (0-based) and a counter gap ({@code restart}) in interval 3.
     */
    public SyntheticResults nodeGaps() {
        nodeGaps = true;
        return this;
    }

    /** Runs added afterwards ran open loop at {@code eventsPerSecond} (0: closed loop), as a capacity search's steps. */
    public SyntheticResults rate(double eventsPerSecond) {
        rate = eventsPerSecond;
        return this;
    }

    /** Sets one server variable. */
    public SyntheticResults variable(String name, String value) {
        variables.put(name, value);
        return this;
    }

    /**
     * Adds one run per tps value at {@code threads}, repeats numbered from 1; p95 = 1000 × threads ÷ tps
     * × 1000 µs (so latency follows throughput), p99 = 2 × p95.
     */
    public SyntheticResults runs(int threads, double... tps) {
        int repeat = 1;
        for (double t : tps) {
            runs.add(run(threads, repeat++, t));
        }
        return this;
    }

    /** Adds one run at {@code threads} stopped by Ctrl-C: status {@code interrupted}, 5 s measured of the 10 asked. */
    public SyntheticResults interrupted(int threads, double tps) {
        RunRecord r = run(threads, runs.size() + 1, tps);
        runs.add(new RunRecord(r.workload(), r.threads(), r.repeat(), r.plan(), "interrupted", null, r.workloadFacts(),
                r.intervals(), r.summary(), r.statementClasses(), r.observerFacts()));
        return this;
    }

    /** Adds one run at {@code threads} ended by a second Ctrl-C: status {@code interrupted}, no summary. */
    public SyntheticResults halted(int threads) {
        RunRecord r = run(threads, runs.size() + 1, 100);
        runs.add(new RunRecord(r.workload(), r.threads(), r.repeat(), r.plan(), "interrupted",
                "a second Ctrl-C ended the process at once", r.workloadFacts(), r.intervals(), null, List.of(),
                r.observerFacts()));
        return this;
    }

    /** @return the document */
    public ResultDocument build() {
        return new ResultDocument(ResultDocument.SCHEMA, Map.of("clusterbench", "test"), "2024-01-01T00:00:00Z",
                List.of("clusterbench", "sweep"), Map.of("database", "sbtest"),
                new ResultDocument.ServerRecord("11.4.5-MariaDB", true, new LinkedHashMap<>(variables)),
                List.copyOf(runs));
    }

    private RunRecord run(int threads, int repeat, double tps) {
        long p95 = Math.round(1000.0 * threads / tps * 1000);
        LatencySummary lat = new LatencySummary((long) (tps * 10), p95 / 10, p95 / 2.0, p95 / 2, p95, 2 * p95,
                3 * p95, 4 * p95, tps * 10 * p95 / 2.0);
        List<IntervalRecord> intervals = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            double it = tps * (0.9 + 0.2 * random.nextDouble());
            Map<String, Object> obs = new LinkedHashMap<>();
            if (observed) {
                obs.put("server", ordered("QuestionsPerSecond", it * 18, "Threads_running", threads,
                        "bufferPoolMissPercent", 0.5));
                obs.put("host", ordered("processors", 2, "serverPid", 1234, "hostCpuPercent", 40.0 + threads,
                        "serverCpuPercent", 30.0 + threads, "serverDiskWriteBytesPerSecond", 1_000_000L * threads));
            }
            if (nodeGaps) {
                nodeFigures(i, it, obs);
            }
            if (scenarios) {
                obs.put("scenarios", ordered("reads", ordered("events", 400L, "tps", 400.0 + i, "errors", 0L,
                        "p95Millis", 1.5), "writes", ordered("events", 50L, "tps", 50.0, "errors", 1L, "p95Millis", 4.0)));
            }
            intervals.add(new IntervalRecord(i, i + 1, threads, Math.round(it), it, it * 18, it * 14, it * 2,
                    it * 2, i == 3 ? 1.0 : 0.0, 0, Math.round(it * 12), 0, p95, lat, 0, 0,
                    i == 3 ? Map.of("1213/40001", 1L) : Map.of(), obs, 0, 0, 0, 0, threads));
        }
        Summary s = new Summary(5, (long) (tps * 5), tps, (long) (tps * 70), (long) (tps * 10), (long) (tps * 10),
                (long) (tps * 90), tps * 18, 1, 1, 1, 0, 0, 0, (long) (tps * 60), 0, 100.0, lat,
                encode(p95, 100), Map.of("1213/40001", 1L), tps * 5 / threads, 1, 5, 0.01, 1.5, 0, null, null);
        List<ClassRecord> classes = List.of(
                new ClassRecord("point_select", (long) (tps * 50), (long) (tps * 50), 0, 100.0, lat,
                        encode(p95 / 4, 200), 0),
                new ClassRecord("commit", (long) (tps * 5), 0, 0, null, lat, encode(p95 / 2, 50), 0));
        PlanRecord plan = plan("oltp_read_write", threads);
        if (rate > 0) {
            plan = new PlanRecord(plan.workload(), threads, plan.timeSeconds(), 0, 0, rate, 1, 1, 95, "uniform", 1,
                    "none", "auto", 0, "round-robin", null, "", false, "intended start", java.util.Map.of());
        }
        return new RunRecord("oltp_read_write", threads, repeat, plan, "completed", null,
                Map.of(), intervals, s, classes, facts(tps));
    }

    private Facts facts(double tps) {
        Facts facts = faults ? faultFacts(tps) : Facts.NONE;
        if (scenarios) {
            facts = facts.with(FactKeys.SCENARIOS, new ScenarioFacts(200, List.of(
                    new ScenarioFacts.Scenario("reads", "oltp_point_select", 4, 0, 0, 4.9, 2010, 2010 / 4.9, 2010, 0,
                            0, 0, Map.of(), 0, 0, 1, 0, 0.8, 1.5, 2.5, 9.0, null),
                    new ScenarioFacts.Scenario("writes", "oltp_update_index", 2, 50, 10, 4.9, 245, 245 / 4.9, 0, 245,
                            0, 5, Map.of("1213/40001", 5L), 24, 3, 0, 0, 2.0, 4.0, 6.0, 20.0, null))));
        }
        if (nodeGaps) {
            Map<String, GaleraFacts.NodeTotals> totals = new LinkedHashMap<>();
            for (String n : List.of("n1", "n2", "n3")) {
                totals.put(n, new GaleraFacts.NodeTotals(5.0, 0.01, 50_000, 1, 0, 0, 0, 1, 0.5, 0, 0, 0, 0, 0, 0, 0, 2,
                        0, 20, 1000, 3, "Primary", "Synced", n.equals("n3") ? 1 : 0));
            }
            facts = facts.with(FactKeys.GALERA, new GaleraFacts(List.of(), Map.of(), totals));
        }
        return facts;
    }

    private static void nodeFigures(int interval, double tps, Map<String, Object> obs) {
        Map<String, Object> server = new LinkedHashMap<>();
        Map<String, Object> galera = new LinkedHashMap<>();
        for (String n : List.of("n1", "n2", "n3")) {
            boolean down = n.equals("n3") && interval == 2;
            boolean gap = n.equals("n3") && interval == 3;
            server.put(n, down ? ordered("readFailures", 1L, "gap", "unanswered")
                    : gap ? ordered("gap", "restart", "Threads_running", 1L)
                    : ordered("QuestionsPerSecond", tps * 6, "Threads_running", 2L));
            galera.put(n, down ? ordered("error", "no answer within 2000 ms")
                    : gap ? ordered("gap", "restart", "recvQueueMaxWriteSets", 3L, "commitLagMaxTransactions", 900L)
                    : ordered("flowControlPausedFraction", 0.01, "recvQueueMaxWriteSets", 1L, "commitLagMaxTransactions",
                    2L, "bfAborts", 0L));
        }
        obs.put("serverNodes", server);
        obs.put("galera", ordered("sampleSkewMicros", 100L, "nodes", galera));
    }

    private static Facts faultFacts(double tps) {
        FaultReport f = new FaultReport("1s kill n3; 3s restart n3", List.of(
                new FaultEvent(1, 1.02, "kill", "n3", "kill n3", true, "killed pid 42", 0.01, null),
                new FaultEvent(3, 3.01, "restart", "n3", "restart n3", true, "n3 is Synced", 1.4,
                        new StateTransferRecord("IST", "", "n1", 0.2, 1.4))),
                List.of(new RecoveryRecord("kill n3", 1.02, tps, 1.0, 1.0, 2.5, 3.01, Map.of("2013/HY000", 4L))),
                List.of(new QuorumLoss(2.0, 1.5, true, "n1=non-Primary n2=? n3=?")));
        ChecksumRecord sums = ChecksumRecord.of(List.of("sbtest1"), Map.of("n1", Map.of("sbtest1", 1L),
                "n2", Map.of("sbtest1", 1L)), Map.of());
        return Facts.NONE.with(FactKeys.FAULTS, f).with(FactKeys.CHECKSUMS, sums);
    }

    /** @return the pairs name, value, ... as a map in that order (Map.of's order changes from run to run) */
    private static Map<String, Object> ordered(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    /** @return a closed-loop plan of 10 s at {@code threads} with no workload options */
    public static PlanRecord plan(String workload, int threads) {
        return new PlanRecord(workload, threads, 10, 0, 0, 0, 1, 1, 95, "uniform", 1, "none", "auto", 0, "round-robin",
                null, "", false, "actual start", Map.of());
    }

    private String encode(long aroundMicros, int count) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (int i = 0; i < count; i++) {
            h.recordValue(Math.max(1, Math.round(aroundMicros * (0.5 + random.nextDouble()))));
        }
        return RunAccumulator.encode(h);
    }
}
