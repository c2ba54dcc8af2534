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

    /**
     * The WORKLOAD parameter is declared once for every workload command ({@code WorkloadCommand.install}):
     * it stays required, its absence lists every registered workload, and so does run's help.
     */
    @Test
    void workloadParameterIsRequiredAndListsTheRegistry() {
        for (String command : new String[]{"run", "sweep", "ab", "prepare", "cleanup"}) {
            Cli.Result r = Cli.run(command);
            assertEquals(2, r.exitCode(), command + ": " + r.err());
            assertEquals("error: Missing required parameter: 'WORKLOAD' (one of "
                    + String.join(", ", io.clusterbench.runner.WorkloadRegistry.names()) + ") — see 'clusterbench "
                    + command + " --help'", r.err().strip(), command);
        }
        String run = Cli.run("run", "--help").out().replaceAll("\\s+", " ");
        assertTrue(run.contains(String.join(", ", io.clusterbench.runner.WorkloadRegistry.names())), run);
    }

    /**
     * A command line that names its command builds only that command (picocli's model of all of them cost
     * about 0.4 CPU s per start, docs/loading.md); help, no command and an unknown one still see them all.
     */
    @Test
    void onlyTheNamedCommandIsBuilt() {
        assertEquals(java.util.List.of(PrepareCommand.class),
                Main.commandsFor(new String[]{"--verbose", "prepare", "oltp_read_write", "--tables=1"}));
        assertEquals(java.util.List.of(SandboxCommand.class), Main.commandsFor(new String[]{"sandbox", "galera"}));
        assertEquals(java.util.List.of(), Main.commandsFor(new String[]{"--version"}));
        assertEquals(java.util.List.of(), Main.commandsFor(new String[]{"--verbose", "-V"}));
        for (String[] version : new String[][]{{"--version"}, {"-V"}, {"--verbose", "--version"}}) {
            Cli.Result r = Cli.run(version);
            assertEquals(0, r.exitCode(), r.err());
            assertEquals("clusterbench " + io.clusterbench.runner.Versions.CLUSTERBENCH, r.out().strip());
        }
        for (String[] all : new String[][]{{}, {"help", "prepare"}, {"--help"}, {"nosuch", "run"}, {"--version", "x"},
                {"--verbose"}}) {
            assertTrue(Main.commandsFor(all).size() > 10, String.join(" ", all));
        }
        Cli.Result unknown = Cli.run("nosuch");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().contains("choose one of prepare, prewarm, run, sweep"), unknown.err());
        Cli.Result verbose = Cli.run("--verbose", "cleanup", "--help");
        assertEquals(0, verbose.exitCode(), verbose.err());
    }

    /** Every command at every depth answers --help with exit 0 ({@code sandbox galera --help} once failed). */
    @Test
    void everySubcommandAtEveryDepthHasHelp() {
        java.util.List<String[]> paths = new java.util.ArrayList<>();
        collect(Main.tree(new Main.Factory(new CliEnv(java.util.Map.of(), null,
                new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()),
                io.clusterbench.lifecycle.Lifecycle.detached(), java.util.List.of()))),
                new java.util.ArrayList<>(), paths);
        assertTrue(paths.size() > 20, "found " + paths.size());
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            helpOfEach(paths);
        } finally {
            System.setErr(stderr);
        }
        assertTrue(!warnings.toString(java.nio.charset.StandardCharsets.UTF_8).contains("Could not format"),
                "a help text has an unescaped %: " + warnings);
    }

    /**
     * The sandbox's method subcommands bind their arguments (a help mixin added after construction once
     * shifted them: "internal error: argument type mismatch" for every node command).
     */
    @Test
    void sandboxNodeCommandsBindTheirArguments() {
        for (String[] args : new String[][]{{"kill", "n3"}, {"pause", "n3"}, {"resume", "n3"}, {"restart", "n3"},
                {"link", "n3", "off"}, {"partition", "n3"}, {"heal", "n3"}, {"slow", "n3", "30%"}, {"status"}}) {
            String[] line = new String[args.length + 3];
            line[0] = "sandbox";
            System.arraycopy(args, 0, line, 1, args.length);
            line[args.length + 1] = "--dir";
            line[args.length + 2] = "/nonexistent/clusterbench-sandbox";
            Cli.Result r = Cli.run(line);
            assertEquals(2, r.exitCode(), String.join(" ", line) + ": " + r.err());
            assertTrue(r.err().contains("no sandbox in"), r.err());
        }
    }

    private static void helpOfEach(java.util.List<String[]> paths) {
        for (String[] path : paths) {
            String[] args = java.util.Arrays.copyOf(path, path.length + 1);
            args[path.length] = "--help";
            Cli.Result r = Cli.run(args);
            assertEquals(0, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.out().contains("Usage:"), String.join(" ", args) + ": " + r.out());
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

    /**
     * No command declares {@code usageHelpAutoWidth}: picocli asks the terminal for its width ({@code stty -a},
     * two processes per start at a terminal) while it builds a model whose commands declare it, even when no
     * help is printed; {@code Main.execute} turns it on for the whole tree once the model is built, so help still
     * fits the terminal.
     */
    @Test
    void noCommandAsksTheTerminalForItsWidthWhileTheModelIsBuilt() {
        java.util.ArrayDeque<picocli.CommandLine> todo = new java.util.ArrayDeque<>();
        todo.add(Main.tree(new Main.Factory(new CliEnv(java.util.Map.of(), null,
                new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()),
                io.clusterbench.lifecycle.Lifecycle.detached(), java.util.List.of()))));
        int seen = 0;
        while (!todo.isEmpty()) {
            picocli.CommandLine c = todo.poll();
            todo.addAll(c.getSubcommands().values());
            Object user = c.getCommandSpec().userObject();
            Class<?> type = user instanceof java.lang.reflect.Method m ? m.getDeclaringClass() : user.getClass();
            picocli.CommandLine.Command a = type.getAnnotation(picocli.CommandLine.Command.class);
            if (a != null && !(user instanceof java.lang.reflect.Method)) {
                seen++;
                assertEquals(false, a.usageHelpAutoWidth(), type.getName());
            }
        }
        assertTrue(seen > 10, "walked " + seen + " commands");
    }
}
