package io.clusterbench.cli;

import io.clusterbench.runner.PlanBuilder;
import io.clusterbench.runner.BackgroundOptions;
import io.clusterbench.runner.ScenarioOptions;
import io.clusterbench.runner.ShardOptions;
import io.clusterbench.runner.SideHistoryOptions;
import io.clusterbench.runner.ClusterOptions;
import io.clusterbench.runner.RunOptions;
import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.explain.ExplainOptions;
import io.clusterbench.runner.RunDriver;
import io.clusterbench.runner.RunPlan;
import io.clusterbench.runner.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;


/**
 * {@code clusterbench run WORKLOAD [options]}: drive a workload and report (sysbench's {@code run}).
 *
 * <p>Confined to the main thread.
 */
@Command(name = "run", mixinStandardHelpOptions = true, customSynopsis = "clusterbench run WORKLOAD [OPTIONS]", sortOptions = false,
        description = "Run a workload against the target (or an embedded MariaDB when no --host is given) "
                + "and report throughput, latency, errors and hit rates.",
        footer = {"", "sysbench spellings are accepted: --mysql-host, --table_size, 'WORKLOAD [options] run'."})
final class RunCommand extends WorkloadCommand {
    @Mixin
    RunOptions run = new RunOptions();
    @Mixin
    ClusterOptions cluster = new ClusterOptions();
    @Mixin
    ShardOptions shards = new ShardOptions();
    @Mixin
    MetricsOptions metrics = new MetricsOptions();
    @Mixin
    ExplainOptions explain = new ExplainOptions();
    @Mixin
    BackgroundOptions background = new BackgroundOptions();
    @Mixin
    SideHistoryOptions anomalies = new SideHistoryOptions();
    @Mixin
    ScenarioOptions scenarios = new ScenarioOptions();

    RunCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return String.join(", ", WorkloadRegistry.names());
    }

    @Override
    public Integer call() {
        java.util.List<PlanBuilder.ScenarioArgs> sides = ScenarioParsing.parse(spec, scenarios, workload(),
                background.workload());
        RunPlan plan = PlanBuilder.from(workload(), target, run, families(), env.command(), false, cluster,
                background, shards, anomalies, sides).withMetrics(metrics.spec()).withExplain(explain.spec());
        java.util.List<String> names = new java.util.ArrayList<>(java.util.Arrays.asList(workload(),
                background.workload()));
        sides.forEach(s -> names.add(s.spec().workload()));
        noteNotApplying(true, names.toArray(new String[0]));
        return ExitCode.of(RunDriver.run(plan, env)).code();
    }
}
