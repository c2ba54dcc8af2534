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
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code clusterbench ab WORKLOAD --a HOST:PORT --b HOST:PORT --threads 1,4,16 --repeat 4}, or with
 * {@code --a-server PATH --b-server PATH --datadir-template DIR}, or any number of named sides with
 * {@code --sides o3,pgo1,pgo2 --side-server o3=PATH …}: servers or builds judged in one command, interleaved, with
 * each side's ratio to the baseline and its 95% confidence interval per thread count.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "ab", mixinStandardHelpOptions = true, customSynopsis = {"clusterbench ab WORKLOAD [--a HOST:PORT --b HOST:PORT | --a-server PATH [--b-server PATH] --datadir-template DIR] [OPTIONS]",
        "clusterbench ab WORKLOAD --sides NAME,NAME,... [--side-host NAME=HOST:PORT ... | --side-server NAME=PATH ... --datadir-template DIR] [--side-option NAME=OPTION ...] [--baseline NAME] [OPTIONS]"},
        sortOptions = false,
        description = "Judge two or more servers or builds in one command (A the baseline, B the candidate; or "
                + "--sides with a --baseline): blocks of runs (one per side, back to back) at every thread count and "
                + "repeat, in a balanced interleaved order (a Williams design), waiting for quiet between steps; per "
                + "thread count each side's ratio to the baseline of tps, p95, p99 (and server CPU per event when "
                + "local) with a 95%% confidence interval from the blocks (simultaneous over the sides, Bonferroni), "
                + "the smallest difference the noise allows, a ranking where intervals separate, and one summary "
                + "line. Differences between any two sides other than the ones given per side are printed first.")
final class AbCommand extends WorkloadCommand {
    @Option(names = "--repeat", paramLabel = "N",
            description = "Blocks (one run per side; with two sides, pairs) per thread count (>= 2 for an interval; a "
                    + "multiple of the design's cycle keeps it balanced: 2 for two sides, N for N sides when N is even, "
                    + "2N when odd). Default: 4 for two sides, else the smallest multiple of the cycle >= 4.")
    Integer repeat;

    @Option(names = "--order", paramLabel = "abba|shuffle", defaultValue = "abba",
            description = "abba: pairs alternate AB, BA (more sides: the Williams design's rows in turn); thread counts "
                    + "ascending in odd repeats, descending in even. shuffle: seeded random thread order per repeat and "
                    + "side order per block. Default: ${DEFAULT-VALUE}.")
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
        problems.addAll(SweepCommand.repeatProblems(repeat == null ? 1 : repeat, quietTimeoutSeconds));
        OrderMode mode = OrderMode.parse(order, problems);
        if (!target.embedded()) {
            problems.add("ab takes its servers from --a/--b, --a-server/--b-server or --side-host/--side-server, not "
                    + "--host/--socket");
        }
        long seed = orderSeed != 0 ? orderSeed : (System.nanoTime() ^ System.currentTimeMillis()) & Long.MAX_VALUE | 1;
        AbSpec spec = sides.spec(repeat, mode, seed, quietTimeoutSeconds, problems);
        target.forAb(spec != null && spec.endpoints());
        if (target.embedded()) { // with --host the line above says what to give instead
            target.validate(problems);
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see clusterbench ab --help");
        }
        run.fixSeed(); // both sides draw the same keys
        Map<Side, RunPlan> plans = new LinkedHashMap<>();
        for (Side side : spec.sideList()) { // one workload instance per side, same options and seed
            plans.put(side, PlanBuilder.from(workload(), target, run, families(), env.command(), true, null)
                    .withExplain(explain.spec()));
        }
        noteNotApplying(true, workload());
        return ExitCode.of(AbDriver.run(plans, spec, env)).code();
    }
}
