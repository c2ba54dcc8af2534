package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad numbers get one clear stderr line and exit 2, before any server is started. */
class InputIT {
    @Test
    void fractionalSecondsAreRefusedInWords() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--time", "1.5");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--time takes a whole number (got '1.5')"), r.err());
        assertTrue(!r.err().contains("not a long"), r.err());
    }

    @Test
    void emptyTablesAreRefused() {
        Cli.Result r = Cli.run("prepare", "oltp_point_select", "--table-size", "0");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--table-size must be >= 1 (got 0)"), r.err());
    }
}
