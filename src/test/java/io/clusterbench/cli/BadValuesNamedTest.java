package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A bad value is named with what was given and what to give instead, in one line, exit 2. */
class BadValuesNamedTest {
    private static String oneLine(Cli.Result r) {
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        return r.errLines().get(0);
    }

    @Test
    void aNegativeRateOrReportIntervalNamesTheValueGiven() {
        String line = oneLine(Cli.run("run", "oltp_point_select", "--rate", "-3", "--report-interval", "-1"));
        assertTrue(line.contains("--rate must be >= 0 events/s, 0 for as fast as possible (got -3)"), line);
        assertTrue(line.contains("--report-interval must be >= 0 seconds, 0 for none (got -1)"), line);
    }

    @Test
    void aRunWithoutAnEndSaysWhatToGive() {
        String line = oneLine(Cli.run("run", "oltp_point_select", "--time", "0"));
        assertTrue(line.contains("give --time SECONDS or --events N"), line);
    }

    @Test
    void aRepeatBelowOneIsNamedAloneWithItsValue() {
        for (String[] command : new String[][] {{"sweep"}, {"ab"}, {"capacity", "--target-p99", "20ms"}}) {
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(command[0], "oltp_point_select",
                    "--repeat", "0"));
            args.addAll(java.util.Arrays.asList(command).subList(1, command.length));
            String line = oneLine(Cli.run(args.toArray(String[]::new)));
            assertTrue(line.contains("--repeat must be >= 1 (got 0)"), line);
            assertFalse(line.contains("--quiet-timeout"), "the quiet timeout was not given: " + line);
        }
    }

    @Test
    void aMissingWorkloadListsTheWorkloads() {
        for (String command : new String[] {"run", "prepare", "sweep"}) {
            String line = oneLine(Cli.run(command));
            assertTrue(line.contains("'WORKLOAD' (one of oltp_point_select, ") && line.contains("tpcc"), line);
        }
    }
}
