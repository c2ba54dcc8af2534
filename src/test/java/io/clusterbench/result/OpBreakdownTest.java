package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import static io.clusterbench.result.OpBreakdown.Op.DDL;
import static io.clusterbench.result.OpBreakdown.Op.DELETE;
import static io.clusterbench.result.OpBreakdown.Op.INSERT;
import static io.clusterbench.result.OpBreakdown.Op.OTHER;
import static io.clusterbench.result.OpBreakdown.Op.READ;
import static io.clusterbench.result.OpBreakdown.Op.UPDATE;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Statement classes of every family land in the operation kind field reports use (issue 13). */
class OpBreakdownTest {
    @Test
    void classesOfEveryFamilyAreClassified() {
        Object[][] cases = {
                {"point_select", READ}, {"simple_range", READ}, {"index_update", UPDATE},
                {"non_index_update", UPDATE}, {"delete", DELETE}, {"insert", INSERT}, {"begin", OTHER},
                {"commit", OTHER}, {"begin_read_only", OTHER},
                {"no_district_for_update", READ}, {"no_stock_update", UPDATE}, {"no_order_line_insert", INSERT},
                {"dl_new_order_delete", DELETE}, {"customer_by_name", READ},
                {"ddl_create", DDL}, {"ddl_force", DDL}, {"ddl_drop", DDL}, {"ddl_load", INSERT},
                {"bigtrx_insert", INSERT}, {"bigtrx_update", UPDATE}, {"bigtrx_delete", DELETE},
                {"bigtrx_commit", OTHER}, {"update_multi_left_join_pk", UPDATE}, {"simple_inner_pk", READ},
        };
        for (Object[] c : cases) {
            assertEquals(c[1], OpBreakdown.of((String) c[0]), (String) c[0]);
        }
    }
}
