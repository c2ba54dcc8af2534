package io.clusterbench.cli;

import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which workload options typed on a command line act on the chosen workload. Every workload command holds every
 * family's options (sysbench scripts pass one option set to every script), so {@code run oltp_read_write --scale 10}
 * or {@code run oltp_point_select --point-selects 3} parse; such an option changes nothing, and the command says so
 * in one note instead of ignoring it silently (issue 16). An option applies when it is
 * <ul>
 *   <li>one of the chosen family's own options, except those its workload never reads
 *       ({@link WorkloadFamily#unusedOptions}) when the command runs events, or</li>
 *   <li>one the family shares ({@link WorkloadFamily#sharedOptions()}, e.g. {@code --tables} for tpcc),</li>
 * </ul>
 * for the workload or the {@code --background} workload. Options that belong to no family (connection, run
 * control, output) are not judged here.
 *
 * <p>Thread-safe (stateless).
 */
final class AppliedOptions {
    private AppliedOptions() {
    }

    /**
     * @param spec         the parsed command (its parse result and family mixins)
     * @param workloads    the workload names the command acts on (unknown names are skipped)
     * @param eventOptions true for commands that run events (run, sweep, ab): a family option that the
     *                     workload's events never read does not apply; false for prepare and cleanup, which judge
     *                     only whether an option belongs to the workload's families
     * @return the (first) names of the typed options that apply to none of {@code workloads}, in typed order
     */
    static List<String> notApplying(CommandSpec spec, List<String> workloads, boolean eventOptions) {
        Set<String> applying = new HashSet<>();
        Set<WorkloadFamily> chosen = new HashSet<>();
        for (String w : workloads) {
            WorkloadFamily f = w == null ? null : WorkloadRegistry.familyOf(w);
            if (f == null) {
                continue;
            }
            chosen.add(f);
            applying.addAll(f.sharedOptions());
            for (OptionSpec o : own(spec, f)) {
                if (!eventOptions || java.util.Arrays.stream(o.names()).noneMatch(f.unusedOptions(w)::contains)) {
                    applying.addAll(List.of(o.names()));
                }
            }
        }
        List<String> out = new ArrayList<>();
        if (chosen.isEmpty() || spec.commandLine() == null || spec.commandLine().getParseResult() == null) {
            return out;
        }
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            String name = o.names()[0];
            if (ownedByAFamily(spec, name) && java.util.Arrays.stream(o.names()).noneMatch(applying::contains)
                    && !out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }

    /**
     * @return the one-line note for {@code names} (see {@link #notApplying}), or null when there are none
     */
    static String note(List<String> names, List<String> workloads) {
        if (names.isEmpty()) {
            return null;
        }
        String who = String.join(" + ", workloads.stream().filter(w -> w != null).toList());
        return "Note: " + String.join(", ", names) + (names.size() == 1 ? " does" : " do") + " not apply to " + who
                + "; ignored (its options: 'clusterbench run " + workloads.get(0) + " --help').";
    }

    private static List<OptionSpec> own(CommandSpec spec, WorkloadFamily f) {
        CommandSpec mixin = spec.mixins().get(f.name());
        return mixin == null ? List.of() : mixin.options();
    }

    static boolean ownedByAFamily(CommandSpec spec, String name) {
        for (WorkloadFamily f : WorkloadRegistry.families()) {
            CommandSpec mixin = spec.mixins().get(f.name());
            if (mixin != null && mixin.findOption(name) != null) {
                return true;
            }
        }
        return false;
    }
}
