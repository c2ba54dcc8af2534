package io.clusterbench.runner;

import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code --scenario}, {@code --scenario-file} and {@code --scenario-preset}: picocli mixin of {@code run}. Each
 * scenario is a named workload run beside the run's own, by its own engine, with its own threads, rate and options
 * (docs/usage.md, "Scenarios"; figures in docs/metrics.md, "Scenarios").
 *
 * <p>Confined to the command's thread.
 */
public final class ScenarioOptions {
    @Option(names = "--scenario", paramLabel = "NAME=WORKLOAD:THREADS[:RATE]",
            description = "A named workload run beside this one (repeatable): its own threads and, with RATE, its "
                    + "own open-loop rate (events/s); the run's workload options apply to it. E.g. "
                    + "writes=oltp_update_index:2:500. Its tables must be prepared. Default: none.")
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--scenario-file", paramLabel = "FILE",
            description = "Scenarios, one per line: NAME=WORKLOAD:THREADS[:RATE] then that scenario's own options "
                    + "(workload options such as --tables, --table-size; --reconnect, --ignore-errors); '#' starts a "
                    + "comment. Default: none.")
    Path file;

    @Option(names = "--scenario-preset", paramLabel = "training",
            description = "A built-in scenario set: training = the training mix for profile collection "
                    + "(docs/usage.md, \"Training mix\"). Default: none.")
    String preset;

    /**
     * Every scenario given, in order: {@code --scenario}s, then the file's lines, then the preset's; each checked
     * without connecting (form, workload name, threads, rate, names used twice).
     *
     * @param problems gets one line per problem
     * @return the scenarios parsed without a problem; empty when none were given
     */
    public List<ScenarioSpec> specs(List<String> problems) {
        List<ScenarioSpec> out = new ArrayList<>();
        for (String s : scenarios) {
            add(out, ScenarioSpec.parse(s, List.of(), problems));
        }
        if (file != null) {
            try {
                lines(Files.readAllLines(file), out, problems);
            } catch (IOException e) {
                problems.add("--scenario-file " + file + " cannot be read (" + e.getMessage() + ")");
            }
        }
        if (preset != null) {
            List<String> lines = ScenarioPresets.lines(preset);
            if (lines == null) {
                problems.add("--scenario-preset " + preset + " is not a preset; choose one of: "
                        + String.join(", ", ScenarioPresets.names()));
            } else {
                lines(lines, out, problems);
            }
        }
        ScenarioSpec.requireUniqueNames(out, problems);
        return out;
    }

    /** Parses scenario lines: the definition, then its options; blank lines and {@code #} comments skipped. */
    static void lines(List<String> lines, List<ScenarioSpec> out, List<String> problems) {
        for (String line : lines) {
            int hash = line.indexOf('#');
            String text = (hash < 0 ? line : line.substring(0, hash)).strip();
            if (text.isEmpty()) {
                continue;
            }
            List<String> words = Arrays.asList(text.split("\\s+"));
            add(out, ScenarioSpec.parse(words.get(0), words.subList(1, words.size()), problems));
        }
    }

    private static void add(List<ScenarioSpec> out, ScenarioSpec s) {
        if (s != null) {
            out.add(s);
        }
    }
}
