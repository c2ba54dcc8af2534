package io.clusterbench.cli;

import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.db.TargetOptions;
import io.clusterbench.chores.StaleReadOptions;
import io.clusterbench.UserException;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.oltp.OltpOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench probe stale-reads --host H --port P1,P2,P3 [--consistency 0,1,7]}: the stale-read probe
 * on every ordered node pair, one pass per consistency level, results side by side.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "stale-reads", sortOptions = false,
        description = "On every ordered node pair (A, B): commit a marker on A, read it at once on B over a dedicated "
                + "connection; count stale first reads and time until the marker is visible on B. One pass per "
                + "--consistency level, printed side by side. Needs two or more endpoints (cluster nodes).")
final class ProbeStaleReadsCommand implements Callable<Integer> {
    private final CliEnv env;

    @Mixin
    StaleReadOptions probe = new StaleReadOptions();
    @Mixin
    OltpOptions oltp = new OltpOptions();
    @Mixin
    TargetOptions target = new TargetOptions();

    /** A workload word, as a rig passes it to every command; it does not act on the probe (noted). */
    @picocli.CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "WORKLOAD", hidden = true)
    String workload;

    /** The command as parsed; picocli injects it. */
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;
    @Mixin
    MetricsOptions metrics = new MetricsOptions();

    ProbeStaleReadsCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        InertOptions.printWithWorkload(spec, workload, env);
        List<String> problems = new ArrayList<>();
        target.validate(problems, false); // the probe refuses the embedded server in its own line
        probe.validate(target.embedded(), problems);
        if (probe.background() != null) {
            oltp.validate(problems);
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see --help");
        }
        FamilyOptions families = WorkloadRegistry.newOptions();
        families.put(oltp);
        return ExitCode.of(probe.run(families, metrics.spec()).run(target.spec(), env.command(), env)).code();
    }
}
