package io.clusterbench.workload.joins;

import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.oltp.OltpConfig;
import io.clusterbench.workload.oltp.OltpOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UnmatchedArgsBinding;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Options of the joins family: picocli mixin. Every scenario is a count option named after it (the
 * reference's spelling; the command line turns {@code _} into {@code -}, and {@code _GB} may also be
 * typed {@code -gb}); they are hidden from {@code --help}, which documents them through
 * {@code --scenarios}. {@code --tables}, {@code --table-size}, {@code --storage-engine},
 * {@code --index-updates} and {@code --delete-inserts} are the OLTP mixin's; the last two count for joins
 * only when typed (their OLTP default of 1 does not apply).
 *
 * <p>Unknown {@code --options} of the command are collected here rather than rejected by picocli, so that an unknown
 * scenario name is reported with the list of valid ones ({@link #rejectUnmatched}).
 *
 * <p>Confined to the command's thread.
 */
public final class JoinsOptions {
    CommandSpec mixee;
    final List<String> unmatched = new ArrayList<>();

    /**
     * Receives the command this mixin is part of and registers the collection of unmatched arguments on
     * it (picocli ignores {@code @Unmatched} inside a mixin).
     */
    @Spec(Spec.Target.MIXEE)
    void mixee(CommandSpec spec) {
        if (this.mixee != null) {
            return;
        }
        this.mixee = spec;
        for (JoinScenario s : JoinScenario.values()) {
            spec.addOption(countOption(s));
        }
        spec.addUnmatchedArgsBinding(UnmatchedArgsBinding.forStringArrayConsumer(new ISetter() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T set(T value) {
                if (value instanceof String[] args) {
                    unmatched.addAll(List.of(args));
                }
                return null;
            }
        }));
    }

    /**
     * @return the hidden count option of one scenario, generated from the enum: its reference name with
     *         {@code -} for {@code _} ({@code --simple-inner-pk-GB}, also typed {@code --simple-inner-pk-gb}),
     *         an integer &gt;= 0 defaulting to 0
     */
    private OptionSpec countOption(JoinScenario s) {
        String name = s.optionName();
        String lower = name.toLowerCase(Locale.ROOT);
        String[] names = name.equals(lower) ? new String[]{name} : new String[]{name, lower};
        return OptionSpec.builder(names).hidden(true).paramLabel("N").type(int.class).defaultValue("0").initialValue(0)
                .setter(new ISetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T set(T value) {
                        int previous = optionCounts[s.ordinal()];
                        optionCounts[s.ordinal()] = value == null ? 0 : (Integer) value;
                        return (T) Integer.valueOf(previous);
                    }
                }).build();
    }

    @Option(names = "--scenarios", split = ",", paramLabel = "NAME[:N][,...]",
            description = "joins: scenarios to run per event, each NAME (once) or NAME:N (N times); 'all' = the "
                    + "41 scenarios, 'reads' = the 38 SELECTs, 'writes' = the 3 update scenarios plus "
                    + "index_updates and delete_inserts. Each scenario is also a count option "
                    + "(--simple_inner_pk=2). Default: none.")
    List<String> scenarios;

    @Option(names = "--join-forcing", paramLabel = "auto|hint|straight_join", defaultValue = "auto",
            description = "joins: how *_forcing_order scenarios force the join order: hint = /*+ JOIN_ORDER */, "
                    + "straight_join = SELECT STRAIGHT_JOIN with the tables in that order; auto = hint on MySQL, "
                    + "straight_join on MariaDB. Default: ${DEFAULT-VALUE}.")
    String forcing;

    @Option(names = "--verify-plans", description = "joins, run only: capture and check the plan of every enabled "
            + "scenario (EXPLAIN FORMAT=JSON) before measuring; the plans go into result.json.")
    boolean verifyPlans;

    /** Each scenario's count option, indexed by {@link JoinScenario#ordinal()}; set by the generated options. */
    private final int[] optionCounts = new int[JoinScenario.values().length];

    /** @return each scenario's count option, indexed by {@link JoinScenario#ordinal()} */
    int[] optionCounts() {
        return optionCounts.clone();
    }

    /**
     * Throws for any argument picocli did not recognise: for {@code joins} an unknown scenario, with the
     * valid names; otherwise an unknown option.
     *
     * @param workload the workload name given
     * @throws UserException when there is an unmatched argument
     */
    public void rejectUnmatched(String workload) {
        if (unmatched.isEmpty()) {
            return;
        }
        String first = unmatched.get(0);
        if (JoinsWorkload.NAME.equals(workload) && first.startsWith("--")) {
            String name = first.substring(2).split("=", 2)[0].replace('-', '_');
            throw unknownScenario(name);
        }
        throw new UserException("unknown option or argument '" + first + "'",
                "see 'clusterbench " + mixee.name() + " --help'");
    }

    private static UserException unknownScenario(String name) {
        return new UserException("unknown joins scenario or option '" + name + "'",
                "valid scenarios: " + String.join(", ", JoinScenario.names()) + ", index_updates, delete_inserts");
    }

    /**
     * @param oltp         the OLTP mixin (tables, table size, storage engine, index updates, delete inserts)
     * @param distribution key distribution of delete_inserts
     * @throws UserException for an unknown scenario name, a bad count or a bad --join-forcing
     */
    public JoinsConfig toConfig(OltpOptions oltp, Distribution distribution) {
        int[] counts = optionCounts();
        int[] listed = new int[counts.length];
        int[] writes = {typed("--index-updates", oltp.indexUpdates()), typed("--delete-inserts", oltp.deleteInserts())};
        for (String entry : scenarios == null ? List.<String>of() : scenarios) {
            String[] parts = entry.strip().split("[:=]", 2);
            String name = parts[0].replace('-', '_');
            int n = parts.length == 2 ? parseCount(entry, parts[1]) : 1;
            switch (name.toLowerCase(Locale.ROOT)) {
                case "all" -> fill(listed, n, null);
                case "reads" -> fill(listed, n, JoinScenario.Kind.READ);
                case "writes" -> {
                    fill(listed, n, JoinScenario.Kind.WRITE);
                    writes[0] = Math.max(writes[0], n);
                    writes[1] = Math.max(writes[1], n);
                }
                case "index_updates" -> writes[0] = n;
                case "delete_inserts" -> writes[1] = n;
                default -> {
                    JoinScenario s = JoinScenario.byName(name);
                    if (s == null) {
                        throw unknownScenario(parts[0]);
                    }
                    listed[s.ordinal()] = n;
                }
            }
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                throw new UserException("invalid " + JoinScenario.values()[i].optionName() + " " + counts[i],
                        "give a count >= 0");
            }
            counts[i] = counts[i] > 0 ? counts[i] : listed[i];
        }
        return new JoinsConfig(oltp.tables(), oltp.tableSize(), counts, writes[0], writes[1], form(), verifyPlans,
                oltp.tableOptions(), distribution);
    }

    /** @throws UserException when a joins run would run no statement */
    public static void requireEnabled(JoinsConfig config) {
        if (!config.anyEnabled()) {
            throw new UserException("no joins scenario enabled",
                    "give --scenarios all (or reads, writes, NAME[:N],...) or a count option such as --simple_inner_pk=1");
        }
    }

    private JoinSql.Form form() {
        return switch (forcing.toLowerCase(Locale.ROOT).replace('-', '_')) {
            case "auto" -> null;
            case "hint" -> JoinSql.Form.HINT;
            case "straight_join", "straight" -> JoinSql.Form.STRAIGHT_JOIN;
            default -> throw new UserException("invalid --join-forcing '" + forcing + "'",
                    "use auto, hint or straight_join");
        };
    }

    private int typed(String option, int value) {
        ParseResult pr = mixee.commandLine() == null ? null : mixee.commandLine().getParseResult();
        return pr != null && pr.hasMatchedOption(option) ? value : 0;
    }

    private static void fill(int[] counts, int n, JoinScenario.Kind kind) {
        for (JoinScenario s : JoinScenario.values()) {
            if (kind == null || s.kind() == kind) {
                counts[s.ordinal()] = n;
            }
        }
    }

    private static int parseCount(String entry, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserException("invalid --scenarios entry '" + entry + "'", "write NAME or NAME:N with N >= 0");
    }

    /**
     * @return the joins options as the run plan records them: the OLTP family's table options, then the
     *         scenario counts, the write counts, {@code --join-forcing} as given and {@code --verify-plans}
     */
    public JoinsRunOptions runOptions(OltpConfig oltp, JoinsConfig config) {
        return new JoinsRunOptions(oltp, config, forcing);
    }
}
