package io.clusterbench.runner;

import io.clusterbench.db.TargetSpec;
import io.clusterbench.Defaults;
import io.clusterbench.fault.FaultPlan;
import io.clusterbench.db.Consistency;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Routing;
import io.clusterbench.db.Target;
import io.clusterbench.engine.EnginePlan;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.explain.ExplainSpec;
import io.clusterbench.prom.MetricsListen;
import io.clusterbench.workload.Distribution;
import io.clusterbench.result.PlanRecord;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.WorkloadOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a run or sweep is asked to do, after validation and resolution (seed drawn, distribution parsed,
 * output directory chosen): every value explicit and typed, so the result can embed it. Built by the
 * command line; holds no option-parser type.
 *
 * <p>Immutable (the workload is shared by the steps of a sweep; it is thread-safe).
 *
 * @param target                the target as given
 * @param threadCounts          worker threads: one value for a run, ascending or not for a sweep; each &gt;= 1
 * @param timeSeconds           measured time per step in seconds; 0 = no time limit
 * @param events                measured events per step; 0 = no limit
 * @param warmupSeconds         unmeasured load before each step's measurement, in seconds
 * @param rateEventsPerSecond   open-loop total rate in events per second; 0 = closed loop
 * @param reportIntervalSeconds interval line period in seconds; 0 = no interval lines
 * @param percentile            latency percentile of interval lines, 1-100
 * @param workload              the workload, built from its family's options
 * @param distribution          the key distribution
 * @param seed                  the resolved seed (never 0)
 * @param errors                the error policy
 * @param outDir                where result files go
 * @param command               the command line, password masked
 * @param routing               {@code --routing}
 * @param consistency           {@code --consistency}, or null when not set
 * @param workloadOptions       the family's resolved options (recorded in result.json's plan)
 * @param workloadDescription   the family's part of the start line, e.g. {@code ", keys special(...)"}
 * @param background            a workload run beside this one ({@code --background}), or null for none
 * @param faults                {@code --fault}, {@code --fault-cmd}, {@code --sandbox}, {@code --verify-commits}
 * @param inspect               run the pre-flight checks before the first step (false for {@code --no-inspect})
 * @param shard                 {@code --shard}, {@code --threads-per-shard}, {@code --start-at};
 *                              {@link ShardSpec#NONE} for an unsharded run. {@code threadCounts}, {@code events}
 *                              and {@code rateEventsPerSecond} stay the whole run's; {@link #engine} takes the
 *                              shard's part
 * @param console               console formats: {@code --stats-format}, {@code --report-csv}, {@code --histogram}
 * @param reconnectEveryEvents  {@code --reconnect}: events per worker between forced reconnects; 0 = never
 * @param metrics               {@code --metrics-listen} and {@code --metrics-linger}, or null for no metrics endpoint
 *                              (docs/monitoring.md)
 * @param explain               {@code --explain}, {@code --profile} and the other explain options (docs/explain.md);
 *                              {@link ExplainSpec#OFF} (null given) for commands that do not explain
 */
public record RunPlan(TargetSpec target, List<Integer> threadCounts, long timeSeconds, long events, long warmupSeconds,
                      double rateEventsPerSecond, long reportIntervalSeconds, double percentile, Workload workload,
                      Distribution distribution, long seed, ErrorPolicy errors, Path outDir, List<String> command,
                      Routing routing, Consistency consistency, WorkloadOptions workloadOptions,
                      String workloadDescription, Background background, FaultPlan faults, boolean inspect,
                      ShardSpec shard, io.clusterbench.report.StatsFormat.Console console, long reconnectEveryEvents,
                      MetricsListen metrics, ExplainSpec explain) {

    /**
     * A second workload run by its own engine beside the run (closed loop), so the cost of the main
     * workload's DDL or big transactions shows in its throughput. Immutable.
     *
     * @param workload the background workload, not yet initialised
     * @param threads  its worker threads, &ge; 1
     */
    public record Background(Workload workload, int threads) {
    }

    public RunPlan {
        threadCounts = List.copyOf(threadCounts);
        command = List.copyOf(command);
        explain = explain == null ? ExplainSpec.OFF : explain;
    }

    /** As the canonical constructor, with the pre-flight checks on. */
    public RunPlan(TargetSpec target, List<Integer> threadCounts, long timeSeconds, long events, long warmupSeconds,
                   double rateEventsPerSecond, long reportIntervalSeconds, double percentile, Workload workload,
                   Distribution distribution, long seed, ErrorPolicy errors, Path outDir, List<String> command,
                   Routing routing, Consistency consistency, WorkloadOptions workloadOptions,
                   String workloadDescription, Background background, FaultPlan faults) {
        this(target, threadCounts, timeSeconds, events, warmupSeconds, rateEventsPerSecond, reportIntervalSeconds,
                percentile, workload, distribution, seed, errors, outDir, command, routing, consistency, workloadOptions,
                workloadDescription, background, faults, true, ShardSpec.NONE,
                io.clusterbench.report.StatsFormat.Console.DEFAULT, 0, null, null);
    }

    /** @return the largest thread count of the plan (a sweep's last step when ascending) */
    public int maxThreads() {
        return threadCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** @return this plan at another {@code --consistency} level (a step of a consistency sweep) */
    public RunPlan withConsistency(Consistency level) {
        return new RunPlan(target, threadCounts, timeSeconds, events, warmupSeconds, rateEventsPerSecond,
                reportIntervalSeconds, percentile, workload, distribution, seed, errors, outDir, command, routing, level,
                workloadOptions, workloadDescription, background, faults, inspect, shard, console,
                reconnectEveryEvents, metrics, explain);
    }

    /** @return this plan with a metrics endpoint ({@code --metrics-listen}); null for none */
    public RunPlan withMetrics(MetricsListen endpoint) {
        return new RunPlan(target, threadCounts, timeSeconds, events, warmupSeconds, rateEventsPerSecond,
                reportIntervalSeconds, percentile, workload, distribution, seed, errors, outDir, command, routing,
                consistency, workloadOptions, workloadDescription, background, faults, inspect, shard, console,
                reconnectEveryEvents, endpoint, explain);
    }

    /** @return this plan with the explain options ({@code --explain}, {@code --profile}, ...) */
    public RunPlan withExplain(ExplainSpec spec) {
        return new RunPlan(target, threadCounts, timeSeconds, events, warmupSeconds, rateEventsPerSecond,
                reportIntervalSeconds, percentile, workload, distribution, seed, errors, outDir, command, routing,
                consistency, workloadOptions, workloadDescription, background, faults, inspect, shard, console,
                reconnectEveryEvents, metrics, spec);
    }

    /** @return the first (for a run: the only) thread count */
    public int threads() {
        return threadCounts.get(0);
    }

    /** @return the engine plan of one step at {@code threads} workers */
    public EnginePlan engine(Target runTarget, int threads) {
        return engine(runTarget, threads, 0);
    }

    /**
     * @param threads   the step's thread count as given ({@code --threads}; the whole run's)
     * @param stepIndex 0-based step of a sweep (0 for a run): picks the step's fixed start under {@code --start-at}
     * @return the engine plan of this process's part of the step (all of it when not sharded)
     */
    public EnginePlan engine(Target runTarget, int threads, int stepIndex) {
        long interval = reportIntervalSeconds > 0 ? reportIntervalSeconds : Defaults.SAMPLE_INTERVAL_SECONDS;
        int whole = shard.wholeThreads(threads);
        return new EnginePlan(shard.threadsOf(whole), Duration.ofSeconds(timeSeconds), shard.eventsOf(events, whole),
                Duration.ofSeconds(warmupSeconds), shard.rateOf(rateEventsPerSecond, whole), Duration.ofSeconds(interval),
                errors, seed, runTarget, shard.firstWorker(whole),
                shard.startAtOfStep(stepIndex, warmupSeconds + timeSeconds), reconnectEveryEvents);
    }

    /** @return the workers' socket read timeout in ms: {@code --read-timeout}, or derived from the run; 0 for none */
    public int readTimeoutMillis() {
        return faults.readTimeoutSeconds() == FaultPlan.AUTO
                ? io.clusterbench.db.ReadTimeout.derive(timeSeconds, reportIntervalSeconds)
                : (int) (faults.readTimeoutSeconds() * 1000);
    }

    /** @return the one-line plan description printed at start */
    public String describe(Target runTarget) {
        int whole = shard.wholeThreads(threads());
        StringBuilder b = new StringBuilder(workload.name()).append(", ").append(whole)
                .append(whole == 1 ? " thread" : " threads");
        if (shard.sharded()) {
            b.append(", ").append(shard.describe(whole));
        }
        if (shard.startAtEpochMillis() > 0) {
            b.append(", start at ").append(java.time.Instant.ofEpochMilli(shard.startAtEpochMillis()));
        }
        if (timeSeconds > 0) {
            b.append(", ").append(timeSeconds).append(" s");
        }
        if (events > 0) {
            b.append(", ").append(events).append(" events");
        }
        if (warmupSeconds > 0) {
            b.append(", warmup ").append(warmupSeconds).append(" s");
        }
        b.append(rateEventsPerSecond > 0 ? String.format(Locale.ROOT, ", open loop %.0f events/s",
                rateEventsPerSecond) : ", closed loop");
        b.append(workloadDescription);
        b.append(", seed ").append(seed);
        if (routing != Routing.ROUND_ROBIN) {
            b.append(", routing ").append(routing.spelling());
        }
        if (!faults.schedule().isEmpty()) {
            b.append(", faults ").append(faults.schedule().describe());
        }
        if (faults.verifyCommits()) {
            b.append(", verify commits");
        }
        if (consistency != null) {
            b.append(", ").append(consistency.variable()).append('=').append(consistency.level());
        }
        b.append(" -> ").append(String.join(",", labels(runTarget))).append('/').append(runTarget.database());
        return b.toString();
    }

    /** @return every option the step used, resolved, as result.json records it (no password) */
    public PlanRecord planRecord(EnginePlan plan) {
        return new PlanRecord(workload.name(), plan.threads(), plan.time().toSeconds(), plan.events(),
                plan.warmup().toSeconds(), plan.rateEventsPerSecond(), reportIntervalSeconds,
                plan.sampleInterval().toSeconds(), percentile, distribution.describe(), seed, errors.toString(),
                target.psMode(), reconnectEveryEvents, routing.spelling(), consistency == null ? null : consistency.level(),
                faults.schedule().describe(), faults.verifyCommits(),
                plan.rateEventsPerSecond() > 0 ? "intended start (open loop)" : "actual start",
                workloadOptions.resultFields());
    }

    /**
     * @param server what the server said at start, on the first connection (its TLS session)
     * @return endpoints, user, database and TLS as negotiated (never the password)
     */
    public Map<String, Object> targetMap(Target runTarget, io.clusterbench.db.ServerInfo server) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("endpoints", labels(runTarget));
        m.put("user", runTarget.user());
        m.put("database", runTarget.database());
        m.put("serverPreparedStatements", runTarget.serverPrepared());
        Map<String, Object> tls = new LinkedHashMap<>();
        tls.put("mode", runTarget.tls().mode().name());
        tls.put("version", server.tlsVersion().isEmpty() ? "none (plain connection)" : server.tlsVersion());
        tls.put("cipher", server.tlsCipher().isEmpty() ? "none" : server.tlsCipher());
        m.put("tls", tls);
        return m;
    }

    private static List<String> labels(Target t) {
        List<String> labels = new ArrayList<>();
        for (Endpoint e : t.endpoints()) {
            labels.add(e.label());
        }
        return labels;
    }
}
