package io.clusterbench.cli;

import io.clusterbench.runner.ResultDirs;
import io.clusterbench.runner.Versions;
import io.clusterbench.runner.TableChores;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.joins.JoinPlan;
import io.clusterbench.workload.joins.JoinsExplain;
import io.clusterbench.workload.joins.JoinsWorkload;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.joins.JoinsOptions;
import io.clusterbench.workload.oltp.OltpOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench explain joins [options]}: capture {@code EXPLAIN FORMAT=JSON} of every joins scenario
 * (or of those selected with {@code --scenarios} / count options) on the target, print join order and
 * indexes with the flags of {@link JoinsExplain}, and write the plans to {@code plans.json}.
 *
 * <p>Confined to the main thread. Exit 0 when every EXPLAIN ran (flags are findings, not failures),
 * 3 when some EXPLAIN failed.
 */
@Command(name = "explain", mixinStandardHelpOptions = true, customSynopsis = "clusterbench explain WORKLOAD [OPTIONS]", sortOptions = false, usageHelpAutoWidth = true,
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

    @Override
    public Integer call() {
        Validation.check(target, null, families());
        if (!JoinsWorkload.NAME.equals(workload)) {
            throw new UserException("explain knows only the joins workload (got '" + workload + "')",
                    "run: clusterbench explain joins");
        }
        JoinsWorkload w = (JoinsWorkload) WorkloadRegistry.create(workload, families(),
                Distribution.defaultUniform(), seed);
        Path dir = ResultDirs.orDefault(out, "joins-explain");
        List<JoinPlan> plans = TableChores.explain(target.spec(), w, env);
        env.out().println("Plans on " + w.describeForcing() + ", parameters seed " + seed + ":");
        JoinsExplain.lines(plans).forEach(env.out()::println);
        write(dir.resolve("plans.json"), plans);
        env.out().println("Plans written to " + dir.resolve("plans.json"));
        return plans.stream().anyMatch(p -> p.error() != null) ? ExitCode.CHECK_FAILED.code() : ExitCode.OK.code();
    }

    private void write(Path file, List<JoinPlan> plans) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", "clusterbench.plans/1");
        doc.put("tool", Versions.tool());
        doc.put("command", env.command());
        doc.put("seed", seed);
        doc.put("plans", plans);
        try {
            Files.createDirectories(file.getParent());
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), doc);
        } catch (IOException e) {
            throw new UserException("cannot write " + file + ": " + e.getMessage(), "choose another --out");
        }
    }
}
