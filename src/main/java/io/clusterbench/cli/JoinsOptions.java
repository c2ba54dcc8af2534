package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.joins.JoinScenario;
import io.clusterbench.workload.joins.JoinSql;
import io.clusterbench.workload.joins.JoinsConfig;
import io.clusterbench.workload.joins.JoinsWorkload;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
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
 * reference's spelling; {@link ArgNormalizer} turns {@code _} into {@code -}, and {@code _GB} may also be
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
final class JoinsOptions {
    CommandSpec mixee;
    final List<String> unmatched = new ArrayList<>();

    /**
     * Receives the command this mixin is part of and registers the collection of unmatched arguments on
     * it (picocli ignores {@code @Unmatched} inside a mixin).
     */
    @Spec(Spec.Target.MIXEE)
    void mixee(CommandSpec spec) {
        this.mixee = spec;
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

    @Option(names = {"--simple-inner-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleInnerPk;
    @Option(names = {"--simple-inner-pk-GB", "--simple-inner-pk-gb"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleInnerPkGb;
    @Option(names = {"--multilevel-inner-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multilevelInnerPk;
    @Option(names = {"--simple-inner-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleInnerIndex;
    @Option(names = {"--simple-inner-index-GB", "--simple-inner-index-gb"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleInnerIndexGb;
    @Option(names = {"--multilevel-inner-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multilevelInnerIndex;
    @Option(names = {"--simple-inner-forcing-order"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleInnerForcingOrder;
    @Option(names = {"--multilevel-inner-forcing-order-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multilevelInnerForcingOrderIndex;
    @Option(names = {"--simple-inner-straight"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleInnerStraight;
    @Option(names = {"--multilevel-inner-straight-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multilevelInnerStraightIndex;
    @Option(names = {"--simple-left-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleLeftPk;
    @Option(names = {"--simple-left-pk-GB", "--simple-left-pk-gb"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleLeftPkGb;
    @Option(names = {"--multi-left-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiLeftPk;
    @Option(names = {"--simple-left-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleLeftIndex;
    @Option(names = {"--simple-left-index-GB", "--simple-left-index-gb"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleLeftIndexGb;
    @Option(names = {"--multi-left-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiLeftIndex;
    @Option(names = {"--simple-left-forcing-order"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleLeftForcingOrder;
    @Option(names = {"--multi-left-forcing-order"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiLeftForcingOrder;
    @Option(names = {"--simple-left-straight"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleLeftStraight;
    @Option(names = {"--multi-left-straight"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiLeftStraight;
    @Option(names = {"--simple-left-exclude"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleLeftExclude;
    @Option(names = {"--simple-right-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleRightPk;
    @Option(names = {"--simple-right-pk-GB", "--simple-right-pk-gb"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleRightPkGb;
    @Option(names = {"--multi-right-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiRightPk;
    @Option(names = {"--simple-right-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleRightIndex;
    @Option(names = {"--simple-right-index-GB", "--simple-right-index-gb"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleRightIndexGb;
    @Option(names = {"--multi-right-index"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiRightIndex;
    @Option(names = {"--simple-right-forcing-order"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleRightForcingOrder;
    @Option(names = {"--multi-right-forcing-order"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiRightForcingOrder;
    @Option(names = {"--simple-right-straight"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int simpleRightStraight;
    @Option(names = {"--multi-right-straight"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int multiRightStraight;
    @Option(names = {"--inner-subquery-multi-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int innerSubqueryMultiPk;
    @Option(names = {"--left-subquery-multi-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int leftSubqueryMultiPk;
    @Option(names = {"--right-subquery-multi-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int rightSubqueryMultiPk;
    @Option(names = {"--semi-join-exists-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int semiJoinExistsPk;
    @Option(names = {"--anti-join-not-exists-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int antiJoinNotExistsPk;
    @Option(names = {"--anti-join-left-join-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int antiJoinLeftJoinPk;
    @Option(names = {"--conditional-join-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int conditionalJoinPk;
    @Option(names = {"--update-multi-right-join-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int updateMultiRightJoinPk;
    @Option(names = {"--update-multi-left-join-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int updateMultiLeftJoinPk;
    @Option(names = {"--update-multi-inner-join-pk"}, hidden = true, paramLabel = "N", defaultValue = "0")
    int updateMultiInnerJoinPk;

    /** @return each scenario's count option, indexed by {@link JoinScenario#ordinal()} */
    int[] optionCounts() {
        return new int[]{simpleInnerPk, simpleInnerPkGb, multilevelInnerPk, simpleInnerIndex,
            simpleInnerIndexGb, multilevelInnerIndex, simpleInnerForcingOrder, multilevelInnerForcingOrderIndex,
            simpleInnerStraight, multilevelInnerStraightIndex, simpleLeftPk, simpleLeftPkGb,
            multiLeftPk, simpleLeftIndex, simpleLeftIndexGb, multiLeftIndex,
            simpleLeftForcingOrder, multiLeftForcingOrder, simpleLeftStraight, multiLeftStraight,
            simpleLeftExclude, simpleRightPk, simpleRightPkGb, multiRightPk,
            simpleRightIndex, simpleRightIndexGb, multiRightIndex, simpleRightForcingOrder,
            multiRightForcingOrder, simpleRightStraight, multiRightStraight, innerSubqueryMultiPk,
            leftSubqueryMultiPk, rightSubqueryMultiPk, semiJoinExistsPk, antiJoinNotExistsPk,
            antiJoinLeftJoinPk, conditionalJoinPk, updateMultiRightJoinPk, updateMultiLeftJoinPk,
            updateMultiInnerJoinPk};
    }

    /**
     * Throws for any argument picocli did not recognise: for {@code joins} an unknown scenario, with the
     * valid names; otherwise an unknown option.
     *
     * @param workload the workload name given
     * @throws UserException when there is an unmatched argument
     */
    void rejectUnmatched(String workload) {
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
    JoinsConfig toConfig(OltpOptions oltp, Distribution distribution) {
        int[] counts = optionCounts();
        int[] listed = new int[counts.length];
        int[] writes = {typed("--index-updates", oltp.indexUpdates), typed("--delete-inserts", oltp.deleteInserts)};
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
        return new JoinsConfig(oltp.tables, oltp.tableSize, counts, writes[0], writes[1], form(), verifyPlans,
                oltp.storageEngine, distribution);
    }

    /** @throws UserException when a joins run would run no statement */
    static void requireEnabled(JoinsConfig config) {
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

    /** @return the joins options as the result records them */
    Map<String, Object> optionMap(JoinsConfig config) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (JoinScenario s : JoinScenario.values()) {
            if (config.count(s) > 0) {
                counts.put(s.scenarioName(), config.count(s));
            }
        }
        m.put("scenarios", counts);
        m.put("indexUpdates", config.indexUpdates());
        m.put("deleteInserts", config.deleteInserts());
        m.put("joinForcing", forcing);
        m.put("verifyPlans", verifyPlans);
        return m;
    }
}
