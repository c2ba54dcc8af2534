package io.clusterbench.runner;

import io.clusterbench.db.TargetOptions;
import io.clusterbench.fault.FaultPlan;
import io.clusterbench.UserException;
import io.clusterbench.db.Consistency;
import io.clusterbench.db.Routing;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.OnOff;
import io.clusterbench.workload.WorkloadFamily;
import io.clusterbench.workload.joins.JoinsOptions;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.joins.JoinsWorkload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Turns the parsed options of {@code run} and {@code sweep} into a {@link RunPlan}: validates them (every
 * problem at once), draws the seed, builds the workload and chooses the output directory.
 *
 * <p>Thread-safe (stateless).
 */
public final class PlanBuilder {
    private PlanBuilder() {
    }

    /**
     * @param sweep true for {@code sweep}, which takes a list of thread counts
     * @param c     cluster options (--routing, --consistency), or null for the defaults
     * @throws UserException for invalid values
     */
    public static RunPlan from(String workloadName, TargetOptions t, RunOptions r, FamilyOptions families,
                        List<String> command, boolean sweep, ClusterOptions c) {
        return from(workloadName, t, r, families, command, sweep, c, new BackgroundOptions());
    }

    /** As above, with {@code --background}. */
    public static RunPlan from(String workloadName, TargetOptions t, RunOptions r, FamilyOptions families,
                        List<String> command, boolean sweep, ClusterOptions c, BackgroundOptions bg) {
        return from(workloadName, t, r, families, command, sweep, c, bg, new ShardOptions());
    }

    /** As above, with {@code --shard}, {@code --threads-per-shard} and {@code --start-at}. */
    public static RunPlan from(String workloadName, TargetOptions t, RunOptions r, FamilyOptions families,
                        List<String> command, boolean sweep, ClusterOptions c, BackgroundOptions bg,
                        ShardOptions so) {
        return from(workloadName, t, r, families, command, sweep, c, bg, so, new SideHistoryOptions());
    }

    /** As above, with {@code --anomalies} and its options ({@code run}). */
    public static RunPlan from(String workloadName, TargetOptions t, RunOptions r, FamilyOptions families,
                        List<String> command, boolean sweep, ClusterOptions c, BackgroundOptions bg,
                        ShardOptions so, SideHistoryOptions history) {
        return from(workloadName, t, r, families, command, sweep, c, bg, so, history, List.of());
    }

    /**
     * One scenario as the command parsed it: its definition, and the workload and run options it runs with (the
     * run's workload options as typed, then its own).
     *
     * @param spec     the scenario as typed
     * @param families every family's options for this scenario
     * @param run      its {@code --reconnect} and {@code --ignore-errors}
     */
    public record ScenarioArgs(ScenarioSpec spec, FamilyOptions families, ScenarioRunOptions run) {
    }

    /** As above, with {@code --scenario}s ({@code run}). */
    public static RunPlan from(String workloadName, TargetOptions t, RunOptions r, FamilyOptions families,
                        List<String> command, boolean sweep, ClusterOptions c, BackgroundOptions bg,
                        ShardOptions so, SideHistoryOptions history, List<ScenarioArgs> scenarioArgs) {
        List<String> bgProblems = new java.util.ArrayList<>();
        bg.validate(workloadName, bgProblems);
        Scenarios.validate(workloadName, bg.workload, scenarioArgs, bgProblems);
        history.validate(bgProblems);
        io.clusterbench.runner.ShardSpec shard = so.spec(sweep, r.timeSeconds, bgProblems);
        if (!bgProblems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", bgProblems), "see clusterbench help run");
        }
        Routing routing = c == null ? Routing.ROUND_ROBIN : Routing.parse(c.routing);
        Consistency consistency = c == null || c.consistency == null ? null : Consistency.parse(c.consistency);
        Validation.check(t, r, families, sweep);
        Distribution distribution = r.keys.distribution();
        ErrorPolicy errors = ErrorPolicy.parse(r.ignoreErrors);
        long seed = r.randSeed != 0 ? r.randSeed : shard.sharded() ? shard.sharedSeed()
                : (System.nanoTime() ^ System.currentTimeMillis()) | 1;
        Workload workload = WorkloadRegistry.create(workloadName, families, distribution, seed);
        if (workload instanceof JoinsWorkload jw) {
            JoinsOptions.requireEnabled(jw.configuration());
        }
        WorkloadFamily family = WorkloadRegistry.require(workloadName);
        RunPlan.Background background = bg.workload == null ? null : new RunPlan.Background(
                WorkloadRegistry.create(bg.workload, families, distribution, seed + 1), bg.threads);
        Path out = ResultDirs.orDefault(r.out, (sweep ? "sweep-" : "") + workloadName);
        ResultDirs.requireWritable(out);
        String description = family.describe(workload, families, distribution);
        RunPlan.Load load = new RunPlan.Load(r.threadCounts, Duration.ofSeconds(r.timeSeconds), r.events,
                Duration.ofSeconds(r.warmupSeconds), r.rate, r.reconnectEvery, errors);
        RunPlan.WorkloadPlan work = new RunPlan.WorkloadPlan(workload, family.options(workload, families), description,
                distribution, seed);
        RunPlan.Reporting reporting = new RunPlan.Reporting(Duration.ofSeconds(r.reportIntervalSeconds),
                r.percentile, console(r), null, null);
        RunPlan.Cluster cluster = new RunPlan.Cluster(routing, consistency, faults(c), background, history.spec(),
                Scenarios.build(scenarioArgs, distribution, seed));
        return new RunPlan(t.spec(), load, work, reporting, cluster, shard,
                new RunPlan.Output(out, command, !r.noInspect));
    }

    /** @return the console formats of {@code --stats-format}, {@code --report-csv} and {@code --histogram} */
    public static ConsoleFormat console(RunOptions r) {
        ConsoleFormat.Style summary = ConsoleFormat.Style.parse(r.statsFormat);
        ConsoleFormat.Style intervals = OnOff.parse(r.reportCsv) ? ConsoleFormat.Style.CSV : summary;
        return new ConsoleFormat(intervals, summary, OnOff.parse(r.histogram));
    }

    /** @return the fault options, validated (the node count is checked once the endpoints are known) */
    private static FaultPlan faults(ClusterOptions c) {
        return c == null ? FaultPlan.NONE
                : FaultPlan.of(c.fault, c.faultCommands, c.sandbox, c.verifyCommits, c.readTimeout, c.giveUpTime);
    }
}
