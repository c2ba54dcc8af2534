package io.clusterbench.ab;

import io.clusterbench.result.DerivedVariables;
import io.clusterbench.result.VariableDiff;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What differs between two sides of an {@code ab} comparison besides what the user meant to compare, checked for
 * every pair of sides: server
 * variables not named by a per-side option of either side (build variables such as {@code version_*} are expected
 * to differ and are left out, and so are variables the server derives from one set per side,
 * {@link DerivedVariables}), tables (set, engine, collation, row format), data size (more than
 * {@value #DATA_SIZE_TOLERANCE_PERCENT}% apart) and the workload's own facts (rows per table). Printed before
 * anything else and kept in result.json.
 *
 * <p>Thread-safe (stateless).
 */
public final class AbWarnings {
    /** Data sizes (data + index bytes, server estimates) further apart than this, in percent, are flagged. */
    public static final double DATA_SIZE_TOLERANCE_PERCENT = 10;
    private static final int NAMED_VARIABLES = 12;

    private AbWarnings() {
    }

    /**
     * @param a     side A
     * @param b     side B
     * @return the variables that differ, build and place variables left out, sorted by name
     */
    public static List<VariableDiff.Entry> variableDiff(SideRecord a, SideRecord b) {
        return variableDiff(List.of(a, b));
    }

    /**
     * @param sides the sides in the order given
     * @return the variables that differ between any of them (values in the order of {@code sides}), build and place
     * variables left out, sorted by name
     */
    public static List<VariableDiff.Entry> variableDiff(List<SideRecord> sides) {
        return VariableDiff.of(sides.stream().map(SideRecord::variables).toList()).stream()
                .filter(e -> !SideRecord.isBuildVariable(e.name().toLowerCase(Locale.ROOT))).toList();
    }

    /**
     * Every pair of sides checked with {@link #of(SideRecord, SideRecord, Collection)}; with three or more sides each
     * line names its pair.
     *
     * @param sides   the sides in the order given
     * @param perSide per side, the options given to its server only ({@code --side-option}, {@code --a-option}, …);
     *                the variables they name are meant to differ between that side and any other
     * @return one line per pair and kind of unintended difference, pairs in the order given; empty when all match
     */
    public static List<String> of(List<SideRecord> sides, Map<Side, List<String>> perSide) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            for (int j = i + 1; j < sides.size(); j++) {
                SideRecord a = sides.get(i);
                SideRecord b = sides.get(j);
                Set<String> meant = new TreeSet<>(names(perSide.getOrDefault(a.side(), List.of())));
                meant.addAll(names(perSide.getOrDefault(b.side(), List.of())));
                out.addAll(of(a, b, meant, sides.size() == 2 ? "the sides" : a.side() + " and " + b.side()));
            }
        }
        return out;
    }

    /**
     * @param meant variable names set differently on purpose (from {@code --a-option}/{@code --b-option})
     * @return one line per kind of unintended difference, empty when the sides match
     */
    public static List<String> of(SideRecord a, SideRecord b, Collection<String> meant) {
        return of(a, b, meant, "the sides");
    }

    /**
     * @param pair how the lines name the two sides: "the sides", or "A and C" among more sides
     */
    private static List<String> of(SideRecord a, SideRecord b, Collection<String> meant, String pair) {
        boolean plain = pair.equals("the sides");
        String owners = plain ? "the sides'" : a.side() + "'s and " + b.side() + "'s";
        Set<String> intended = new TreeSet<>();
        meant.forEach(m -> intended.add(normal(m)));
        List<String> out = new ArrayList<>();
        List<String> unmeant = variableDiff(a, b).stream().map(VariableDiff.Entry::name)
                .filter(n -> !intended.contains(normal(n)) && derivedFrom(a, b, n, intended).isEmpty()).toList();
        if (!unmeant.isEmpty()) {
            List<String> named = new ArrayList<>();
            for (String n : unmeant.subList(0, Math.min(NAMED_VARIABLES, unmeant.size()))) {
                named.add(n + " " + a.variables().get(n) + " vs " + b.variables().get(n));
            }
            out.add(pair + " differ in " + unmeant.size() + " server variable(s) you did not set per side: "
                    + String.join(", ", named) + (unmeant.size() > NAMED_VARIABLES ? ", …" : "")
                    + " (all in result.json sides[].variables)");
        }
        if (!tableShapes(a).equals(tableShapes(b))) {
            out.add(owners + " tables differ (name, engine, collation or row format): " + a.side() + " "
                    + tableShapes(a) + " vs " + b.side() + " " + tableShapes(b));
        }
        long sizeA = a.tables().stream().mapToLong(TableFacts::dataBytes).sum();
        long sizeB = b.tables().stream().mapToLong(TableFacts::dataBytes).sum();
        if (Math.abs(sizeA - sizeB) > DATA_SIZE_TOLERANCE_PERCENT / 100 * Math.max(sizeA, sizeB)) {
            out.add(String.format(Locale.ROOT, "%s data sizes differ: %s %.1f MiB vs %s %.1f MiB (data + index)", owners,
                    a.side(), sizeA / 1048576.0, b.side(), sizeB / 1048576.0));
        }
        if (!Objects.equals(dataFacts(a.workloadFacts()), dataFacts(b.workloadFacts()))) {
            out.add("the workload found different data on " + (plain ? "the sides" : a.side() + " and " + b.side())
                    + ": " + a.side() + " " + dataFacts(a.workloadFacts()) + " vs " + b.side() + " "
                    + dataFacts(b.workloadFacts()));
        }
        return out;
    }

    /**
     * The workload's facts about the data, without the ones that time how it was read (keys ending in
     * {@code Millis}, {@code Micros} or {@code Seconds}, such as {@code keySpaceLoadMillis}): two sides with the
     * same rows read them in different times, which is not a difference in data.
     */
    static Map<String, Object> dataFacts(Map<String, Object> facts) {
        if (facts == null) {
            return Map.of();
        }
        Map<String, Object> out = new java.util.TreeMap<>();
        facts.forEach((k, v) -> {
            if (k.endsWith("Millis") || k.endsWith("Micros") || k.endsWith("Seconds")) {
                return;
            }
            if (v instanceof Map<?, ?> m) {
                Map<String, Object> inner = new java.util.LinkedHashMap<>();
                m.forEach((ik, iv) -> inner.put(String.valueOf(ik), iv));
                out.put(k, dataFacts(inner));
            } else {
                out.put(k, v);
            }
        });
        return out;
    }

    private static List<String> tableShapes(SideRecord s) {
        return s.tables().stream().map(t -> t.name() + "/" + t.engine() + "/" + t.collation() + "/" + t.rowFormat()).toList();
    }

    /** @return an option or variable name as the server spells the variable: lower case, '-' as '_', no leading dashes */
    static String normal(String optionOrName) {
        String n = optionOrName.strip().replaceFirst("^--", "");
        int eq = n.indexOf('=');
        if (eq >= 0) {
            n = n.substring(0, eq);
        }
        return n.replace('-', '_').toLowerCase(Locale.ROOT);
    }

    /** @return the variable names set by server options like {@code --innodb-flush-log-at-trx-commit=1} */
    public static Set<String> names(List<String> options) {
        Set<String> out = new TreeSet<>();
        options.forEach(o -> out.add(normal(o)));
        return out;
    }

    /**
     * @return A's and B's value of each variable in {@code names} present on either side, as "name A vs B", then of
     *         each differing variable the server derives from one of them, as "name A vs B (follows from source)"
     */
    public static List<String> intended(SideRecord a, SideRecord b, Collection<String> names) {
        return intended(List.of(a, b), names);
    }

    /**
     * @param sides the sides in the order given
     * @param names the variables set per side on purpose
     * @return each side's value of each variable in {@code names} present on any side, as "name v1 vs v2 …" (values in
     *         the order of {@code sides}), then of each differing variable the server derives from one of them, as
     *         "name v1 vs v2 … (follows from source)"
     */
    public static List<String> intended(List<SideRecord> sides, Collection<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : new TreeSet<>(names)) {
            if (sides.stream().anyMatch(s -> s.variables().containsKey(n))) {
                out.add(n + " " + values(sides, n));
            }
        }
        Set<String> meant = new TreeSet<>();
        names.forEach(m -> meant.add(normal(m)));
        for (VariableDiff.Entry e : variableDiff(sides)) {
            if (!meant.contains(normal(e.name()))) {
                derivedFrom(sides, e.name(), meant).ifPresent(source -> out.add(e.name() + " " + values(sides, e.name())
                        + " (follows from " + source + ")"));
            }
        }
        return out;
    }

    private static String values(List<SideRecord> sides, String name) {
        return String.join(" vs ", sides.stream().map(s -> String.valueOf(s.variables().get(name))).toList());
    }

    private static java.util.Optional<String> derivedFrom(SideRecord a, SideRecord b, String name, Set<String> meant) {
        return derivedFrom(List.of(a, b), name, meant);
    }

    /** @return the variable set per side (in {@code meant}) that differs and that the server derives {@code name} from */
    private static java.util.Optional<String> derivedFrom(List<SideRecord> sides, String name, Set<String> meant) {
        List<String> setAndDiffering = variableDiff(sides).stream().map(VariableDiff.Entry::name)
                .filter(n -> meant.contains(normal(n))).toList();
        return DerivedVariables.followsFrom(name, setAndDiffering);
    }
}
