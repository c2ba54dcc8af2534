package io.clusterbench.cli;

import io.clusterbench.Defaults;
import io.clusterbench.UserException;
import io.clusterbench.explain.ExplainOptions;
import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.runner.CapacityDriver;
import io.clusterbench.runner.CapacityOptions;
import io.clusterbench.runner.CapacitySpec;
import io.clusterbench.runner.ClusterOptions;
import io.clusterbench.runner.RunOptions;
import io.clusterbench.runner.RunPlan;
import io.clusterbench.runner.ScenarioOptions;
import io.clusterbench.runner.ShardOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code clusterbench capacity WORKLOAD --target-p99 20ms [run options]} (or {@code --target-latency MS
 * --target-percentile P}): the highest rate the target takes with that latency percentile, by a closed-loop step and
 * open-loop bracketing and bisection; {@code sweep --target-p99} runs the same search ({@link #search}).
 *
 * <p>Confined to the main thread.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
        customSynopsis = "clusterbench capacity WORKLOAD --target-p99 LATENCY [OPTIONS]",
        description = "Find how many events per second the target takes with a latency percentile within a target: "
                + "a closed-loop step at --threads sets the scale, then open-loop steps (--rate) bracket the capacity "
                + "(from half the closed-loop maximum, doubling while met, halving while missed) and bisect. A run "
                + "meets the target when its percentile (latency from the intended start, queueing included) is "
                + "within it and it kept up with 95%% of the rate; each run is made long enough for --tail-events "
                + "events beyond the percentile, and a step is met when more than half of its --repeat runs met. "
                + "'sweep --target-p99 20ms' runs the same search.")
final class CapacityCommand extends WorkloadCommand {
    @Option(names = "--repeat", paramLabel = "N", defaultValue = "" + Defaults.CAPACITY_REPEATS,
            description = "Counted runs per step (>= 1); a step is met when more than half met. "
                    + "Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Mixin
    CapacityOptions capacity = new CapacityOptions();
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

    CapacityCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return "the workload, as for run";
    }

    @Override
    public Integer call() {
        RunPlan plan = planWithScenarios(false, scenarios, run, cluster, shards, metrics, explain);
        return search(env, plan, capacity, repeat, "capacity");
    }

    /**
     * Checks what a capacity search needs of the plan and runs it: the shared end of {@code capacity} and
     * {@code sweep --target-p99}.
     *
     * @param command the command's name, for the hint
     * @return the exit code
     * @throws UserException for options the search cannot take
     */
    static int search(CliEnv env, RunPlan plan, CapacityOptions capacity, int repeats, String command) {
        List<String> problems = new ArrayList<>();
        CapacitySpec spec = capacity.spec(repeats, plan.load().time().toSeconds(), problems);
        if (plan.load().threadCounts().size() != 1) {
            problems.add("a capacity search runs at one thread count, got --threads " + plan.load().threadCounts()
                    + "; give one value, e.g. --threads 64");
        }
        if (plan.load().events() > 0) {
            problems.add("--events does not apply to a capacity search (each run's length is set by --time, "
                    + "--tail-events and --max-run-time)");
        }
        if (plan.shard().sharded()) {
            problems.add("a capacity search runs from one client: each step's rate follows the previous steps' "
                    + "verdicts, so --shard does not apply");
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems),
                    "see clusterbench " + command + " --help");
        }
        if (plan.load().rateEventsPerSecond() > 0) {
            env.line("Note: --rate has no effect on a capacity search (each step's rate is the search's); ignored.");
        }
        return ExitCode.of(CapacityDriver.run(plan, spec, env)).code();
    }
}
