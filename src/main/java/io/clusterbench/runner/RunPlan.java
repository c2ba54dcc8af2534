package io.clusterbench.runner;

import io.clusterbench.Defaults;
import io.clusterbench.db.Consistency;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Routing;
import io.clusterbench.db.Target;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.engine.EnginePlan;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.explain.ExplainSpec;
import io.clusterbench.fault.FaultPlan;
import io.clusterbench.prom.MetricsListen;
import io.clusterbench.result.PlanRecord;
import io.clusterbench.workload.Distribution;
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
 * What a run, sweep or A/B side is asked to do, after validation and resolution (seed drawn, distribution parsed,
 * output directory chosen), grouped the way people think of a run (JMH's params are the model): the target, the
 * load, the workload, the reporting, the cluster settings, the shard and the output. Every value explicit and
 * typed, durations as {@link Duration}, so the result can embed it; no option-parser or report type inside.
 *
 * <p>Immutable (the workload is shared by the steps of a sweep; it is thread-safe).
 *
 * @param target    the target as given
 * @param load      threads, time, events, warmup, rate, reconnects and the error policy
 * @param workload  the workload, its family's options, key distribution and seed
 * @param reporting interval lines, percentile, console formats and the metrics endpoint
 * @param cluster   routing, consistency, the fault schedule and a background workload
 * @param shard     {@code --shard}, {@code --threads-per-shard}, {@code --start-at}; {@link ShardSpec#NONE} for an
 *                  unsharded run. {@link Load#threadCounts}, {@link Load#events} and {@link Load#rateEventsPerSecond}
 *                  stay the whole run's; {@link #engine} takes the shard's part
 * @param output    where results go, the command line, and whether the pre-flight checks run
 */
public record RunPlan(TargetSpec target, Load load, WorkloadPlan workload, Reporting reporting, Cluster cluster,
                      ShardSpec shard, Output output) {

    /**
     * The load: how many workers, how long, how fast. Immutable.
     *
     * @param threadCounts         worker threads: one value for a run, several for a sweep; each &gt;= 1
     * @param time                 measured time per step; {@link Duration#ZERO} = no time limit
     * @param events               measured events per step; 0 = no limit
     * @param warmup               unmeasured load before each step's measurement
     * @param rateEventsPerSecond  open-loop total rate, events per second; 0 = closed loop
     * @param reconnectEveryEvents {@code --reconnect}: events per worker between forced reconnects; 0 = never
     * @param errors               the error policy ({@code --ignore-errors})
     */
    public record Load(List<Integer> threadCounts, Duration time, long events, Duration warmup,
                       double rateEventsPerSecond, long reconnectEveryEvents, ErrorPolicy errors) {
        public Load {
            threadCounts = List.copyOf(threadCounts);
        }

        /** @return the largest thread count (a sweep's last step when ascending) */
        public int maxThreads() {
            return threadCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
        }

        /** @return the first (for a run: the only) thread count */
        public int threads() {
            return threadCounts.get(0);
        }
    }

    /**
     * The workload and what decides its keys. Immutable.
     *
     * @param workload     the workload, built from its family's options
     * @param options      the family's resolved options (recorded in result.json's plan)
     * @param description  the family's part of the start line, e.g. {@code ", keys special(...)"}
     * @param distribution the key distribution
     * @param seed         the resolved seed (never 0)
     */
    public record WorkloadPlan(Workload workload, WorkloadOptions options, String description,
                               Distribution distribution, long seed) {
    }

    /**
     * What is printed while and after a run. Immutable.
     *
     * @param reportInterval interval line period; {@link Duration#ZERO} = no interval lines (the files still get
     *                       1-second intervals)
     * @param percentile     latency percentile of interval lines and sysbench's summary, 1-100; 0 = none, as
     *                       sysbench ({@code lat (ms,0%): 0.00}, {@code percentile stats: disabled})
     * @param console        console formats: {@code --stats-format}, {@code --report-csv}, {@code --histogram}
     * @param metrics        {@code --metrics-listen} and {@code --metrics-linger}, or null for no metrics endpoint
     * @param explain        {@code --explain}, {@code --profile} and the other explain options (docs/explain.md);
     *                       {@link ExplainSpec#OFF} (null given) for commands that do not explain
     */
    public record Reporting(Duration reportInterval, double percentile, ConsoleFormat console, MetricsListen metrics,
                            ExplainSpec explain) {
        public Reporting {
            explain = explain == null ? ExplainSpec.OFF : explain;
        }

        /** @return the report interval in whole seconds (0 = none) */
        public long reportIntervalSeconds() {
            return reportInterval.toSeconds();
        }
    }

    /**
     * How the load meets a cluster. Immutable.
     *
     * @param routing     {@code --routing}
     * @param consistency {@code --consistency}, or null when not set
     * @param faults      {@code --fault}, {@code --fault-cmd}, {@code --sandbox}, {@code --verify-commits},
     *                    {@code --read-timeout}
     * @param background  a workload run beside this one ({@code --background}), or null for none
     * @param anomalies   the history workloads beside the run ({@code --anomalies RATE}), or null for none
     * @param scenarios   the named workloads beside the run ({@code --scenario}), in order; empty for none
     */
    public record Cluster(Routing routing, Consistency consistency, FaultPlan faults, Background background,
                          io.clusterbench.probe.SideHistory.Spec anomalies, List<Scenario> scenarios) {
        public Cluster {
            scenarios = scenarios == null ? List.of() : List.copyOf(scenarios);
        }

        /** Without scenarios. */
        public Cluster(Routing routing, Consistency consistency, FaultPlan faults, Background background,
                       io.clusterbench.probe.SideHistory.Spec anomalies) {
            this(routing, consistency, faults, background, anomalies, List.of());
        }

        /** Without history workloads or scenarios beside the run. */
        public Cluster(Routing routing, Consistency consistency, FaultPlan faults, Background background) {
            this(routing, consistency, faults, background, null, List.of());
        }
    }

    /**
     * A named workload run by its own engine beside the run ({@code --scenario}), sharing the target. Immutable.
     *
     * @param spec                 the scenario as typed (name, workload, threads, rate, its options)
     * @param workload             its workload, built from the run's workload options and its own, not yet
     *                             initialised
     * @param reconnectEveryEvents its {@code --reconnect}: events per thread between reconnects; 0 = never
     * @param errors               its {@code --ignore-errors}
     */
    public record Scenario(io.clusterbench.runner.ScenarioSpec spec, Workload workload, long reconnectEveryEvents,
                           ErrorPolicy errors) {
    }

    /**
     * A second workload run by its own engine beside the run (closed loop), so the cost of the main workload's DDL
     * or big transactions shows in its throughput. Immutable.
     *
     * @param workload the background workload, not yet initialised
     * @param threads  its worker threads, &ge; 1
     */
    public record Background(Workload workload, int threads) {
    }

    /**
     * Where the results go. Immutable.
     *
     * @param dir     where result files go
     * @param command the command line, password masked
     * @param inspect run the pre-flight checks before the first step (false for {@code --no-inspect})
     */
    public record Output(Path dir, List<String> command, boolean inspect) {
        public Output {
            command = List.copyOf(command);
        }
    }

    /** @return this plan at another {@code --consistency} level (a step of a consistency sweep) */
    public RunPlan withConsistency(Consistency level) {
        return new RunPlan(target, load, workload, reporting,
                new Cluster(cluster.routing(), level, cluster.faults(), cluster.background(), cluster.anomalies(),
                        cluster.scenarios()), shard,
                output);
    }

    /** @return this plan at another open-loop rate (a step of a capacity search); 0 = closed loop */
    public RunPlan withRate(double rateEventsPerSecond) {
        return new RunPlan(target, new Load(load.threadCounts(), load.time(), load.events(), load.warmup(),
                rateEventsPerSecond, load.reconnectEveryEvents(), load.errors()), workload, reporting, cluster, shard,
                output);
    }

    /** @return this plan with another measured time per step (a run of a capacity step); zero = no limit */
    public RunPlan withTime(Duration measured) {
        return new RunPlan(target, new Load(load.threadCounts(), measured, load.events(), load.warmup(),
                load.rateEventsPerSecond(), load.reconnectEveryEvents(), load.errors()), workload, reporting, cluster,
                shard, output);
    }

    /** @return this plan with a metrics endpoint ({@code --metrics-listen}); null for none */
    public RunPlan withMetrics(MetricsListen endpoint) {
        return new RunPlan(target, load, workload,
                new Reporting(reporting.reportInterval(), reporting.percentile(), reporting.console(), endpoint,
                        reporting.explain()), cluster, shard, output);
    }

    /** @return this plan with the explain options ({@code --explain}, {@code --profile}, ...) */
    public RunPlan withExplain(ExplainSpec spec) {
        return new RunPlan(target, load, workload,
                new Reporting(reporting.reportInterval(), reporting.percentile(), reporting.console(),
                        reporting.metrics(), spec), cluster, shard, output);
    }

    /**
     * @param threads   the step's thread count as given ({@code --threads}; the whole run's)
     * @param stepIndex 0-based step of a sweep (0 for a run): picks the step's fixed start under {@code --start-at}
     * @return the engine plan of this process's part of the step (all of it when not sharded)
     */
    public EnginePlan engine(Target runTarget, int threads, int stepIndex) {
        Duration interval = reporting.reportInterval().isZero()
                ? Duration.ofSeconds(Defaults.SAMPLE_INTERVAL_SECONDS) : reporting.reportInterval();
        int whole = shard.wholeThreads(threads);
        return new EnginePlan(shard.threadsOf(whole), load.time(), shard.eventsOf(load.events(), whole), load.warmup(),
                shard.rateOf(load.rateEventsPerSecond(), whole), interval, load.errors(), workload.seed(), runTarget,
                shard.firstWorker(whole), shard.startAtOfStep(stepIndex, load.warmup().toSeconds()
                + load.time().toSeconds()), load.reconnectEveryEvents(), giveUp());
    }

    /**
     * @return {@code --give-up-time}: as given (0 = never), or for {@code auto} {@link Defaults#GIVE_UP_SECONDS},
     *         except never under {@code --ignore-errors all} with a time limit: a run asked to ignore every error
     *         rides through a server restart to its {@code --time} (without a time limit it still gives up, so it
     *         cannot wait forever)
     */
    public Duration giveUp() {
        FaultPlan faults = cluster.faults();
        if (faults.giveUpSeconds() != FaultPlan.AUTO) {
            return Duration.ofSeconds(faults.giveUpSeconds());
        }
        return load.errors().ignoresAll() && !load.time().isZero() ? Duration.ZERO
                : Duration.ofSeconds(Defaults.GIVE_UP_SECONDS);
    }

    /** @return the workers' socket read timeout in ms: {@code --read-timeout}, or derived from the run; 0 for none */
    public int readTimeoutMillis() {
        FaultPlan faults = cluster.faults();
        return faults.readTimeoutSeconds() == FaultPlan.AUTO
                ? io.clusterbench.db.ReadTimeout.derive(load.time().toSeconds(), reporting.reportIntervalSeconds())
                : (int) (faults.readTimeoutSeconds() * 1000);
    }

    /** @return the one-line plan description printed at start */
    public String describe(Target runTarget) {
        int whole = shard.wholeThreads(load.threads());
        StringBuilder b = new StringBuilder(workload.workload().name()).append(", ").append(whole)
                .append(whole == 1 ? " thread" : " threads");
        if (shard.sharded()) {
            b.append(", ").append(shard.describe(whole));
        }
        if (shard.startAtEpochMillis() > 0) {
            b.append(", start at ").append(java.time.Instant.ofEpochMilli(shard.startAtEpochMillis()));
        }
        if (!load.time().isZero()) {
            b.append(", ").append(load.time().toSeconds()).append(" s");
        }
        if (load.events() > 0) {
            b.append(", ").append(load.events()).append(" events");
        }
        if (!load.warmup().isZero()) {
            b.append(", warmup ").append(load.warmup().toSeconds()).append(" s");
        }
        b.append(load.rateEventsPerSecond() > 0 ? String.format(Locale.ROOT, ", open loop %.0f events/s",
                load.rateEventsPerSecond()) : ", closed loop");
        b.append(workload.description());
        b.append(", seed ").append(workload.seed());
        describeCluster(b);
        b.append(" -> ").append(String.join(",", labels(runTarget))).append('/').append(runTarget.database());
        return b.toString();
    }

    private void describeCluster(StringBuilder b) {
        if (cluster.routing() != Routing.ROUND_ROBIN) {
            b.append(", routing ").append(cluster.routing().spelling());
        }
        if (!cluster.faults().schedule().isEmpty()) {
            b.append(", faults ").append(cluster.faults().schedule().describe());
        }
        if (cluster.faults().verifyCommits()) {
            b.append(", verify commits");
        }
        if (cluster.consistency() != null) {
            b.append(", ").append(cluster.consistency().variable()).append('=').append(cluster.consistency().level());
        }
        if (cluster.anomalies() != null) {
            b.append(", anomalies ").append(io.clusterbench.Format.decimal(cluster.anomalies().rateOpsPerSecond(), 1))
                    .append("/s");
        }
        if (!cluster.scenarios().isEmpty()) {
            b.append(", scenarios ").append(String.join(", ",
                    cluster.scenarios().stream().map(sc -> sc.spec().describe()).toList()));
        }
    }

    /** @return every option the step used, resolved, as result.json records it (no password) */
    public PlanRecord planRecord(EnginePlan plan) {
        FaultPlan faults = cluster.faults();
        return new PlanRecord(workload.workload().name(), plan.threads(), plan.time().toSeconds(), plan.events(),
                plan.warmup().toSeconds(), plan.rateEventsPerSecond(), reporting.reportIntervalSeconds(),
                plan.sampleInterval().toSeconds(), reporting.percentile(), workload.distribution().describe(),
                workload.seed(), load.errors().toString(), target.psMode(), load.reconnectEveryEvents(),
                cluster.routing().spelling(), cluster.consistency() == null ? null : cluster.consistency().level(),
                faults.schedule().describe(), faults.verifyCommits(),
                plan.rateEventsPerSecond() > 0 ? "intended start (open loop)" : "actual start",
                workload.options().resultFields(), plan.giveUp().toSeconds());
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
