package io.clusterbench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * As sysbench accepts every option with every command (one variable of options serves a rig's prepare, run and
 * cleanup), every command that takes a workload, and every command a rig points at the same server (inspect,
 * explain, the probes), parses every option of {@code run} (run control, cluster, shard, metrics, background,
 * connection and every family's options) and a workload word, and names those it does not act on in one note, as
 * they were typed. Parses only; runs nothing.
 */
class EveryCommandTakesEveryRunOptionTest {
    private static final List<String> COMMANDS = List.of("run", "prepare", "prewarm", "cleanup", "check", "sweep",
            "ab", "inspect", "explain", "probe stale-reads", "probe anomalies");

    private static CliEnv env(StringWriter out) {
        return new CliEnv(Map.of(), null, new PrintWriter(out, true), new PrintWriter(Writer.nullWriter()),
                io.clusterbench.lifecycle.Lifecycle.detached(), List.of());
    }

    /** @return the whole command tree as {@code Main.execute} builds it */
    private static CommandLine tree(StringWriter out) {
        CommandLine cli = Main.tree(new Main.Factory(env(out)));
        WorkloadCommand.install(cli);
        InertOptions.install(cli);
        cli.setOverwrittenOptionsAllowed(true); // as Main: a repeated option's last value wins, as in sysbench
        return cli;
    }

    /** @return every option of {@code run} with a value its type accepts, as {@code --name=value} or a flag */
    private static List<String> everyRunOption() {
        List<String> args = new ArrayList<>();
        for (OptionSpec o : tree(new StringWriter()).getSubcommands().get("run").getCommandSpec().options()) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            String name = o.longestName();
            if (o.arity().max() == 0) {
                args.add(name);
            } else {
                args.add(name + "=" + sample(o));
            }
        }
        return args;
    }

    private static String sample(OptionSpec o) {
        Class<?> type = o.type();
        if (type.isEnum()) {
            return type.getEnumConstants()[0].toString();
        }
        if (o.defaultValue() != null && !o.defaultValue().isEmpty()) {
            return o.defaultValue();
        }
        if (type == Path.class) {
            return "/tmp/cb-parse";
        }
        return Number.class.isAssignableFrom(type) || type.isPrimitive() || List.class.isAssignableFrom(type) ? "1" : "x";
    }

    @Test
    void everyCommandParsesEveryRunOption() {
        List<String> options = everyRunOption();
        assertTrue(options.size() > 80, "run's options: " + options);
        for (String command : COMMANDS) {
            CommandLine cli = tree(new StringWriter());
            List<String> args = new ArrayList<>(List.of(command.split(" ")));
            args.add("tpcc");
            args.addAll(options);
            CommandLine.ParseResult parsed;
            try {
                parsed = cli.parseArgs(args.toArray(new String[0]));
            } catch (CommandLine.ParameterException e) {
                throw new AssertionError(command + ": " + e.getMessage(), e);
            }
            assertTrue(parsed.hasSubcommand(), command);
            assertEquals(List.of(), last(parsed).unmatched(), command + " left arguments unmatched");
        }
    }

    private static CommandLine.ParseResult last(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult p = parsed;
        while (p.hasSubcommand()) {
            p = p.subcommand();
        }
        return p;
    }

    @Test
    void theFieldReportsSysbenchTpccLineParsesForEveryCommand() {
        // README's sysbench-tpcc line; sweep and ab, which sysbench does not have, in clusterbench's order
        List<String> options = List.of("--rand-type=uniform", "--report-interval=1", "--histogram", "--report_csv=yes",
                "--stats_format=csv", "--db-ps-mode=disable", "--trx_level=RR", "--enable_purge=yes", "--time=600",
                "--threads=64", "--mysql-ssl=PREFERRED", "--mysql-ignore-errors=none", "--reconnect=0");
        for (String command : COMMANDS) {
            List<String> typed = new ArrayList<>();
            boolean sysbenchCommand = List.of("run", "prepare", "prewarm", "cleanup", "check", "inspect")
                    .contains(command); // sysbench's order: WORKLOAD [OPTIONS] COMMAND
            if (!sysbenchCommand) {
                typed.addAll(List.of(command.split(" ")));
            }
            typed.add("tpcc");
            typed.addAll(options);
            typed.addAll(sysbenchCommand ? List.of(command) : List.of());
            String[] line = ArgNormalizer.normalize(typed.toArray(new String[0]));
            CommandLine.ParseResult parsed;
            try {
                parsed = tree(new StringWriter()).parseArgs(line);
            } catch (CommandLine.ParameterException e) {
                throw new AssertionError(command + ": " + String.join(" ", line) + ": " + e.getMessage(), e);
            }
            assertEquals(List.of(), last(parsed).unmatched(), command);
        }
    }

    @Test
    void optionsThatDoNotActAreNamedOnceInANote() {
        CommandLine cli = tree(new StringWriter());
        cli.parseArgs("prepare", "tpcc", "--time=600", "--threads=4", "--report-interval=1", "--histogram",
                "--time=60", "--scale=2");
        CommandLine.Model.CommandSpec prepare = cli.getSubcommands().get("prepare").getCommandSpec();
        assertEquals("Note: --time, --report-interval, --histogram have no effect on prepare; ignored.",
                InertOptions.note(prepare), "--threads and --scale act on prepare; --time is named once");

        cli = tree(new StringWriter());
        cli.parseArgs("cleanup", "oltp_read_write", "--rand-type=uniform");
        assertEquals("Note: --rand-type has no effect on cleanup; ignored.",
                InertOptions.note(cli.getSubcommands().get("cleanup").getCommandSpec()));

        cli = tree(new StringWriter());
        cli.parseArgs("run", "oltp_read_write", "--time=6", "--rand-type=uniform");
        assertNull(InertOptions.note(cli.getSubcommands().get("run").getCommandSpec()), "run acts on all of them");

        cli = tree(new StringWriter());
        cli.parseArgs("probe", "stale-reads", "--time=6", "--threads=4", "--samples=10");
        assertEquals("Note: --time, --threads have no effect on probe stale-reads; ignored.",
                InertOptions.note(cli.getSubcommands().get("probe").getSubcommands().get("stale-reads").getCommandSpec()),
                "a nested command is named by its path");
    }

    /** The note names each option as the user typed it, sysbench's spelling included, not as it is parsed. */
    @Test
    void theNoteNamesOptionsAsTyped() {
        String[] typed = {"tpcc", "--mysql-ignore-errors=none", "--report_csv=yes", "--mysql-host=x", "--num-threads=4",
                "--max-time=60", "prepare"};
        CommandLine cli = tree(new StringWriter());
        cli.parseArgs(ArgNormalizer.normalize(typed));
        assertEquals("Note: --mysql-ignore-errors, --report_csv, --max-time have no effect on prepare; ignored.",
                InertOptions.note(cli.getSubcommands().get("prepare").getCommandSpec(), List.of(typed)),
                "--num-threads (--threads) acts on prepare");
    }

    /** A workload word on a command that takes none (a rig's one command line) is accepted and noted once. */
    @Test
    void aWorkloadWordOnAProbeIsNotedNotRefused() {
        StringWriter out = new StringWriter();
        CommandLine cli = tree(out);
        cli.parseArgs("probe", "anomalies", "oltp_read_write", "--time=1");
        ProbeAnomaliesCommand probe = cli.getSubcommands().get("probe").getSubcommands().get("anomalies").getCommand();
        InertOptions.printWithWorkload(probe.spec, probe.workload, env(out));
        assertEquals("Note: the workload oltp_read_write has no effect on probe anomalies; ignored.\n",
                out.toString().replace("\r", ""));
        io.clusterbench.UserException mistyped = org.junit.jupiter.api.Assertions.assertThrows(
                io.clusterbench.UserException.class, () -> InertOptions.printWithWorkload(probe.spec, "oltp_read_writ",
                        env(new StringWriter())));
        assertTrue(mistyped.line().startsWith("unknown workload 'oltp_read_writ' (did you mean oltp_read_write?)"),
                mistyped.line());
    }

    @Test
    void inertOptionsStayOutOfTheHelp() {
        StringWriter out = new StringWriter();
        CommandLine cli = tree(out);
        SectionedHelp.install(cli);
        String help = cli.getSubcommands().get("cleanup").getUsageMessage();
        assertTrue(!help.contains("--report-interval") && !help.contains("--rand-type"), help);
    }
}
