package io.clusterbench.cli;

import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.WorkloadFamily;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The option list of a workload command's {@code --help}, in sections: connection, run control, output,
 * then the workload options: only the chosen workload's family (and the options it shares), without those
 * its events never read ({@code WorkloadFamily#unusedOptions}),
 * when a workload was named ({@code run oltp_point_select --help}); every family otherwise ({@code help run}).
 *
 * <p>Thread-safe (stateless).
 */
final class SectionedHelp implements CommandLine.IHelpSectionRenderer {
    /** Run options that say where and how results are shown; listed under "Output". */
    private static final Set<String> OUTPUT = Set.of("--out", "--report-interval", "--percentile", "--stats-format",
            "--report-csv", "--histogram", "--metrics-listen", "--metrics-linger");
    /** Mixin names holding the target options (field names of the commands). */
    private static final String TARGET_MIXIN = "target";
    /** The field name of the explain options' mixin in {@code run} and {@code sweep}. */
    private static final String EXPLAIN_MIXIN = "explain";

    private final WorkloadCommand command;

    private SectionedHelp(WorkloadCommand command) {
        this.command = command;
    }

    /** Replaces the option list of every workload command under {@code root} by the sectioned one. */
    static void install(CommandLine root) {
        for (CommandLine sub : root.getSubcommands().values()) {
            if (sub.getCommand() instanceof WorkloadCommand wc) {
                sub.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                        new SectionedHelp(wc));
            }
        }
    }

    @Override
    public String render(Help help) {
        CommandSpec spec = help.commandSpec();
        Set<OptionSpec> family = new LinkedHashSet<>();
        List<String> familySections = new ArrayList<>();
        StringBuilder families = new StringBuilder();
        WorkloadFamily chosen = command.workload() == null ? null : WorkloadRegistry.familyOf(command.workload());
        for (WorkloadFamily f : WorkloadRegistry.families()) {
            CommandSpec mixin = spec.mixins().get(f.name());
            List<OptionSpec> own = mixin == null ? List.of() : options(spec, mixin);
            family.addAll(own);
            if (chosen != null && f != chosen) {
                continue;
            }
            List<OptionSpec> shown = new ArrayList<>(own);
            if (chosen != null) {
                shown.removeIf(o -> f.unusedOptions(command.workload()).contains(o.longestName()));
                for (String shared : f.sharedOptions()) {
                    OptionSpec o = spec.findOption(shared);
                    if (o != null && !shown.contains(o)) {
                        shown.add(o);
                    }
                }
            }
            familySections.add(f.name());
            families.append(section(help, f.heading(), shown));
        }
        List<OptionSpec> target = spec.mixins().containsKey(TARGET_MIXIN)
                ? options(spec, spec.mixins().get(TARGET_MIXIN)) : List.of();
        List<OptionSpec> explain = spec.mixins().containsKey(EXPLAIN_MIXIN)
                ? options(spec, spec.mixins().get(EXPLAIN_MIXIN)) : List.of();
        List<OptionSpec> output = new ArrayList<>();
        List<OptionSpec> control = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (family.contains(o) || target.contains(o) || explain.contains(o)) {
                continue;
            }
            (OUTPUT.contains(o.longestName()) ? output : control).add(o);
        }
        return section(help, "Connection", target) + section(help, "Run control", control)
                + section(help, "Output", output) + section(help, "Explain (docs/explain.md)", explain) + families;
    }

    /** @return the command's own option specs that came from {@code mixin} (matched by name) */
    private static List<OptionSpec> options(CommandSpec spec, CommandSpec mixin) {
        List<OptionSpec> out = new ArrayList<>();
        for (OptionSpec m : mixin.options()) {
            OptionSpec o = spec.findOption(m.longestName());
            if (o != null) {
                out.add(o);
            }
        }
        return out;
    }

    private static String section(Help help, String heading, List<OptionSpec> options) {
        Help.Layout layout = help.createDefaultLayout();
        Help.IParamLabelRenderer labels = help.createDefaultParamLabelRenderer();
        boolean any = false;
        for (OptionSpec o : options) {
            if (!o.hidden()) {
                layout.addOption(o, labels);
                any = true;
            }
        }
        return any ? String.format("%n%s:%n", heading) + layout : "";
    }
}
