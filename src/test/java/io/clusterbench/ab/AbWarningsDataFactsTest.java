package io.clusterbench.ab;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Two sides with the same rows read their key spaces in different times: that is no difference in data. */
class AbWarningsDataFactsTest {
    @Test
    void readingTimesAreNotData() {
        Map<String, Object> a = Map.of("sbtest1.rows", 1000, "sbtest1.keySpaceLoadMillis", 11,
                "sbtest2", Map.of("rows", 5, "keySpaceLoadMillis", 3));
        Map<String, Object> b = Map.of("sbtest1.rows", 1000, "sbtest1.keySpaceLoadMillis", 2,
                "sbtest2", Map.of("rows", 5, "keySpaceLoadMillis", 9));
        assertEquals(AbWarnings.dataFacts(a), AbWarnings.dataFacts(b));
    }

    @Test
    void rowCountsStillDiffer() {
        assertNotEquals(AbWarnings.dataFacts(Map.of("sbtest1.rows", 1000)),
                AbWarnings.dataFacts(Map.of("sbtest1.rows", 999)));
    }
}
