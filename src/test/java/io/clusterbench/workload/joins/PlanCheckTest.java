package io.clusterbench.workload.joins;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Static checks of hints and outer joins, and reading EXPLAIN FORMAT=JSON. */
class PlanCheckTest {
    @Test
    void aHintNamingTheTableInsteadOfItsAliasIsUnknown() {
        String sql = "SELECT /*+ JOIN_ORDER(level1, main3) */ m.id FROM main3 m INNER JOIN level1 l1 ON m.id = l1.parent_id";
        assertEquals(Set.of("m", "l1"), PlanCheck.aliases(sql));
        assertEquals(List.of("level1", "main3"), PlanCheck.unknownHintNames(sql));
        assertEquals(List.of(), PlanCheck.unknownHintNames(sql.replace("JOIN_ORDER(level1, main3)", "JOIN_ORDER(l1, m)")));
    }

    @Test
    void indexHintsNameATableFirst() {
        String sql = "SELECT /*+ NO_INDEX(x idx_a) BKA(l1) QB_NAME(qb) */ * FROM t x JOIN u l1 ON x.a = l1.a";
        assertEquals(List.of("x", "l1"), PlanCheck.hintTables(sql));
        assertEquals(List.of(), PlanCheck.unknownHintNames(sql));
    }

    @Test
    void outerJoinsAreCountedInTextAndRewrittenQuery() {
        assertEquals(2, PlanCheck.outerJoins("a LEFT JOIN b ON 1 RIGHT OUTER JOIN c ON 1 INNER JOIN d"));
        assertEquals(1, PlanCheck.rewrittenOuterJoins("select … from `x`.`a` left join `x`.`b` on(…) join `x`.`c`"));
    }

    @Test
    void readsTablesAccessAndKeysInJoinOrder() throws Exception {
        String json = "{\"query_block\":{\"select_id\":1,\"nested_loop\":[{\"table\":{\"table_name\":\"m\","
                + "\"access_type\":\"ref\",\"key\":\"comp_attributes\",\"rows\":10}},{\"table\":{\"table_name\":\"<derived2>\","
                + "\"access_type\":\"ALL\",\"rows\":5,\"materialized\":{\"query_block\":{\"nested_loop\":[{\"table\":"
                + "{\"table_name\":\"level1\",\"access_type\":\"ALL\"}}]}}}}]}}";
        List<PlanCheck.PlanTable> tables = PlanCheck.tables(new ObjectMapper().readTree(json));
        assertEquals(List.of("m", "<derived2>"), PlanCheck.joinOrder(tables));
        assertEquals(3, tables.size());
        assertEquals("m(ref comp_attributes)", tables.get(0).describe());
        assertTrue(tables.get(1).fullScan());
        assertTrue(!tables.get(2).topLevel() && tables.get(2).fullScan());
    }
}
