package io.clusterbench.cli;

import io.clusterbench.runner.PlanBuilder;
import io.clusterbench.runner.RunOptions;
import io.clusterbench.ab.AbOptions;
import io.clusterbench.UserException;
import io.clusterbench.ab.AbSpec;
import io.clusterbench.ab.OrderMode;
import io.clusterbench.ab.Side;
import io.clusterbench.explain.ExplainOptions;
import io.clusterbench.runner.AbDriver;
import io.clusterbench.runner.RunPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.EnumMap;
import java.util.Map;

/**
 * {@code clusterbench ab WORKLOAD --a HOST:PORT --b HOST:PORT --threads 1,4,16 --repeat 4}, or with
 * {@code --a-server PATH --b-server PATH --datadir-template DIR}: two servers or builds judged in one
 * command, interleaved, with a B/A ratio and 95% confidence interval per thread count.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "ab", mixinStandardHelpOptions = true, customSynopsis = "clusterbench ab WORKLOAD [--a HOST:PORT --b HOST:PORT | --a-server PATH [--b-server PATH] --datadir-template DIR] [OPTIONS]",
        sortOptions = false,
        description = "Judge two servers or builds (A the baseline, B the candidate) in one command: pairs of runs "
                + "(one on A, one on B, back to back) at every thread count and repeat, in a balanced interleaved "
                + "order, waiting for quiet between steps; per thread count the ratio B/A of tps, p95, p99 (and "
                + "server CPU per event when local) with a 95%% confidence interval from the pairs, the smallest "
                + "difference the noise allows, and one summary line. Differences between the sides other than "
                + "the ones given per side are printed first.")
final class AbCommand extends WorkloadCommand {
    @Option(names = "--repeat", paramLabel = "N", defaultValue = "4",
            description = "Pairs per thread count (>= 2 for an interval; even keeps ABBA balanced). Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--order", paramLabel = "abba|shuffle", defaultValue = "abba",
            description = "abba: pairs alternate AB, BA; thread counts ascending in odd repeats, descending in even. "
                    + "shuffle: seeded random thread order per repeat and side order per pair. Default: ${DEFAULT-VALUE}.")
    String order;

    @Option(names = "--order-seed", paramLabel = "N", defaultValue = "0",
            description = "Seed of --order shuffle; 0 = pick one (recorded in result.json). Default: ${DEFAULT-VALUE}.")
    long orderSeed;

    @Option(names = "--quiet-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "Longest wait before each step for the side's Threads_running to fall to its idle level; "
                    + "0 = do not wait. Default: ${DEFAULT-VALUE}.")
    int quietTimeoutSeconds;

    @Mixin
    AbOptions sides = new AbOptions();
    @Mixin
    RunOptions run = new RunOptions();
    @Mixin
    ExplainOptions explain = new ExplainOptions();

    AbCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return "the workload, as for run";
    }

    @Override
    public Integer call() {
        List<String> problems = new ArrayList<>();
        if (repeat < 1 || quietTimeoutSeconds < 0) {
            problems.add("--repeat must be >= 1 and --quiet-timeout >= 0");
        }
        OrderMode mode = OrderMode.parse(order, problems);
        if (!target.embedded()) {
            problems.add("ab takes its servers from --a/--b or --a-server/--b-server, not --host/--socket");
        }
        long seed = orderSeed != 0 ? orderSeed : (System.nanoTime() ^ System.currentTimeMillis()) & Long.MAX_VALUE | 1;
        AbSpec spec = sides.spec(repeat, mode, seed, quietTimeoutSeconds);
        spec.problems(problems);
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see clusterbench ab --help");
        }
        run.fixSeed(); // both sides draw the same keys
        Map<Side, RunPlan> plans = new EnumMap<>(Side.class);
        for (Side side : Side.values()) { // one workload instance per side, same options and seed
            plans.put(side, PlanBuilder.from(workload(), target, run, families(), env.command(), true, null)
                    .withExplain(explain.spec()));
        }
        noteNotApplying(true, workload());
        return ExitCode.of(AbDriver.run(plans, spec, env)).code();
    }
}
