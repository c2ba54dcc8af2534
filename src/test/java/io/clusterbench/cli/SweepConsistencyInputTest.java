package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code sweep --consistency} as a list: a repeated or invalid level is one line on stderr and exit 2. */
class SweepConsistencyInputTest {
    @Test
    void aRepeatedLevelIsRefused() {
        Cli.Result r = Cli.run("sweep", "oltp_read_only", "--threads", "1", "--consistency", "0,1,0");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("level 0 is given twice"), r.err());
        assertEquals(1, r.err().strip().lines().filter(l -> l.startsWith("error")).count(), r.err());
    }

    @Test
    void anInvalidLevelInTheListIsRefused() {
        Cli.Result r = Cli.run("sweep", "oltp_read_only", "--threads", "1", "--consistency", "0,99");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("invalid --consistency '99'"), r.err());
    }
}
