package io.clusterbench.workload.joins;

import io.clusterbench.workload.SessionContext;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rendering: parameters come from the run's seeded generator, so a seed fixes the statement stream. */
class JoinSqlTest {
    private static List<String> stream(long seed, int worker) {
        SplittableRandom rng = SessionContext.randomFor(seed, worker);
        List<String> out = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (JoinScenario s : JoinScenario.values()) {
                out.add(JoinSql.render(s, 1 + rng.nextInt(4), JoinSql.Form.STRAIGHT_JOIN, rng));
            }
            out.add(JoinSql.substitute(JoinShapes.INDEX_UPDATE, 1, rng));
        }
        return out;
    }

    @Test
    void sameSeedGivesTheSameParameterStream() {
        assertEquals(stream(42, 0), stream(42, 0));
        assertEquals(stream(42, 3), stream(42, 3));
        assertNotEquals(stream(42, 0), stream(43, 0));
        assertNotEquals(stream(42, 0), stream(42, 1));
    }

    @Test
    void everyTokenIsReplacedByALiteral() {
        for (String sql : stream(7, 0)) {
            assertFalse(sql.matches("(?s).*\\{[a-z]+}.*"), sql);
            assertTrue(sql.matches("(?s).*\\bmain[1-4]\\b.*"), sql);
        }
    }

    @Test
    void formsOfTheForcingVariants() {
        SplittableRandom a = new SplittableRandom(1);
        String hint = JoinSql.render(JoinScenario.SIMPLE_INNER_FORCING_ORDER, 2, JoinSql.Form.HINT, a);
        assertTrue(hint.startsWith("SELECT /*+ JOIN_ORDER(l1, m) */ "), hint);
        assertTrue(hint.contains(" FROM main2 m INNER JOIN level1 l1 "), hint);
        String straight = JoinSql.render(JoinScenario.SIMPLE_INNER_FORCING_ORDER, 2, JoinSql.Form.STRAIGHT_JOIN,
                new SplittableRandom(1));
        assertTrue(straight.startsWith("SELECT STRAIGHT_JOIN "), straight);
        assertTrue(straight.contains(" FROM level1 l1 INNER JOIN main2 m "), straight);
        assertEquals("hint", JoinSql.formLabel(JoinScenario.SIMPLE_INNER_FORCING_ORDER, JoinSql.Form.HINT));
        assertEquals("straight_join", JoinSql.formLabel(JoinScenario.SIMPLE_INNER_STRAIGHT, JoinSql.Form.HINT));
        assertEquals("plain", JoinSql.formLabel(JoinScenario.SIMPLE_INNER_PK, JoinSql.Form.HINT));
    }
}
