package io.clusterbench.workload.joins;

/**
 * SQL fragments the scenario table ({@link JoinScenario}) is built from. Tokens: {@code {m}} is the main
 * table ({@code main<n>}); {@code {c}} a continent, {@code {s}} a {@code record_status}, {@code {e}} an
 * {@code enum_field} value and {@code {col}} a colour, each drawn from the run's seeded generator in text
 * order ({@link JoinSql}). Aliases are fixed: {@code m} for the main table, {@code l1}..{@code l5} for the
 * level tables.
 *
 * <p>Immutable constants.
 */
final class JoinShapes {
    /** Select list of the row-returning ("no GB") scenarios. */
    static final String ROWS = "m.id, m.continent, m.year_field, m.enum_field, l1.id AS l1_match, "
            + "l1.record_value AS l1_value";
    /** Tail of the row-returning scenarios. */
    static final String ROWS_TAIL = " ORDER BY m.year_field DESC, m.id LIMIT 100";
    /** Tail of the grouped ("GB") scenarios. */
    static final String GB_TAIL = " GROUP BY m.continent, m.year_field, m.enum_field"
            + " ORDER BY m.year_field DESC, m.continent, m.enum_field LIMIT 100";
    /** Count-only select list (semi and anti joins). */
    static final String COUNTS = "m.continent, m.year_field, m.enum_field, COUNT(*) AS row_count";
    static final String WHERE_CONTINENT = " WHERE m.continent = {c}";

    // ---- inner joins ----
    static final String INNER_PK1 = "{m} m INNER JOIN level1 l1 ON m.l1_id = l1.id AND l1.record_status = {s}";
    static final String INNER_PK5 = INNER_PK1 + pkChain("INNER", 2);
    static final String INNER_IDX1 = "{m} m INNER JOIN level1 l1 ON m.id = l1.parent_id AND l1.record_status = {s}";
    static final String INNER_IDX5 = INNER_IDX1 + parentChain("INNER", 2);
    /** {@link #INNER_IDX1} written with level1 first (same tables, same predicates, same token order). */
    static final String INNER_IDX1_LEVELS_FIRST =
            "level1 l1 INNER JOIN {m} m ON m.id = l1.parent_id AND l1.record_status = {s}";
    /** {@link #INNER_IDX5} written leaf first: level5, level4 … level1, main last. */
    static final String INNER_IDX5_LEVELS_FIRST = "level5 l5 INNER JOIN level4 l4 ON l5.parent_id = l4.id"
            + " INNER JOIN level3 l3 ON l4.parent_id = l3.id INNER JOIN level2 l2 ON l3.parent_id = l2.id"
            + " INNER JOIN level1 l1 ON l2.parent_id = l1.id AND l1.record_status = {s}"
            + " INNER JOIN {m} m ON l1.parent_id = m.id";

    // ---- left joins: m is preserved; WHERE filters m only ----
    static final String LEFT_PK1 = "{m} m LEFT JOIN level1 l1 ON m.l1_id = l1.id AND m.enum_field = {e}";
    static final String LEFT_PK5 = LEFT_PK1 + pkChain("LEFT", 2);
    static final String LEFT_IDX1 = "{m} m LEFT JOIN level1 l1 ON m.id = l1.parent_id AND m.enum_field = {e}";
    static final String LEFT_IDX5 = LEFT_IDX1 + parentChain("LEFT", 2);

    // ---- right joins: the mirror of the left ones, m (rightmost) preserved ----
    static final String RIGHT_PK1 =
            "level1 l1 RIGHT JOIN {m} m ON m.l1_id = l1.id AND m.enum_field = {e} AND l1.continent = {c}";
    static final String RIGHT_PK5 = "level5 l5 RIGHT JOIN level4 l4 ON l4.l5_id = l5.id"
            + " RIGHT JOIN level3 l3 ON l3.l4_id = l4.id RIGHT JOIN level2 l2 ON l2.l3_id = l3.id"
            + " RIGHT JOIN level1 l1 ON l1.l2_id = l2.id RIGHT JOIN {m} m ON m.l1_id = l1.id AND m.enum_field = {e}";
    static final String RIGHT_IDX1 =
            "level1 l1 RIGHT JOIN {m} m ON m.id = l1.parent_id AND m.enum_field = {e} AND l1.continent = {c}";
    static final String RIGHT_IDX5 = "level5 l5 RIGHT JOIN level4 l4 ON l5.parent_id = l4.id"
            + " RIGHT JOIN level3 l3 ON l4.parent_id = l3.id RIGHT JOIN level2 l2 ON l3.parent_id = l2.id"
            + " RIGHT JOIN level1 l1 ON l2.parent_id = l1.id RIGHT JOIN {m} m ON l1.parent_id = m.id"
            + " AND m.enum_field = {e}";

    // ---- derived tables ----
    static final String DERIVED_M = "(SELECT id, l1_id, continent, year_field, enum_field FROM {m}"
            + " WHERE enum_field = {e} AND continent = {c}) m";
    static final String DERIVED_L1 = "(SELECT id, l2_id, record_value FROM level1) l1";
    static final String SUBQ_INNER = DERIVED_M + " INNER JOIN " + DERIVED_L1 + " ON m.l1_id = l1.id"
            + pkChain("INNER", 2);
    static final String SUBQ_LEFT = DERIVED_M + " LEFT JOIN " + DERIVED_L1 + " ON m.l1_id = l1.id"
            + pkChain("LEFT", 2);
    static final String SUBQ_RIGHT = "level5 l5 RIGHT JOIN level4 l4 ON l4.l5_id = l5.id"
            + " RIGHT JOIN level3 l3 ON l3.l4_id = l4.id RIGHT JOIN level2 l2 ON l2.l3_id = l3.id"
            + " RIGHT JOIN " + DERIVED_L1 + " ON l1.l2_id = l2.id RIGHT JOIN " + DERIVED_M + " ON m.l1_id = l1.id";

    // ---- writes: UPDATE main JOIN (aggregate over the join) ----
    static final String UPDATE_INNER = "UPDATE {m} m JOIN (SELECT mm.id, SUM(l1.record_value + l5.record_value)"
            + " AS total FROM {m} mm INNER JOIN level1 l1 ON mm.l1_id = l1.id AND l1.record_status = {s}"
            + pkChain("INNER", 2) + " WHERE mm.continent = {c} AND l5.record_priority > 9 GROUP BY mm.id) c"
            + " ON m.id = c.id SET m.myvalue = c.total";
    static final String UPDATE_LEFT = "UPDATE {m} m JOIN (SELECT mm.id, SUM(COALESCE(l1.record_value, 0)"
            + " + COALESCE(l5.record_value, 0)) AS total FROM {m} mm LEFT JOIN level1 l1 ON mm.l1_id = l1.id"
            + " AND l1.record_status = {s} LEFT JOIN level2 l2 ON l1.l2_id = l2.id"
            + " LEFT JOIN level3 l3 ON l2.l3_id = l3.id LEFT JOIN level4 l4 ON l3.l4_id = l4.id"
            + " LEFT JOIN level5 l5 ON l4.l5_id = l5.id AND l5.record_priority > 9"
            + " WHERE mm.continent = {c} GROUP BY mm.id) c ON m.id = c.id SET m.myvalue = c.total";
    static final String UPDATE_RIGHT = "UPDATE {m} m JOIN (SELECT mm.id, SUM(COALESCE(l1.record_value, 0)"
            + " + COALESCE(l5.record_value, 0)) AS total FROM level5 l5 RIGHT JOIN level4 l4"
            + " ON l4.l5_id = l5.id AND l5.record_priority > 9 RIGHT JOIN level3 l3 ON l3.l4_id = l4.id"
            + " RIGHT JOIN level2 l2 ON l2.l3_id = l3.id RIGHT JOIN level1 l1 ON l1.l2_id = l2.id"
            + " RIGHT JOIN {m} mm ON mm.l1_id = l1.id AND l1.record_status = {s}"
            + " WHERE mm.continent = {c} GROUP BY mm.id) c ON m.id = c.id SET m.myvalue = c.total";

    /** {@code index_updates}: the reference's statement, with ORDER BY id so LIMIT picks the same rows everywhere. */
    static final String INDEX_UPDATE = "UPDATE {m} SET varchar_field = {v} WHERE color = {col} AND continent = {c}"
            + " AND enum_field = {e} ORDER BY id LIMIT 10";

    private JoinShapes() {
    }

    /** @return the select list of a grouped scenario over {@code levels} level tables, each summed once */
    static String grouped(int levels) {
        StringBuilder b = new StringBuilder(COUNTS);
        for (int k = 1; k <= levels; k++) {
            b.append(", SUM(l").append(k).append(".record_value) AS l").append(k).append("_sum");
        }
        return b.toString();
    }

    /** PK chain from level{@code from-1} to level5: {@code l(k-1).lk_id = lk.id}. */
    static String pkChain(String kind, int from) {
        StringBuilder b = new StringBuilder();
        for (int k = from; k <= 5; k++) {
            b.append(' ').append(kind).append(" JOIN level").append(k).append(" l").append(k).append(" ON l")
                    .append(k - 1).append(".l").append(k).append("_id = l").append(k).append(".id");
        }
        return b.toString();
    }

    /** Parent chain from level{@code from-1} to level5: {@code lk.parent_id = l(k-1).id}. */
    static String parentChain(String kind, int from) {
        StringBuilder b = new StringBuilder();
        for (int k = from; k <= 5; k++) {
            b.append(' ').append(kind).append(" JOIN level").append(k).append(" l").append(k).append(" ON l")
                    .append(k).append(".parent_id = l").append(k - 1).append(".id");
        }
        return b.toString();
    }
}
