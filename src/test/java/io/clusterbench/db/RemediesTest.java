package io.clusterbench.db;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One row per code of the remedies table; schema and configuration errors never suggest --ignore-errors. */
class RemediesTest {
    @ParameterizedTest
    @ValueSource(ints = {1005, 1045, 1049, 1054, 1062, 1064, 1146, 1173, 1180, 1205, 1213, 1286, 1290, 1461, 1478, 2013,
            3100, 3101, 4062})
    void everyListedCodeHasItsOwnRemedy(int code) {
        Remedies.Remedy r = Remedies.of(code);
        assertNotNull(r, "no row for " + code);
        String hint = Remedies.hint(code, "db1:3306");
        assertFalse(hint.startsWith("look up"), hint);
        assertEquals(r.expectedUnderLoad(), hint.contains("--ignore-errors"), code + ": " + hint);
    }

    @ParameterizedTest
    @ValueSource(ints = {1005, 1045, 1049, 1054, 1064, 1146, 1173, 1286, 1290, 1461, 1478, 4062})
    void schemaPrivilegeAndConfigurationErrorsAreNeverToBeIgnored(int code) {
        assertFalse(Remedies.hint(code, "x").contains("--ignore-errors"), Remedies.hint(code, "x"));
    }

    @Test
    void specificRemedies() {
        assertTrue(Remedies.hint(1290, "db2:3306").contains("db2:3306"));
        assertTrue(Remedies.hint(1173, null).contains("--force-pk"));
        assertTrue(Remedies.hint(1461, null).contains("max_prepared_stmt_count"));
        assertFalse(Remedies.hint(1062, null).contains("--skip-trx"), "no --skip-trx blamed without evidence");
        assertTrue(Remedies.hint(3101, null).contains("Group Replication"));
        assertTrue(Remedies.hint(1045, null).contains("--ssl-mode=REQUIRED"));
        assertTrue(Remedies.hint(9999, null).contains("never for a schema"));
    }

    @Test
    void readsCodeAndEndpointOfAnErrorLine() {
        String line = "1290/HY000 at 127.0.0.1:3306: The MariaDB server is running with the --read-only option";
        assertEquals(1290, Remedies.codeOf(line));
        assertEquals("127.0.0.1:3306", Remedies.endpointOf(line));
        assertNull(Remedies.endpointOf("1062/23000: Duplicate entry at index"));
        assertEquals(-1, Remedies.codeOf("reconnect failed"));
    }

    @Test
    void aDuplicateKeyNamesTheCauseTheEvidenceShows() {
        String zero = Remedies.hint(1062, "h:1", "1062/23000 at h:1: Duplicate entry '0' for key 'PRIMARY'", false);
        assertTrue(zero.contains("NO_AUTO_VALUE_ON_ZERO") && !zero.contains("--skip-trx"), zero);
        String skip = Remedies.hint(1062, "h:1", "1062/23000 at h:1: Duplicate entry '42' for key 'PRIMARY'", true);
        assertTrue(skip.contains("with --skip-trx on"), skip);
        String off = Remedies.hint(1062, "h:1", "1062/23000 at h:1: Duplicate entry '42' for key 'PRIMARY'", false);
        assertFalse(off.contains("--skip-trx") || off.contains("NO_AUTO_VALUE_ON_ZERO"), off);
    }

    @Test
    void anOptionThatPreventsAStatementIsNamedAsTheServerNamesIt() {
        String ro = Remedies.hint(1290, "h:1", "1290/HY000 at h:1: The MariaDB server is running with the "
                + "--read-only option so it cannot execute this statement", false);
        assertTrue(ro.contains("h:1 is read-only"), ro);
        String other = Remedies.hint(1290, "h:1", "1290/HY000 at h:1: The MariaDB server is running with the "
                + "--secure-file-priv option so it cannot execute this statement", false);
        assertTrue(other.contains("h:1 runs with --secure-file-priv") && !other.contains("read-only"), other);
    }

    @Test
    void statementErrorsNeverBlameReachability() {
        for (int code : new int[]{1461, 1290, 1205, 1146, 1062}) {
            assertFalse(Remedies.hint(code, "h:1", null, false).contains("unreachable"), code + "");
        }
    }
}
