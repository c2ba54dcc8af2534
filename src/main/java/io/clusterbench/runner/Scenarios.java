package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.WorkloadFamily;
import io.clusterbench.workload.joins.JoinsOptions;
import io.clusterbench.workload.joins.JoinsWorkload;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The checks and the building of a run's scenarios ({@code --scenario}, {@code --scenario-file},
 * {@code --scenario-preset}): from what the command parsed to {@link RunPlan.Scenario}s.
 *
 * <p>Thread-safe (stateless).
 */
public final class Scenarios {
    /** Workloads that own per-worker tables by worker number: two engines of them would share those tables. */
    private static final Set<String> ONCE_PER_RUN = Set.of("ddl", "bigtrx");

    private Scenarios() {
    }

    /**
     * Adds a problem for a scenario option out of range ({@code --reconnect}, {@code --ignore-errors}, its family's
     * options) and for a per-worker-table workload (ddl, bigtrx) run more than once among the run's workload, its
     * {@code --background} and its scenarios.
     *
     * @param runWorkload the run's workload
     * @param background  its {@code --background} workload, or null
     */
    public static void validate(String runWorkload, String background, List<PlanBuilder.ScenarioArgs> args,
                         List<String> problems) {
        List<String> all = new ArrayList<>();
        all.add(runWorkload);
        all.add(background);
        for (PlanBuilder.ScenarioArgs a : args) {
            String name = a.spec().name();
            all.add(a.spec().workload());
            if (background != null && name.equals(BackgroundObserver.SCENARIO)) {
                problems.add("--scenario " + name + ": the name is --background's among the scenarios; choose "
                        + "another");
            }
            if (a.run().reconnectEvery() < 0) {
                problems.add("--scenario " + name + ": --reconnect must be >= 0 events (got "
                        + a.run().reconnectEvery() + ")");
            }
            try {
                ErrorPolicy.parse(a.run().ignoreErrors());
            } catch (UserException e) {
                problems.add("--scenario " + name + ": " + e.getMessage());
            }
            List<String> own = new ArrayList<>();
            WorkloadFamily f = WorkloadRegistry.familyOf(a.spec().workload());
            if (f != null) {
                f.validate(a.families(), own);
            }
            own.forEach(p -> problems.add("--scenario " + name + ": " + p));
        }
        for (String w : ONCE_PER_RUN) {
            if (all.stream().filter(w::equals).count() > 1) {
                problems.add(w + " runs more than once (workload, --background, --scenario): its per-thread tables "
                        + "would be shared; run it once");
            }
        }
    }

    /**
     * @param seed the run's seed; scenario i gets {@code seed + 3 + i}
     * @return the scenarios with their workloads built (not initialised)
     * @throws UserException for a scenario's invalid workload options, naming the scenario
     */
    static List<RunPlan.Scenario> build(List<PlanBuilder.ScenarioArgs> args, Distribution distribution, long seed) {
        List<RunPlan.Scenario> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            PlanBuilder.ScenarioArgs a = args.get(i);
            Workload w;
            try {
                w = WorkloadRegistry.create(a.spec().workload(), a.families(), distribution, seed + 3 + i);
                if (w instanceof JoinsWorkload jw) {
                    JoinsOptions.requireEnabled(jw.configuration());
                }
            } catch (UserException e) {
                throw new UserException("--scenario " + a.spec().name() + ": " + e.getMessage(), e.hint(), e);
            }
            out.add(new RunPlan.Scenario(a.spec(), w, a.run().reconnectEvery(),
                    ErrorPolicy.parse(a.run().ignoreErrors())));
        }
        return out;
    }
}
