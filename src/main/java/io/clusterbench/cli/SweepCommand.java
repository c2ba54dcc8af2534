package io.clusterbench.cli;

import io.clusterbench.Defaults;
import io.clusterbench.runner.CapacityOptions;
import io.clusterbench.runner.ScenarioOptions;
import io.clusterbench.runner.ShardOptions;
import io.clusterbench.runner.ClusterOptions;
import io.clusterbench.runner.RunOptions;
import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.explain.ExplainOptions;
import io.clusterbench.db.Consistency;
import io.clusterbench.runner.SweepDriver;
import io.clusterbench.runner.RunPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;


/**
 * {@code clusterbench sweep WORKLOAD --threads 1,2,4,8 --repeat 3 [run options]}: every thread count,
 * repeated, in one result, with spread, peak and knee.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, customSynopsis = "clusterbench sweep WORKLOAD [OPTIONS]", sortOptions = false,
        description = "Run a workload at each of several thread counts, several times (all thread counts, then "
                + "the next repeat, so machine drift spreads over every point), waiting for the server to be "
                + "quiet between steps; report min/median/max over repeats, the peak and the knee. With a latency "
                + "target (--target-p99 20ms, --target-p95, --target-p999) it runs the capacity search of "
                + "'clusterbench capacity' instead.")
final class SweepCommand extends WorkloadCommand {
    @Option(names = "--repeat", paramLabel = "N",
            description = "Runs per thread count (>= 1); with a latency target, counted runs per rate. Default: 1; "
                    + "with a target " + Defaults.CAPACITY_REPEATS + ".")
    Integer repeat;

    @Mixin
    CapacityOptions capacity = new CapacityOptions();

    @Option(names = "--quiet-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "Longest wait between steps for Threads_running to fall back to its idle level; "
                    + "0 = do not wait. Default: ${DEFAULT-VALUE}.")
    int quietTimeoutSeconds;

    @Mixin
    ClusterOptions cluster = new ClusterOptions();
    @Mixin
    ShardOptions shards = new ShardOptions();
    @Mixin
    MetricsOptions metrics = new MetricsOptions();
    @Mixin
    ExplainOptions explain = new ExplainOptions();
    @Mixin
    RunOptions run = new RunOptions();
    @Mixin
    ScenarioOptions scenarios = new ScenarioOptions();

    SweepCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return "the workload, as for run";
    }

    @Override
    public Integer call() {
        if (capacity.targetGiven()) {
            return capacitySearch();
        }
        int repeat = this.repeat == null ? 1 : this.repeat;
        List<String> bad = repeatProblems(repeat, quietTimeoutSeconds);
        if (!bad.isEmpty()) {
            throw new io.clusterbench.UserException("invalid options: " + String.join("; ", bad),
                    "see clusterbench sweep --help");
        }
        List<Consistency> levels = Consistency.list(cluster.consistency());
        if (!levels.isEmpty()) {
            cluster.consistency(levels.get(0).level());
        }
        RunPlan plan = planWithScenarios(true, scenarios, run, cluster, shards, metrics, explain);
        List<RunPlan> plans = new ArrayList<>(List.of(plan));
        for (int i = 1; i < levels.size(); i++) {
            plans.add(plan.withConsistency(levels.get(i)));
        }
        return ExitCode.of(SweepDriver.run(plans, repeat, quietTimeoutSeconds, env)).code();
    }

    /** {@code sweep --target-p99 20ms}: the capacity search of {@code capacity}, at one thread count and level. */
    private int capacitySearch() {
        if (Consistency.list(cluster.consistency()).size() > 1) {
            throw new io.clusterbench.UserException("a capacity search runs at one --consistency level, got "
                    + cluster.consistency(), "give one level, or run one search per level");
        }
        RunPlan plan = planWithScenarios(true, scenarios, run, cluster, shards, metrics, explain);
        return CapacityCommand.search(env, plan, capacity, repeat == null ? Defaults.CAPACITY_REPEATS : repeat, "sweep");
    }

    /**
     * @return what is wrong with {@code --repeat} and {@code --quiet-timeout} (sweep's and ab's), each with the value
     * given; empty when nothing
     */
    static List<String> repeatProblems(int repeat, int quietTimeoutSeconds) {
        List<String> problems = new java.util.ArrayList<>();
        if (repeat < 1) {
            problems.add("--repeat must be >= 1 (got " + repeat + ")");
        }
        if (quietTimeoutSeconds < 0) {
            problems.add("--quiet-timeout must be >= 0 seconds (got " + quietTimeoutSeconds + ")");
        }
        return problems;
    }
}
