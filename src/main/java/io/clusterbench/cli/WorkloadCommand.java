package io.clusterbench.cli;

import io.clusterbench.db.TargetOptions;
import io.clusterbench.explain.ExplainOptions;
import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.runner.BackgroundOptions;
import io.clusterbench.runner.ClusterOptions;
import io.clusterbench.runner.PlanBuilder;
import io.clusterbench.runner.RunOptions;
import io.clusterbench.runner.RunPlan;
import io.clusterbench.runner.ScenarioOptions;
import io.clusterbench.runner.ShardOptions;
import io.clusterbench.runner.SideHistoryOptions;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * A command that takes a workload name (its own parameter or option), the target options and every family's options ({@code run},
 * {@code sweep}, {@code ab}, {@code prepare}, {@code cleanup}): the one bundle they share. {@link #install}
 * adds one mixin per registered family, named after it, so a new family needs no change here.
 *
 * <p>Confined to the command's thread.
 */
abstract class WorkloadCommand implements Callable<Integer> {
    /** The process: output streams, the command line, interrupts. */
    final CliEnv env;

    /** The connection options, a mixin named {@code target} (the help's Connection section). */
    @Mixin
    TargetOptions target = new TargetOptions();

    private final FamilyOptions families = new FamilyOptions();

    /** The WORKLOAD parameter as given (see {@link #workloadHelp}), or null before parsing. */
    private String workload;

    /** The command as parsed; picocli injects it. */
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    WorkloadCommand(CliEnv env) {
        this.env = env;
    }

    /** @return the workload name as given (a parameter or an option of the command), or null before parsing */
    String workload() {
        return workload;
    }

    /**
     * @return the help line of the command's first parameter, WORKLOAD, which {@link #install} declares; null
     *         for a command that takes the workload as an option (and overrides {@link #workload})
     */
    abstract String workloadHelp();

    /** @return every family's option objects, as installed */
    final FamilyOptions families() {
        return families;
    }

    /**
     * The plan of a command that runs the workload in steps ({@code sweep}, {@code capacity}) with its scenarios
     * beside every step, and the note on typed options that act on none of its workloads.
     *
     * @param sweep whether the command is a sweep (the plan's step naming)
     * @throws io.clusterbench.UserException on an invalid scenario (every problem at once, exit 2)
     */
    final RunPlan planWithScenarios(boolean sweep, ScenarioOptions scenarios, RunOptions run, ClusterOptions cluster,
                                    ShardOptions shards, MetricsOptions metrics, ExplainOptions explain) {
        List<PlanBuilder.ScenarioArgs> sides = ScenarioParsing.parse(spec, scenarios, workload(), null);
        RunPlan plan = PlanBuilder.from(workload(), target, run, families(), env.command(), sweep, cluster,
                new BackgroundOptions(), shards, new SideHistoryOptions(), sides).withMetrics(metrics.spec())
                .withExplain(explain.spec());
        List<String> names = new ArrayList<>(List.of(workload()));
        sides.forEach(s -> names.add(s.spec().workload()));
        noteNotApplying(true, names.toArray(new String[0]));
        return plan;
    }

    /**
     * Prints one note when typed workload options act on none of {@code workloads} ({@link AppliedOptions}), and
     * one for the typed options of {@code run} that this command does not act on ({@link InertOptions}); each
     * option named as it was typed ({@code --table_size}).
     *
     * @param eventOptions true for commands that run events (options the workload's events never read are
     *                     noted too); false for prepare and cleanup
     * @param workloads    the workload and any background workload; null entries are skipped
     */
    final void noteNotApplying(boolean eventOptions, String... workloads) {
        List<String> names = Arrays.stream(workloads).filter(Objects::nonNull).toList();
        List<String> typed = AppliedOptions.notApplying(spec, names, eventOptions).stream()
                .map(n -> ArgNormalizer.asTyped(List.of(spec.findOption(n).names()), env.command())).toList();
        String note = AppliedOptions.note(typed, names);
        if (note != null) {
            env.out().println(note);
        }
        InertOptions.print(spec, env);
    }

    /** Adds every family's options to every workload command under {@code root}. */
    static void install(CommandLine root) {
        for (CommandLine sub : root.getSubcommands().values()) {
            if (sub.getCommand() instanceof WorkloadCommand command) {
                install(sub, command);
            }
        }
    }

    /** Adds every family's options to {@code line}, whose command is {@code command}. */
    static void install(CommandLine line, WorkloadCommand command) {
        String help = command.workloadHelp();
        if (help != null) {
            line.getCommandSpec().addPositional(CommandLine.Model.PositionalParamSpec.builder().index("0")
                    .paramLabel("WORKLOAD").description(help).type(String.class).arity("1").required(true)
                    .setter(new CommandLine.Model.ISetter() {
                        @Override
                        @SuppressWarnings("unchecked")
                        public <T> T set(T value) {
                            T old = (T) command.workload;
                            command.workload = (String) value;
                            return old;
                        }
                    }).build());
        }
        for (WorkloadFamily f : WorkloadRegistry.families()) {
            Object options = f.newOptions();
            command.families().put(options);
            line.addMixin(f.name(), options);
            injectMixee(options, line.getCommandSpec());
        }
    }

    /**
     * Calls the option object's {@code @Spec(MIXEE)} methods with the command, as picocli does for
     * {@code @Mixin} fields but not for mixins added at run time (the joins options generate their scenario
     * count options there). Such methods must tolerate a second call.
     */
    static void injectMixee(Object options, CommandLine.Model.CommandSpec command) {
        for (java.lang.reflect.Method m : options.getClass().getDeclaredMethods()) {
            CommandLine.Spec spec = m.getAnnotation(CommandLine.Spec.class);
            if (spec != null && spec.value() == CommandLine.Spec.Target.MIXEE && m.getParameterCount() == 1) {
                try {
                    m.setAccessible(true);
                    m.invoke(options, command);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot attach " + options.getClass().getName(), e);
                }
            }
        }
    }
}
