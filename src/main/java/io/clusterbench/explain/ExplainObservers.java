package io.clusterbench.explain;

import io.clusterbench.db.Target;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.observe.Observer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The explain collectors of one step (docs/explain.md), chosen by the run's {@link ExplainSpec}: resources per
 * transaction and the wait profile (with {@code --explain on}), the on-CPU profile ({@code --profile}) and the
 * hardware counters ({@code --hw-counters}) of the servers on this host. Each is an {@link Observer} that the run
 * wraps like any other (its own thread and schedule).
 *
 * <p>Thread-safe (stateless). Usage, from the step's observer set:
 * <pre>{@code
 * ExplainStep explain = ExplainObservers.forStep(plan.explain(), target, spec.serverPid(), stepDir, life, env::line);
 * observers.addAll(explain.observers());
 * ...
 * explain.beforeLoad(); // before the engine opens its connections
 * ...                   // the step runs; its observers are closed
 * explain.afterLoad();  // before their facts are read
 * }</pre>
 */
public final class ExplainObservers {
    private ExplainObservers() {
    }

    /**
     * @param spec            what to explain
     * @param target          the run's target, without session variables (observers never wait for causality)
     * @param serverPidOption {@code --server-pid} (the first endpoint's server), 0 when not given
     * @param stepDir         the step's result folder (folded stacks go there)
     * @param life            the command's lifecycle: it owns the collectors' helper processes, and a stop (Ctrl-C)
     *                        cuts their end short
     * @param console         where a line goes when {@code --profile on} or {@code --hw-counters on} cannot run
     * @return the step's collectors, none when explain is off
     */
    public static ExplainStep forStep(ExplainSpec spec, Target target, long serverPidOption, Path stepDir,
                                      Lifecycle life, Consumer<String> console) {
        List<Finishing> out = new ArrayList<>();
        if (!spec.enabled()) {
            return ExplainStep.NONE;
        }
        CpuProfileObserver profile = null;
        List<ExplainNode> nodes = ExplainNode.of(target.endpoints(), serverPidOption);
        boolean anyLocal = nodes.stream().anyMatch(ExplainNode::local);
        out.add(new ResourceObserver(nodes, spec.serverProcCommand(), Path.of("/proc"), life));
        out.add(new WaitProfileObserver(target, nodes, life));
        if (spec.profiling()) {
            boolean loud = spec.profile() == ExplainSpec.Mode.ON;
            if (loud && !anyLocal && spec.serverPerfCommand() == null) {
                console.accept("explain: no on-CPU profile: " + ExplainNode.NOT_ON_THIS_HOST
                        + " (--server-perf-cmd profiles it through a command)");
            }
            profile = new CpuProfileObserver(nodes, spec.profileFrequencyHz(), stepDir, life, loud ? console : null,
                    spec.serverPerfCommand());
            out.add(profile);
        }
        if (spec.counting()) {
            if (spec.hardwareCounters() == ExplainSpec.Mode.ON && !anyLocal) {
                console.accept("explain: no hardware counters: " + ExplainNode.NOT_ON_THIS_HOST);
            }
            out.add(new HardwareCounterObserver(nodes, stepDir, life));
        }
        return new ExplainStep(out, profile, life);
    }
}
