package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.db.TargetOptions;
import io.clusterbench.chores.AnomalyOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench probe anomalies --host H --port P1,P2,P3 [--consistency 0,7] [--isolation RC,RR,SER]}: the
 * history workloads across every endpoint, one setting per consistency level × isolation level × routing mode, each
 * history checked for the anomalies its setting forbids (docs/consistency.md). Exit 3 when one was found.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "anomalies", sortOptions = false,
        description = {"Run Jepsen-style histories on every endpoint (list-append transactions, bank transfers, a "
                + "counter), one setting per --consistency x --isolation x --routing value, each with its own "
                + "history.jsonl; check each for Adya's anomaly classes (G0, G1a/b/c, G-single, G2-item, lost update, "
                + "stale reads) and the invariants, with witnesses and '0 in N' bounds, beside the load's own "
                + "throughput. Exit 3 when a setting shows an anomaly it forbids (docs/consistency.md).",
                "Example: clusterbench probe anomalies --host 127.0.0.1 --port 5500,5510,5520 --consistency 0,7 "
                        + "--reads-on other --time 10"})
final class ProbeAnomaliesCommand implements Callable<Integer> {
    private final CliEnv env;

    @Mixin
    AnomalyOptions probe = new AnomalyOptions();
    @Mixin
    TargetOptions target = new TargetOptions();

    /** A workload word, as a rig passes it to every command; it does not act on the probe (noted). */
    @picocli.CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "WORKLOAD", hidden = true)
    String workload;

    /** The command as parsed; picocli injects it. */
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    ProbeAnomaliesCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        InertOptions.printWithWorkload(spec, workload, env);
        List<String> problems = new ArrayList<>();
        target.validate(problems);
        probe.validate(problems);
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see --help");
        }
        return ExitCode.of(probe.run().run(target.spec(), env.command(), env)).code();
    }
}
