package io.clusterbench.cli;

import io.clusterbench.runner.Validation;
import io.clusterbench.db.TargetOptions;
import io.clusterbench.chores.ExplainRun;
import io.clusterbench.runner.ResultDirs;
import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.joins.JoinsWorkload;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.joins.JoinsOptions;
import io.clusterbench.workload.oltp.OltpOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench explain joins [options]}: capture {@code EXPLAIN FORMAT=JSON} of every joins scenario
 * (or of those selected with {@code --scenarios} / count options) on the target, print join order and
 * indexes with the flags of {@code JoinsExplain}, and write the plans to {@code plans.json}.
 *
 * <p>Confined to the main thread. Exit 0 when every EXPLAIN ran (flags are findings, not failures),
 * 3 when some EXPLAIN failed.
 */
@Command(name = "explain", mixinStandardHelpOptions = true, customSynopsis = "clusterbench explain WORKLOAD [OPTIONS]", sortOptions = false,
        description = "Capture and check the plan of every joins scenario (EXPLAIN FORMAT=JSON): join order, "
                + "indexes, and flags for hints that warn or change nothing, outer joins turned inner, full scans.")
final class ExplainCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "joins (the only workload with plans to check)")
    String workload;

    @Option(names = "--rand-seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the parameter values in the explained statements. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for plans.json. Default: results/<UTC timestamp>-joins-explain.")
    Path out;

    @Mixin
    OltpOptions oltp = new OltpOptions();
    @Mixin
    JoinsOptions joins = new JoinsOptions();
    @Mixin
    TargetOptions target = new TargetOptions();

    /** @return the OLTP and joins options of this command, with the other families' defaults */
    private FamilyOptions families() {
        FamilyOptions f = WorkloadRegistry.newOptions();
        f.put(oltp);
        f.put(joins);
        return f;
    }

    ExplainCommand(CliEnv env) {
        this.env = env;
    }

    /** The command as parsed; picocli injects it. */
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        InertOptions.print(spec, env);
        Validation.check(target, null, families());
        if (!JoinsWorkload.NAME.equals(workload)) {
            throw new UserException("explain knows only the joins workload (got '" + workload + "')",
                    "run: clusterbench explain joins");
        }
        JoinsWorkload w = (JoinsWorkload) WorkloadRegistry.create(workload, families(),
                Distribution.defaultUniform(), seed);
        java.nio.file.Path dir = ResultDirs.orDefault(out, "joins-explain");
        ResultDirs.requireWritable(dir);
        return ExitCode.of(ExplainRun.run(target.spec(), w, seed, dir,
                env.command(), env)).code();
    }
}
