package io.clusterbench.cli;

import io.clusterbench.explain.ExplainOptions;
import io.clusterbench.prom.MetricsOptions;
import io.clusterbench.runner.BackgroundOptions;
import io.clusterbench.runner.ClusterOptions;
import io.clusterbench.runner.RunOptions;
import io.clusterbench.runner.ShardOptions;
import io.clusterbench.runner.SideHistoryOptions;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * sysbench accepts every option with every command, so one variable of options serves a rig's prepare, run and
 * cleanup ({@code sysbench tpcc $OPTS prepare}, {@code ... run}, {@code ... cleanup}). So every command that takes
 * a workload, and every command a rig points at the same server ({@code inspect}, {@code explain}, the probes),
 * accepts every option of {@code run} and of every workload family: those it lacks are added to it, hidden from its
 * help and inert (their values land in throwaway option objects), in a mixin named {@value #MIXIN}; {@link #note}
 * names the ones typed in one line, as typed ("Note: --time, --mysql-ignore-errors have no effect on prepare;
 * ignored."), never refusing them. {@code run} has them all.
 *
 * <p>Thread-safe (stateless); the commands it changes are confined to the main thread.
 */
final class InertOptions {
    /** Name of the mixin that holds a command's inert options. */
    static final String MIXIN = "inert";

    /**
     * The commands that lack some of run's options: those that take a workload, and those a rig points at the same
     * server with the same options (inspect, explain, the probes).
     */
    private static final Set<Class<?>> COMMANDS = Set.of(PrepareCommand.class, CleanupCommand.class,
            CheckCommand.class, SweepCommand.class, CapacityCommand.class, AbCommand.class, InspectCommand.class,
            ExplainCommand.class, ProbeStaleReadsCommand.class, ProbeAnomaliesCommand.class, PrewarmCommand.class);

    private InertOptions() {
    }

    /** Gives each of {@link #COMMANDS} under {@code root}, at any depth, the run and family options it lacks, inert. */
    static void install(CommandLine root) {
        for (CommandLine sub : root.getSubcommands().values()) {
            if (COMMANDS.contains(sub.getCommand().getClass())) {
                install(sub.getCommandSpec());
            }
            install(sub);
        }
    }

    /** Adds to {@code command} every option of {@link #reference()} none of whose names it has, hidden. */
    static void install(CommandSpec command) {
        CommandSpec inert = CommandSpec.create();
        for (OptionSpec o : reference().options()) {
            if (Arrays.stream(o.names()).noneMatch(n -> command.findOption(n) != null)) {
                inert.addOption(OptionSpec.builder(o).hidden(true).build());
            }
        }
        if (!inert.options().isEmpty()) {
            command.addMixin(MIXIN, inert);
            List<String> description = new ArrayList<>(List.of(command.usageMessage().description()));
            description.add("Every option of 'clusterbench run' is accepted, as sysbench takes every option with every "
                    + "command; those that do not act on " + command.name() + " are named in a note.");
            command.usageMessage().description(description.toArray(new String[0]));
        }
    }

    /**
     * @return a throwaway spec holding every option {@code run} has beyond the connection options: run control
     *         ({@link RunOptions} with the key distribution), cluster, shard, metrics, background, explain and
     *         {@code --anomalies} options, the scenarios, and
     *         every family's options (the joins scenario counts included)
     */
    static CommandSpec reference() {
        CommandSpec all = CommandSpec.create();
        for (Object options : List.of(new RunOptions(), new ClusterOptions(), new ShardOptions(), new MetricsOptions(),
                new BackgroundOptions(), new ExplainOptions(), new SideHistoryOptions(),
                new io.clusterbench.runner.ScenarioOptions())) {
            all.addMixin(options.getClass().getSimpleName(), CommandSpec.forAnnotatedObject(options));
        }
        for (WorkloadFamily f : WorkloadRegistry.families()) {
            Object options = f.newOptions();
            all.addMixin(f.name(), CommandSpec.forAnnotatedObject(options));
            WorkloadCommand.injectMixee(options, all);
        }
        return all;
    }

    /**
     * @param command   the parsed command
     * @param typedArgs the command line as typed (before {@link ArgNormalizer}), for the names as typed
     * @return the names of the inert options typed, as typed ({@code --mysql-ignore-errors}, {@code --report_csv};
     *         {@link ArgNormalizer#asTyped}), in typed order, each once
     */
    static List<String> typed(CommandSpec command, List<String> typedArgs) {
        List<String> out = new ArrayList<>();
        CommandSpec inert = command.mixins().get(MIXIN);
        CommandLine.ParseResult parsed = command.commandLine() == null ? null : command.commandLine().getParseResult();
        if (inert == null || parsed == null) {
            return out;
        }
        for (OptionSpec o : parsed.matchedOptions()) {
            String name = ArgNormalizer.asTyped(List.of(o.names()), typedArgs);
            if (inert.findOption(o.names()[0]) != null && !out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }

    /** As {@link #note(CommandSpec, List)} with the options' own names. */
    static String note(CommandSpec command) {
        return note(command, List.of());
    }

    /**
     * @param command   the parsed command
     * @param typedArgs the command line as typed, so the note names each option as the user wrote it
     * @return "Note: --time, --histogram have no effect on prepare; ignored." for the inert options typed, or null
     *         when none was typed
     */
    static String note(CommandSpec command, List<String> typedArgs) {
        List<String> names = typed(command, typedArgs);
        if (names.isEmpty()) {
            return null;
        }
        return "Note: " + String.join(", ", names) + (names.size() == 1 ? " has" : " have") + " no effect on "
                + command.qualifiedName(" ").replaceFirst("^clusterbench ", "") + "; ignored.";
    }

    /**
     * Prints what {@link #print} prints, after one line for a workload word given to a command that takes none:
     * "Note: the workload oltp_read_write has no effect on probe stale-reads; ignored."
     *
     * @param workload the word, or null when none was given
     * @throws io.clusterbench.UserException when the word is no workload (with the nearest names)
     */
    static void printWithWorkload(CommandSpec command, String workload, CliEnv env) {
        if (workload != null) {
            io.clusterbench.runner.WorkloadRegistry.require(workload);
            env.out().println("Note: the workload " + workload + " has no effect on "
                    + command.qualifiedName(" ").replaceFirst("^clusterbench ", "") + "; ignored.");
        }
        print(command, env);
    }

    /** Prints {@link #note(CommandSpec, List)} for {@code command}, when there is one. */
    static void print(CommandSpec command, CliEnv env) {
        String note = note(command, env.command());
        if (note != null) {
            env.out().println(note);
        }
    }
}
