package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.runner.PlanBuilder;
import io.clusterbench.runner.ScenarioOptions;
import io.clusterbench.runner.ScenarioRunOptions;
import io.clusterbench.runner.ScenarioSpec;
import io.clusterbench.runner.Scenarios;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the scenarios of {@code run}, {@code sweep} and {@code capacity} into what {@link PlanBuilder} builds them from: per scenario a fresh set of every
 * family's options, parsed from the run's workload options as typed and then the scenario's own (so
 * {@code --tables 4} on the command line holds for every scenario unless its line says otherwise), and its
 * {@code --reconnect} and {@code --ignore-errors}.
 *
 * <p>Confined to the command's thread.
 */
final class ScenarioParsing {
    private ScenarioParsing() {
    }

    /**
     * @param command the parsed command ({@code run}, {@code sweep}, {@code capacity}: its family mixins and parse
     *                result)
     * @param options {@code --scenario}, {@code --scenario-file}, {@code --scenario-preset}
     * @param workload   the run's workload
     * @param background its {@code --background} workload, or null
     * @return every scenario, parsed; empty when none were given
     * @throws UserException listing every problem at once (exit 2)
     */
    static List<PlanBuilder.ScenarioArgs> parse(CommandSpec command, ScenarioOptions options, String workload,
                                                String background) {
        List<String> problems = new ArrayList<>();
        List<ScenarioSpec> specs = options.specs(problems);
        List<String> inherited = familyTokens(command);
        List<PlanBuilder.ScenarioArgs> out = new ArrayList<>();
        for (ScenarioSpec s : specs) {
            List<String> tokens = new ArrayList<>(inherited);
            tokens.addAll(List.of(ArgNormalizer.normalize(s.options().toArray(new String[0]))));
            PlanBuilder.ScenarioArgs a = parseOne(s, tokens, problems);
            if (a != null) {
                out.add(a);
            }
        }
        Scenarios.validate(workload, background, out, problems);
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see clusterbench " + (command == null ? "run" : command.name()) + " --help");
        }
        return out;
    }

    /** @return the family options typed on the command line, as {@code --name=value} tokens in typed order */
    static List<String> familyTokens(CommandSpec command) {
        List<String> out = new ArrayList<>();
        if (command == null || command.commandLine() == null || command.commandLine().getParseResult() == null) {
            return out;
        }
        for (OptionSpec o : command.commandLine().getParseResult().matchedOptions()) {
            if (!AppliedOptions.ownedByAFamily(command, o.longestName())) {
                continue;
            }
            List<String> values = o.originalStringValues();
            if (values.isEmpty()) {
                out.add(o.longestName());
            }
            values.forEach(v -> out.add(o.longestName() + "=" + v));
        }
        return out;
    }

    private static PlanBuilder.ScenarioArgs parseOne(ScenarioSpec s, List<String> tokens, List<String> problems) {
        CommandLine line = new CommandLine(CommandSpec.create().name("run"));
        FamilyOptions families = new FamilyOptions();
        for (WorkloadFamily f : WorkloadRegistry.families()) {
            Object o = f.newOptions();
            families.put(o);
            line.addMixin(f.name(), o);
            WorkloadCommand.injectMixee(o, line.getCommandSpec());
        }
        ScenarioRunOptions run = new ScenarioRunOptions();
        line.addMixin("scenario", run);
        try {
            line.parseArgs(tokens.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            problems.add("--scenario " + s.name() + ": " + e.getMessage());
            return null;
        }
        return new PlanBuilder.ScenarioArgs(s, families, run);
    }
}
