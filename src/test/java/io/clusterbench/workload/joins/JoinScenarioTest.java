package io.clusterbench.workload.joins;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scenario table and the reference defects it fixes (shared/reference/joins.md). */
class JoinScenarioTest {
    private static final Pattern ON_CLAUSE = Pattern.compile(
            " ON (.*?)(?= (?:INNER|LEFT|RIGHT) JOIN | WHERE | GROUP BY | ORDER BY |$)");

    @Test
    void fortyOneScenariosWithTheReferenceNames() {
        List<String> names = JoinScenario.names();
        assertEquals(41, names.size());
        assertEquals(41, new HashSet<>(names).size());
        assertTrue(names.contains("simple_inner_pk_GB"));
        assertEquals("--simple-inner-pk-GB", JoinScenario.SIMPLE_INNER_PK_GB.optionName());
        for (JoinScenario s : JoinScenario.values()) {
            assertEquals(s, JoinScenario.byName(s.scenarioName()));
            assertEquals(s, JoinScenario.byName(s.optionName().substring(2)));
        }
        assertEquals(38, names.stream().filter(n -> JoinScenario.byName(n).kind() == JoinScenario.Kind.READ).count());
    }

    @Test
    void hintsNameTheAliasesTheQueryUses() {
        for (JoinScenario s : JoinScenario.values()) {
            String sql = JoinSql.render(s, 1, JoinSql.Form.HINT, new java.util.SplittableRandom(1));
            assertEquals(List.of(), PlanCheck.unknownHintNames(sql), s.scenarioName() + ": " + sql);
            if (s.force() == JoinScenario.Force.ORDER) {
                assertTrue(sql.contains("/*+ JOIN_ORDER(" + String.join(", ", s.order()) + ") */"), sql);
                assertFalse(sql.contains("JOIN_ORDER(main") || sql.contains("JOIN_ORDER(level"), sql);
            }
        }
    }

    @Test
    void variantsKeepTheirBaselineShape() {
        for (JoinScenario s : JoinScenario.values()) {
            if (s.force() == JoinScenario.Force.NONE) {
                continue;
            }
            JoinScenario base = s.baseline();
            assertNotNull(base, s.scenarioName());
            for (JoinSql.Form form : JoinSql.Form.values()) {
                String variant = JoinSql.template(s, form);
                String baseline = JoinSql.template(base, form);
                assertEquals(PlanCheck.aliases(baseline.replace("{m}", "main1")),
                        PlanCheck.aliases(variant.replace("{m}", "main1")), s.scenarioName());
                assertEquals(predicates(baseline), predicates(variant), s.scenarioName() + " " + form);
                assertEquals(tokens(baseline), tokens(variant), "same parameters in the same order: " + s);
                assertEquals(tail(baseline), tail(variant), s.scenarioName());
                assertEquals(selectList(baseline), selectList(variant), s.scenarioName());
            }
        }
    }

    @Test
    void outerJoinsFilterOnlyThePreservedSideInWhere() {
        for (JoinScenario s : JoinScenario.values()) {
            String sql = JoinSql.template(s, JoinSql.Form.STRAIGHT_JOIN);
            if (PlanCheck.outerJoins(sql) == 0) {
                continue;
            }
            Matcher where = Pattern.compile(" WHERE (.*?)(?: GROUP BY | ORDER BY |\\) c ON |$)").matcher(sql);
            while (where.find()) {
                String filter = where.group(1).replace("l1.id IS NULL", "");
                if (filter.startsWith("enum_field = ")) {
                    continue; // inside the derived main table: filters the preserved side itself
                }
                assertFalse(Pattern.compile("\\bl\\d\\.").matcher(filter).find(),
                        s.scenarioName() + " filters a non-preserved table in WHERE: " + filter);
            }
        }
    }

    @Test
    void noDuplicatedSelectItems() {
        for (JoinScenario s : JoinScenario.values()) {
            if (s.kind() == JoinScenario.Kind.WRITE) {
                continue;
            }
            List<String> items = selectList(JoinSql.template(s, JoinSql.Form.HINT));
            assertEquals(items.size(), new HashSet<>(items).size(), s.scenarioName() + ": " + items);
            Set<String> labels = new HashSet<>();
            for (String item : items) {
                String label = item.contains(" AS ") ? item.substring(item.lastIndexOf(" AS ") + 4) : item;
                assertTrue(labels.add(label), s.scenarioName() + " repeats the column " + label);
            }
        }
    }

    @Test
    void rightSubqueryJoinsTheL1Reference() {
        String sql = JoinSql.template(JoinScenario.RIGHT_SUBQUERY_MULTI_PK, JoinSql.Form.HINT);
        assertTrue(sql.contains("ON m.l1_id = l1.id"), sql);
        assertFalse(sql.contains("parent_id = m.l1_id"), sql);
    }

    /** @return the join predicates, each equality normalised so {@code a = b} equals {@code b = a} */
    static Set<String> predicates(String sql) {
        Set<String> out = new TreeSet<>();
        Matcher m = ON_CLAUSE.matcher(sql);
        while (m.find()) {
            for (String p : m.group(1).split(" AND ")) {
                String[] sides = p.split(" = ");
                if (sides.length == 2 && sides[0].compareTo(sides[1]) > 0) {
                    p = sides[1] + " = " + sides[0];
                }
                out.add(p.strip());
            }
        }
        return out;
    }

    private static List<String> tokens(String sql) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\\{(?!m})[a-z]+}").matcher(sql);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static String tail(String sql) {
        int w = sql.indexOf(" WHERE ");
        return w < 0 ? "" : sql.substring(w);
    }

    private static List<String> selectList(String sql) {
        String s = sql.replaceFirst("^SELECT (STRAIGHT_JOIN |/\\*\\+.*?\\*/ )?", "");
        s = s.substring(0, s.indexOf(" FROM "));
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == ',' && depth == 0) {
                items.add(s.substring(start, i).strip().toLowerCase(Locale.ROOT));
                start = i + 1;
            }
        }
        items.add(s.substring(start).strip().toLowerCase(Locale.ROOT));
        return items;
    }
}
