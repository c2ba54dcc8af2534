package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad tpcc options are one stderr line and exit 2, before anything connects (no server needed). */
class TpccOptionsTest {
    private static void assertUsageError(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void everyInvalidValueIsReportedAtOnce() {
        Cli.Result r = Cli.run("run", "tpcc", "--scale", "0", "--trx-level", "XX", "--use-fk", "maybe",
                "--home-warehouse", "mine");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("--scale must be") && r.err().contains("--trx-level must be RR, RC or SER")
                && r.err().contains("--use-fk must be on or off") && r.err().contains("--home-warehouse"), r.err());
    }

    @Test
    void badWeightsAreAUsageError() {
        assertUsageError("invalid --weights '1,2'", "run", "tpcc", "--weights", "1,2");
        assertUsageError("purge is off", "run", "tpcc", "--weights", "purge=5");
    }

    @Test
    void sysbenchTpccSpellingsAreAccepted() {
        // --use_fk=1 --trx_level=RC parse; the bad --scale proves the options were read, not rejected as unknown
        assertUsageError("--scale must be", "tpcc", "--use_fk=1", "--trx_level=RC", "--enable_purge=yes",
                "--scale=-1", "run");
    }

    @Test
    void helpNamesTheTpccOptionsAndTheCheckCommand() {
        Cli.Result r = Cli.run("help", "check");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("--scale") && r.out().contains("Exit codes"), r.out());
        Cli.Result run = Cli.run("help", "run");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("--trx-level") && run.out().contains("--weights"), run.out());
    }

    @Test
    void checkAcceptsOnlyTpcc() {
        assertUsageError("check supports only the tpcc workload", "check", "oltp_read_write");
    }

    @Test
    void loadFromScaleMustBeWithinTheScale() {
        assertUsageError("--load-from-scale must be 1-2", "prepare", "tpcc", "--scale", "2", "--load-from-scale", "3");
    }
}
