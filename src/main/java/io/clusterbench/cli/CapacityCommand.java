package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.explain.ExplainOptions;
import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.runner.BackgroundOptions;
import io.clusterbench.runner.CapacityDriver;
import io.clusterbench.runner.ClusterOptions;
import io.clusterbench.runner.PlanBuilder;
import io.clusterbench.runner.RunOptions;
import io.clusterbench.runner.RunPlan;
import io.clusterbench.runner.ShardOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clusterbench capacity WORKLOAD --target-latency MS [--target-percentile P] [run options]}: the highest rate
 * the target takes with that latency percentile, by a closed-loop step and open-loop bisection below its maximum.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
        customSynopsis = "clusterbench capacity WORKLOAD --target-latency MS [OPTIONS]",
        description = "Find how many events per second the target takes with a latency percentile within a target: "
                + "a closed-loop step at --threads gives the maximum, then open-loop steps (--rate) bisect below it. "
                + "A step meets the target when its percentile (latency from the intended start, queueing included) "
                + "is within it and it kept up with 95%% of the rate. Each step lasts --time.")
final class CapacityCommand extends WorkloadCommand {
    @Option(names = "--target-latency", paramLabel = "MS", required = true,
            description = "The latency target in milliseconds (> 0).")
    double targetLatencyMillis;

    @Option(names = "--target-percentile", paramLabel = "P", defaultValue = "99",
            description = "The latency percentile judged against the target (0 < P <= 100). Default: ${DEFAULT-VALUE}.")
    double targetPercentile;

    @Option(names = "--capacity-steps", paramLabel = "N", defaultValue = "6",
            description = "The most open-loop steps after the closed-loop one (>= 1); the search ends sooner once "
                    + "met and missed rates are within 2%% of the maximum. Default: ${DEFAULT-VALUE}.")
    int openLoopSteps;

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

    CapacityCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return "the workload, as for run";
    }

    @Override
    public Integer call() {
        if (!(targetLatencyMillis > 0) || !(targetPercentile > 0 && targetPercentile <= 100) || openLoopSteps < 1) {
            throw new UserException("invalid options: --target-latency must be > 0 ms, --target-percentile in (0, 100] "
                    + "and --capacity-steps >= 1", "see clusterbench capacity --help");
        }
        RunPlan plan = PlanBuilder.from(workload(), target, run, families(), env.command(), false, cluster,
                new BackgroundOptions(), shards).withMetrics(metrics.spec()).withExplain(explain.spec());
        if (plan.load().threadCounts().size() != 1) {
            throw new UserException("capacity runs at one thread count, got --threads "
                    + plan.load().threadCounts(), "give one value, e.g. --threads 64 (sweep takes several)");
        }
        noteNotApplying(false, workload());
        if (plan.load().rateEventsPerSecond() > 0) {
            env.line("Note: --rate has no effect on capacity (each step's rate is the search's); ignored.");
        }
        return ExitCode.of(CapacityDriver.run(plan, targetPercentile, Math.round(targetLatencyMillis * 1000),
                openLoopSteps, env)).code();
    }
}
