package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command lists its options with defaults and units, and the exit codes. */
class HelpTest {
    @Test
    void everyCommandHasHelp() {
        for (String command : new String[]{"run", "prepare", "sweep", "cleanup", "check", "explain"}) {
            for (Cli.Result r : new Cli.Result[]{Cli.run(command, "--help"), Cli.run("help", command)}) {
                assertEquals(0, r.exitCode(), command + ": " + r.err());
                assertTrue(r.out().contains("clusterbench " + command + " WORKLOAD"), r.out());
                assertTrue(r.out().contains("Exit codes:") && r.out().contains("130"), command);
            }
        }
        String run = Cli.run("run", "--help").out().replaceAll("\\s+", " ");
        assertTrue(run.contains("--threads") && run.contains("Default: 1."), run);
        assertTrue(run.contains("--time=SECONDS") && run.contains("Default: 10."), run);
        assertTrue(run.contains("--rand-type") && run.contains("Default: special"), run);
        assertEquals(0, Cli.run("help").exitCode());
    }
}
