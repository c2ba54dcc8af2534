package io.clusterbench.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Passwords in error lines are masked where they stand as a word, never inside a longer name (a tester's sbtest/sbtest
 * account turned "table sbtest3 does not exist" into "table ***3 does not exist").
 */
class MaskedTest {

    @Test
    void thePasswordIsMaskedAsAWordAndAfterDashPButNotInsideANameThatContainsIt() {
        List<String> pw = List.of("sbtest");
        assertEquals("table sbtest3 does not exist", Main.masked("table sbtest3 does not exist", pw));
        // a database of the password's name is masked too: as a word the two cannot be told apart
        assertEquals("no database ***", Main.masked("no database sbtest", pw));
        assertEquals("Unknown option: '-p***'", Main.masked("Unknown option: '-psbtest'", pw));
        assertEquals("--password=*** is not valid", Main.masked("--password=sbtest is not valid", pw));
        assertEquals("access denied for 'sbtest3' using '***'", Main.masked("access denied for 'sbtest3' using 'sbtest'", pw));
        assertEquals("with the same --tables", Main.masked("with the same --tables", List.of("table")));
        assertEquals("secret *** here", Main.masked("secret p@ss! here", List.of("p@ss!")));
    }
}
