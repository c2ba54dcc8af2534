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

    /** Every command at every depth answers --help with exit 0 ({@code sandbox galera --help} once failed). */
    @Test
    void everySubcommandAtEveryDepthHasHelp() {
        java.util.List<String[]> paths = new java.util.ArrayList<>();
        collect(new picocli.CommandLine(new Main(), new Main.Factory(new CliEnv(java.util.Map.of(), null,
                new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()),
                CliEnv.Hooks.NONE, java.util.List.of()))),
                new java.util.ArrayList<>(), paths);
        assertTrue(paths.size() > 20, "found " + paths.size());
        for (String[] path : paths) {
            String[] args = java.util.Arrays.copyOf(path, path.length + 1);
            args[path.length] = "--help";
            Cli.Result r = Cli.run(args);
            assertEquals(0, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.out().contains("Usage:"), String.join(" ", args) + ": " + r.out());
            assertTrue(!r.out().contains("%n") && !r.err().contains("Could not format"),
                    String.join(" ", args) + ": help text with an unescaped %: " + r.out() + r.err());
        }
    }

    private static void collect(picocli.CommandLine line, java.util.List<String> prefix, java.util.List<String[]> out) {
        for (var e : line.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) {
                continue;
            }
            java.util.List<String> path = new java.util.ArrayList<>(prefix);
            path.add(e.getKey());
            out.add(path.toArray(new String[0]));
            collect(e.getValue(), path, out);
        }
    }
}
