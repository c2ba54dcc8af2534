package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Help in sections, with only the chosen workload's own options; options owned by registered families. */
class WorkloadHelpTest {
    @Test
    void helpOfOneWorkloadListsOnlyItsFamilysOptions() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--help");
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        int connection = out.indexOf("Connection:");
        int control = out.indexOf("Run control:");
        int output = out.indexOf("Output:");
        int oltp = out.indexOf("OLTP options");
        assertTrue(connection >= 0 && connection < control && control < output && output < oltp, out);
        assertTrue(out.contains("--table-size") && out.contains("--threads") && out.contains("--host"), out);
        assertFalse(out.contains("--trx-level") || out.contains("--weights") || out.contains("--scale"), out);
        assertFalse(out.contains("--scenarios") || out.contains("--join-forcing"), out);
    }

    @Test
    void tpccHelpShowsTheSharedTableOptionsButNoOltpCounts() {
        String out = Cli.run("run", "tpcc", "--help").out();
        assertTrue(out.contains("--trx-level") && out.contains("--tables") && out.contains("--storage-engine"), out);
        assertFalse(out.contains("--point-selects") || out.contains("--scenarios"), out);
    }

    @Test
    void helpWithoutAWorkloadListsEveryFamily() {
        String out = Cli.run("help", "sweep").out();
        assertTrue(out.contains("OLTP options") && out.contains("Joins options") && out.contains("TPC-C options"), out);
        assertTrue(out.contains("--repeat") && out.contains("--quiet-timeout"), out);
    }

    @Test
    void joinsScenarioCountsAreGeneratedOptions() {
        Cli.Result unknown = Cli.run("run", "joins", "--simple_inner_foo=1");
        assertEquals(2, unknown.exitCode(), unknown.err());
        assertTrue(unknown.err().contains("unknown joins scenario or option 'simple_inner_foo'"), unknown.err());
        Cli.Result bad = Cli.run("run", "joins", "--simple_inner_pk_GB=-1");
        assertEquals(2, bad.exitCode(), bad.err());
        assertTrue(bad.err().contains("--simple-inner-pk-GB -1"), bad.err());
    }
}
