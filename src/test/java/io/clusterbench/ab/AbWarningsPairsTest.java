package io.clusterbench.ab;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * With more than two sides the check of unintended differences covers every pair, each line naming its pair; a
 * variable set per side on either side of a pair is intended for that pair only.
 */
class AbWarningsPairsTest {
    private static SideRecord side(String name, String flush, String sort, long bytes) {
        Map<String, String> vars = Map.of("version", "11.4.5-MariaDB", "innodb_flush_log_at_trx_commit", flush,
                "sort_buffer_size", sort);
        return new SideRecord(Side.of(name), "server", "/usr/sbin/mariadbd", List.of(), Map.of("endpoints", List.of()),
                "11.4.5-MariaDB", null, Map.of(), vars, List.of(new TableFacts("sbtest1", "InnoDB", "latin1_swedish_ci",
                "Dynamic", bytes)), Map.of());
    }

    @Test
    void everyPairIsCheckedAndNamed() {
        SideRecord a = side("A", "1", "262144", 1 << 20);
        SideRecord b = side("B", "1", "262144", 1 << 20);
        SideRecord c = side("C", "2", "524288", 2 << 20);
        Map<Side, List<String>> perSide = Map.of(Side.of("C"), List.of("--innodb-flush-log-at-trx-commit=2"));
        assertEquals(List.of(
                        "A and C differ in 1 server variable(s) you did not set per side: sort_buffer_size 262144 vs 524288"
                                + " (all in result.json sides[].variables)",
                        "A's and C's data sizes differ: A 1.0 MiB vs C 2.0 MiB (data + index)",
                        "B and C differ in 1 server variable(s) you did not set per side: sort_buffer_size 262144 vs 524288"
                                + " (all in result.json sides[].variables)",
                        "B's and C's data sizes differ: B 1.0 MiB vs C 2.0 MiB (data + index)"),
                AbWarnings.of(List.of(a, b, c), perSide));
        assertEquals(List.of("innodb_flush_log_at_trx_commit 1 vs 1 vs 2"),
                AbWarnings.intended(List.of(a, b, c), AbWarnings.names(List.of("--innodb-flush-log-at-trx-commit=2"))));
    }

    @Test
    void twoSidesKeepTheirWords() {
        SideRecord a = side("A", "1", "262144", 1 << 20);
        SideRecord b = side("B", "1", "524288", 2 << 20);
        assertEquals(List.of("the sides differ in 1 server variable(s) you did not set per side: sort_buffer_size 262144 "
                        + "vs 524288 (all in result.json sides[].variables)",
                "the sides' data sizes differ: A 1.0 MiB vs B 2.0 MiB (data + index)"), AbWarnings.of(List.of(a, b), Map.of()));
    }
}
