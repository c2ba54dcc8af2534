package io.clusterbench.chores;

import io.clusterbench.runner.RunStatus;
import io.clusterbench.runner.Console;
import io.clusterbench.runner.Versions;
import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.db.TargetSpec;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.workload.joins.JoinPlan;
import io.clusterbench.workload.joins.JoinsExplain;
import io.clusterbench.workload.joins.JoinsWorkload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code explain joins} as the runner runs it: captures {@code EXPLAIN FORMAT=JSON} of every enabled joins
 * scenario, prints the checked plans ({@link JoinsExplain}) and writes them to {@code plans.json}.
 *
 * <p>Thread-safe (stateless).
 */
public final class ExplainRun {
    private ExplainRun() {
    }

    /**
     * @param seed    seed the workload's statement parameters were drawn with (recorded in plans.json)
     * @param out     directory of plans.json
     * @param command the command line, recorded in plans.json
     * @return {@link RunStatus#COMPLETED} when every EXPLAIN ran (flags are findings), else
     *         {@link RunStatus#CHECK_FAILED}
     * @throws UserException for an unusable target or an unwritable {@code out}
     */
    public static RunStatus run(TargetSpec spec, JoinsWorkload w, long seed, Path out, List<String> command,
                                Console console) {
        List<JoinPlan> plans = capture(spec, w, console);
        console.line("Plans on " + w.describeForcing() + ", parameters seed " + seed + ":");
        JoinsExplain.lines(plans).forEach(console::line);
        write(out.resolve("plans.json"), plans, seed, command);
        console.line("Plans written to " + out.resolve("plans.json"));
        return plans.stream().anyMatch(p -> p.error() != null) ? RunStatus.CHECK_FAILED : RunStatus.COMPLETED;
    }

    /**
     * Captures the plan of every enabled joins scenario on the first endpoint; on the embedded server the
     * tables are prepared first.
     *
     * @throws UserException for an unusable target
     */
    static List<JoinPlan> capture(TargetSpec spec, JoinsWorkload w, Console console) {
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            Target t = resolved.target();
            try (Connection c = t.openChecked(t.endpointFor(0), true)) {
                if (resolved.embedded() != null && !w.tablesExist(c)) {
                    console.line("Preparing joins on the embedded server...");
                    w.prepare(t, 2, true, line -> { });
                }
                w.init(c);
                return w.explain(c);
            } catch (SQLException e) {
                throw new UserException("cannot read the target: " + e.getMessage(), "check the server and --db", e);
            }
        }
    }

    private static void write(Path file, List<JoinPlan> plans, long seed, List<String> command) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", "clusterbench.plans/1");
        doc.put("tool", Versions.tool());
        doc.put("command", command);
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
