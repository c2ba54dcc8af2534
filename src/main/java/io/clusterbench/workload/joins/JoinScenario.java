package io.clusterbench.workload.joins;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.clusterbench.workload.joins.JoinShapes.*;

/**
 * The one table of join statement definitions: the 41 scenarios of the public sysbench joins test, by
 * the same names, with the defects listed in {@code shared/reference/joins.md} fixed on purpose:
 * <ul>
 *   <li>hints name the alias the query uses ({@code m}, {@code l1}…), never the table name;</li>
 *   <li>outer joins keep their outer semantics: WHERE filters only the preserved side ({@code m}); a
 *       filter the reference put on the other side moves into that join's ON clause;</li>
 *   <li>every forcing ({@code *_forcing_order}) and straight ({@code *_straight}) variant runs exactly its
 *       {@link #baseline()}'s tables and predicates, so the pair differs only by the forcing;</li>
 *   <li>the right-join scenarios mirror the left ones (same chains, {@code m} rightmost), and
 *       {@code right_subquery_multi_pk} joins {@code m.l1_id = l1.id} (not {@code l1.parent_id});</li>
 *   <li>no select item is repeated.</li>
 * </ul>
 * Declaration order is the order scenarios run inside an event (docs/joins.md).
 *
 * <p>Immutable. The ordinal is the statement class id.
 */
public enum JoinScenario {
    SIMPLE_INNER_PK(Kind.READ, ROWS, INNER_PK1, WHERE_CONTINENT, ROWS_TAIL),
    SIMPLE_INNER_PK_GB(Kind.READ, grouped(1), INNER_PK1, WHERE_CONTINENT, GB_TAIL),
    MULTILEVEL_INNER_PK(Kind.READ, grouped(5), INNER_PK5, WHERE_CONTINENT, GB_TAIL),
    SIMPLE_INNER_INDEX(Kind.READ, ROWS, INNER_IDX1, WHERE_CONTINENT, ROWS_TAIL),
    SIMPLE_INNER_INDEX_GB(Kind.READ, grouped(1), INNER_IDX1, WHERE_CONTINENT, GB_TAIL),
    MULTILEVEL_INNER_INDEX(Kind.READ, grouped(5), INNER_IDX5, WHERE_CONTINENT, GB_TAIL),
    SIMPLE_INNER_FORCING_ORDER(SIMPLE_INNER_INDEX_GB, Force.ORDER, INNER_IDX1_LEVELS_FIRST, "l1", "m"),
    MULTILEVEL_INNER_FORCING_ORDER_INDEX(MULTILEVEL_INNER_INDEX, Force.ORDER, INNER_IDX5_LEVELS_FIRST,
            "l5", "l4", "l3", "l2", "l1", "m"),
    SIMPLE_INNER_STRAIGHT(SIMPLE_INNER_INDEX_GB, Force.STRAIGHT, INNER_IDX1_LEVELS_FIRST, "l1", "m"),
    MULTILEVEL_INNER_STRAIGHT_INDEX(MULTILEVEL_INNER_INDEX, Force.STRAIGHT, INNER_IDX5_LEVELS_FIRST,
            "l5", "l4", "l3", "l2", "l1", "m"),

    SIMPLE_LEFT_PK(Kind.READ, ROWS, LEFT_PK1, WHERE_CONTINENT, ROWS_TAIL),
    SIMPLE_LEFT_PK_GB(Kind.READ, grouped(1), LEFT_PK1, WHERE_CONTINENT, GB_TAIL),
    MULTI_LEFT_PK(Kind.READ, grouped(5), LEFT_PK5, WHERE_CONTINENT, GB_TAIL),
    SIMPLE_LEFT_INDEX(Kind.READ, ROWS, LEFT_IDX1, WHERE_CONTINENT, ROWS_TAIL),
    SIMPLE_LEFT_INDEX_GB(Kind.READ, grouped(1), LEFT_IDX1, WHERE_CONTINENT, GB_TAIL),
    MULTI_LEFT_INDEX(Kind.READ, grouped(5), LEFT_IDX5, WHERE_CONTINENT, GB_TAIL),
    SIMPLE_LEFT_FORCING_ORDER(SIMPLE_LEFT_INDEX_GB, Force.ORDER, null, "l1", "m"),
    MULTI_LEFT_FORCING_ORDER(MULTI_LEFT_INDEX, Force.ORDER, null, "l2", "m", "l1", "l3", "l4", "l5"),
    SIMPLE_LEFT_STRAIGHT(SIMPLE_LEFT_INDEX_GB, Force.STRAIGHT, null, "m", "l1"),
    MULTI_LEFT_STRAIGHT(MULTI_LEFT_INDEX, Force.STRAIGHT, null, "m", "l1", "l2", "l3", "l4", "l5"),
    SIMPLE_LEFT_EXCLUDE(Kind.READ, "m.continent, COUNT(*) AS row_count",
            "{m} m LEFT JOIN level1 l1 ON m.l1_id = l1.id AND m.enum_field = {e}",
            " WHERE m.color = {col} AND l1.id IS NULL", " GROUP BY m.continent"),

    SIMPLE_RIGHT_PK(Kind.READ, ROWS, RIGHT_PK1, WHERE_CONTINENT, ROWS_TAIL),
    SIMPLE_RIGHT_PK_GB(Kind.READ, grouped(1), RIGHT_PK1, WHERE_CONTINENT, GB_TAIL),
    MULTI_RIGHT_PK(Kind.READ, grouped(5), RIGHT_PK5, WHERE_CONTINENT, GB_TAIL),
    SIMPLE_RIGHT_INDEX(Kind.READ, ROWS, RIGHT_IDX1, WHERE_CONTINENT, ROWS_TAIL),
    SIMPLE_RIGHT_INDEX_GB(Kind.READ, grouped(1), RIGHT_IDX1, WHERE_CONTINENT, GB_TAIL),
    MULTI_RIGHT_INDEX(Kind.READ, grouped(5), RIGHT_IDX5, WHERE_CONTINENT, GB_TAIL),
    SIMPLE_RIGHT_FORCING_ORDER(SIMPLE_RIGHT_INDEX_GB, Force.ORDER, null, "m", "l1"),
    MULTI_RIGHT_FORCING_ORDER(MULTI_RIGHT_INDEX, Force.ORDER, null, "m", "l1", "l2", "l3", "l4", "l5"),
    SIMPLE_RIGHT_STRAIGHT(SIMPLE_RIGHT_INDEX_GB, Force.STRAIGHT, null, "m", "l1"),
    MULTI_RIGHT_STRAIGHT(MULTI_RIGHT_INDEX, Force.STRAIGHT, null, "m", "l1", "l2", "l3", "l4", "l5"),

    INNER_SUBQUERY_MULTI_PK(Kind.READ, grouped(5), SUBQ_INNER, "", GB_TAIL),
    LEFT_SUBQUERY_MULTI_PK(Kind.READ, grouped(5), SUBQ_LEFT, "", GB_TAIL),
    RIGHT_SUBQUERY_MULTI_PK(Kind.READ, grouped(5), SUBQ_RIGHT, "", GB_TAIL),

    SEMI_JOIN_EXISTS_PK(Kind.READ, COUNTS, "{m} m", " WHERE EXISTS (SELECT 1 FROM level1 l1 WHERE l1.id = m.l1_id"
            + " AND l1.record_status = {s}) AND m.continent = {c}", GB_TAIL),
    ANTI_JOIN_NOT_EXISTS_PK(Kind.READ, COUNTS, "{m} m", " WHERE NOT EXISTS (SELECT 1 FROM level1 l1"
            + " WHERE l1.id = m.l1_id AND l1.record_status = {s}) AND m.continent = {c}", GB_TAIL),
    ANTI_JOIN_LEFT_JOIN_PK(Kind.READ, COUNTS, LEFT_PK1, " WHERE l1.id IS NULL AND m.continent = {c}", GB_TAIL),
    CONDITIONAL_JOIN_PK(Kind.READ, COUNTS + ", SUM(CASE WHEN l1.record_status = 'active' THEN 1 ELSE 0 END)"
            + " AS active_count, SUM(CASE WHEN l1.record_status = 'active' THEN 1 ELSE 0 END) / COUNT(*)"
            + " AS active_ratio", "{m} m LEFT JOIN level1 l1 ON m.l1_id = l1.id",
            " WHERE m.enum_field = {e} AND m.continent = {c}", " GROUP BY m.continent, m.year_field, m.enum_field"),

    UPDATE_MULTI_RIGHT_JOIN_PK(UPDATE_RIGHT),
    UPDATE_MULTI_LEFT_JOIN_PK(UPDATE_LEFT),
    UPDATE_MULTI_INNER_JOIN_PK(UPDATE_INNER);

    /** Whether a scenario returns a result set or changes rows. */
    public enum Kind { READ, WRITE }

    /** How a variant departs from its baseline. */
    public enum Force {
        /** Not a variant. */
        NONE,
        /** {@code *_forcing_order}: an optimizer hint, or the server's own means where hints are comments. */
        ORDER,
        /** {@code *_straight}: {@code STRAIGHT_JOIN} with the tables written in {@link #order()}. */
        STRAIGHT
    }

    private final Kind kind;
    private final String select;
    private final String from;
    private final String where;
    private final String tail;
    private final JoinScenario baseline;
    private final Force force;
    private final String levelsFirstFrom;
    private final List<String> order;

    JoinScenario(Kind kind, String select, String from, String where, String tail) {
        this.kind = kind;
        this.select = select;
        this.from = from;
        this.where = where;
        this.tail = tail;
        this.baseline = null;
        this.force = Force.NONE;
        this.levelsFirstFrom = null;
        this.order = List.of();
    }

    /** A variant: its baseline's select, FROM, WHERE and tail, plus a forcing. */
    JoinScenario(JoinScenario base, Force force, String levelsFirstFrom, String... order) {
        this.kind = base.kind;
        this.select = base.select;
        this.from = base.from;
        this.where = base.where;
        this.tail = base.tail;
        this.baseline = base;
        this.force = force;
        this.levelsFirstFrom = levelsFirstFrom;
        this.order = List.of(order);
    }

    /** A write: the whole statement. */
    JoinScenario(String update) {
        this.kind = Kind.WRITE;
        this.select = null;
        this.from = update;
        this.where = "";
        this.tail = "";
        this.baseline = null;
        this.force = Force.NONE;
        this.levelsFirstFrom = null;
        this.order = List.of();
    }

    /** @return the scenario's name as the reference spells it (= option name), e.g. {@code simple_inner_pk_GB} */
    public String scenarioName() {
        String n = name().toLowerCase(Locale.ROOT);
        return n.endsWith("_gb") ? n.substring(0, n.length() - 3) + "_GB" : n;
    }

    /** @return the option spelling clusterbench declares, e.g. {@code --simple-inner-pk-GB} */
    public String optionName() {
        return "--" + scenarioName().replace('_', '-');
    }

    /** @return READ or WRITE */
    public Kind kind() {
        return kind;
    }

    /** @return how this variant departs from its baseline, NONE for a baseline */
    public Force force() {
        return force;
    }

    /** @return the scenario whose query this variant forces, or null */
    public JoinScenario baseline() {
        return baseline;
    }

    /** @return the join order this variant asks for, as aliases; empty for a baseline */
    public List<String> order() {
        return order;
    }

    /** @return the FROM clause written in {@link #order()} (inner joins only), or null */
    String levelsFirstFrom() {
        return levelsFirstFrom;
    }

    String select() {
        return select;
    }

    String from() {
        return from;
    }

    String where() {
        return where;
    }

    String tail() {
        return tail;
    }

    /** @return the scenario with this name ({@code _} or {@code -}, any case), or null */
    public static JoinScenario byName(String name) {
        String n = name.replace('-', '_').toLowerCase(Locale.ROOT);
        for (JoinScenario s : values()) {
            if (s.scenarioName().toLowerCase(Locale.ROOT).equals(n)) {
                return s;
            }
        }
        return null;
    }

    /** @return every scenario name, in event order */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (JoinScenario s : values()) {
            names.add(s.scenarioName());
        }
        return names;
    }
}
