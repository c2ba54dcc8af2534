package io.clusterbench.cli;

import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine;

/**
 * A command that takes a workload name and every family's options ({@code run}, {@code sweep},
 * {@code prepare}, {@code cleanup}). {@link #install} adds one mixin per registered family, named after it,
 * so a new family needs no change here.
 *
 * <p>Confined to the command's thread.
 */
interface WorkloadCommand {
    /** @return the workload name as given, or null before parsing */
    String workload();

    /** @return every family's option objects, as installed */
    FamilyOptions families();

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
    private static void injectMixee(Object options, CommandLine.Model.CommandSpec command) {
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
