package io.clusterbench.metrics;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One error, one count: the code view and the place views of one detail snapshot agree (issue 12). */
class ErrorCountsTest {
    private static final List<String> CLASSES = List.of("new_order", "payment", "no_item", "pay_district_update");

    @Test
    void placesAddUpToTheCodeCountAndNameTheCommit() {
        ErrorCounts e = new ErrorCounts();
        e.count("1213/40001", ErrorCounts.COMMIT, 0);
        e.count("1213/40001", 2, 0);
        e.count("1213/40001", 3, 1);
        e.count("1213/40001", 3, 1);
        e.count("1213/40001", -1, -1); // a session that names no statement
        e.count("2013/HY000");          // a reconnect failure: no place
        Map<String, Long> detail = e.detail();
        assertEquals(Map.of("1213/40001", 5L, "2013/HY000", 1L), e.snapshot());
        assertEquals(e.snapshot(), ErrorCounts.byCode(detail));
        assertEquals(Map.of("1213/40001", Map.of("commit", 1L, "no_item", 1L, "pay_district_update", 2L, "unknown", 1L)),
                ErrorCounts.places(detail, CLASSES, false));
        assertEquals(Map.of("1213/40001", Map.of("new_order", 2L, "payment", 2L)),
                ErrorCounts.places(detail, CLASSES, true), "events without a type are left out of the type view");
    }
}
