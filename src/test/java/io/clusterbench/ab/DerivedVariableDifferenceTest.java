package io.clusterbench.ab;

import io.clusterbench.result.DerivedVariables;
import io.clusterbench.result.VariableDiff;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A variable the server derives from one the user set per side (MariaDB's innodb_log_file_buffering from
 * innodb_flush_log_at_trx_commit) differs as a consequence: it is shown as following from it, never warned about as
 * an unintended difference.
 */
class DerivedVariableDifferenceTest {
    private static SideRecord side(Side side, String flush, String buffering, String other) {
        Map<String, String> vars = Map.of("version", "10.11.6-MariaDB", "innodb_flush_log_at_trx_commit", flush,
                "innodb_log_file_buffering", buffering, "sort_buffer_size", other);
        return new SideRecord(side, "server", "/usr/sbin/mariadbd", List.of("--innodb-flush-log-at-trx-commit=" + flush),
                Map.of("endpoints", List.of("127.0.0.1:3306")), "10.11.6-MariaDB", "MariaDB Server",
                SideRecord.compileInfo(vars), vars, List.of(), Map.of());
    }

    @Test
    void aDerivedDifferenceFollowsFromTheVariableSetPerSide() {
        SideRecord a = side(Side.A, "1", "OFF", "262144");
        SideRecord b = side(Side.B, "2", "ON", "262144");
        Set<String> meant = AbWarnings.names(List.of("--innodb-flush-log-at-trx-commit=1"));
        assertEquals(List.of(), AbWarnings.of(a, b, meant), "no unintended difference");
        assertEquals(List.of("innodb_flush_log_at_trx_commit 1 vs 2",
                        "innodb_log_file_buffering OFF vs ON (follows from innodb_flush_log_at_trx_commit)"),
                AbWarnings.intended(a, b, meant));
    }

    @Test
    void anUnsetDifferenceBesideItIsStillWarned() {
        SideRecord a = side(Side.A, "1", "OFF", "262144");
        SideRecord b = side(Side.B, "2", "ON", "2097152");
        List<String> w = AbWarnings.of(a, b, AbWarnings.names(List.of("--innodb-flush-log-at-trx-commit=1")));
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("1 server variable(s) you did not set per side: sort_buffer_size"), w.get(0));
    }

    @Test
    void withoutTheSourceSetTheDerivedDifferenceIsUnintended() {
        SideRecord a = side(Side.A, "1", "OFF", "262144");
        SideRecord b = side(Side.B, "1", "ON", "262144");
        List<String> w = AbWarnings.of(a, b, Set.of());
        assertTrue(w.get(0).contains("innodb_log_file_buffering OFF vs ON"), w.toString());
    }

    @Test
    void compareNotesTheDerivedDifference() {
        List<VariableDiff.Entry> diff = VariableDiff.of(List.of(
                Map.of("innodb_flush_log_at_trx_commit", "1", "innodb_log_file_buffering", "OFF"),
                Map.of("innodb_flush_log_at_trx_commit", "2", "innodb_log_file_buffering", "ON")));
        assertEquals(List.of("", "follows from innodb_flush_log_at_trx_commit"),
                diff.stream().map(e -> DerivedVariables.note(e, diff)).toList());
        assertEquals(Optional.empty(), DerivedVariables.followsFrom("innodb_log_file_buffering", List.of()));
    }
}
