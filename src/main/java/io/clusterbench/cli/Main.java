package io.clusterbench.cli;

import io.clusterbench.runner.Versions;
import io.clusterbench.DidYouMean;
import io.clusterbench.UserException;
import io.clusterbench.lifecycle.Lifecycle;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Entry point: {@code clusterbench COMMAND [WORKLOAD] [options]}. The only class that touches the
 * process (streams, environment, exit, shutdown hooks); tests call {@link #execute} in-process.
 *
 * <p>Usage: {@code clusterbench run oltp_read_write --time 30 --report-interval 1}.
 */
@Command(name = "clusterbench", mixinStandardHelpOptions = true, version = "clusterbench " + Versions.CLUSTERBENCH,
        description = "Benchmark and consistency lab for MySQL-family servers and clusters.",
        footerHeading = "%nExit codes:%n", footer = "%s")
public final class Main implements Runnable {
    /** The commands, in the order of the help listing. */
    private static final List<Class<?>> COMMANDS = List.of(PrepareCommand.class, PrewarmCommand.class, RunCommand.class,
            SweepCommand.class, CapacityCommand.class, AbCommand.class, CleanupCommand.class, CheckCommand.class, ExplainCommand.class,
            CompareCommand.class, CoverageCommand.class, ReportCommand.class, ProbeCommand.class, SandboxCommand.class, InspectCommand.class,
            MergeCommand.class, K8sCommand.class, CommandLine.HelpCommand.class);

    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Show stack traces of internal errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }

    /** Process entry point. */
    public static void main(String[] args) {
        // JDK 17's NIO socket makes a non-blocking read, a poll and a second read per server reply; the
        // classic implementation makes one blocking read. Fewer system calls per statement leave more CPU to
        // the server under test (bench/vs-sysbench.sh). Must be set before the first socket exists.
        if (System.getProperty("jdk.net.usePlainSocketImpl") == null) {
            System.setProperty("jdk.net.usePlainSocketImpl", "true");
        }
        ProcessExit exit = new ProcessExit(System.err);
        Lifecycle life = new Lifecycle(exit, "1".equals(System.getenv("CLUSTERBENCH_TRACE")));
        exit.of(life);
        // a thread blocked reading from a server that does not answer holds the JVM's exit for 300 ms: at the end
        // (or a stop with nothing measured) every client socket is closed under it
        life.own("client sockets", io.clusterbench.db.WatchedSocketFactory::closeAll);
        Interrupts.install(life); // 1st Ctrl-C stops the command, 2nd ends the process at once
        CountDownLatch done = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> terminate(life, done), "clusterbench-terminate"));
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        String home = System.getenv("HOME") != null ? System.getenv("HOME") : System.getProperty("user.home");
        CliEnv env = new CliEnv(System.getenv(), home == null ? null : Path.of(home), out, err, life, List.of());
        if (Interrupts.sigintIgnored() && args.length > 0 && List.of("run", "sweep", "ab").contains(args[0])) {
            // a tester's `cmd &` from a script: kill -INT did nothing and the run went on to its full --time
            err.println("note: this process was started with SIGINT ignored (a background job of a script), so "
                    + "Ctrl-C and kill -INT cannot stop it; kill -TERM stops the run and keeps its results");
        }
        int code = execute(args, env);
        life.finished();
        life.closeAll(Lifecycle.CLOSE_DEADLINE); // what the command left open: bounded, then abandoned
        life.mark("exit " + code + " at epoch ms " + System.currentTimeMillis());
        life.trace().forEach(line -> err.println("trace " + line));
        if (!life.trace().isEmpty()) {
            ProcessExit.threadsInNative().forEach(t -> err.println("trace in native at exit: " + t));
        }
        out.flush();
        err.flush();
        life.beginExit(); // a halt under way (a 2nd Ctrl-C, the watchdog) ends the process once its result is written
        done.countDown(); // before it, a SIGTERM's shutdown would end the JVM under that halt's write
        System.exit(code);
    }

    /**
     * The JVM is shutting down: after the command's own end (nothing to do), after a Ctrl-C's exit, or on SIGTERM,
     * which stops the command as a Ctrl-C does and waits for it (the watchdog bounds the wait); the JVM then exits
     * with 143.
     */
    private static void terminate(Lifecycle life, CountDownLatch done) {
        if (done.getCount() == 0 || life.stopRequested()) {
            return;
        }
        life.stop(Lifecycle.StopCause.TERMINATE);
        if (life.ending()) {
            return; // nothing was measured: the command's resources are closed, nothing to wait for
        }
        try {
            done.await(Lifecycle.WATCHDOG.plus(Lifecycle.HALT_DEADLINE).toMillis() + 150, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Gives every command and subcommand, at any depth, {@code --help} and {@code --version}, so a command
     * added without {@code mixinStandardHelpOptions} still explains itself ({@code sandbox galera --help}
     * once answered "Unknown option").
     */
    private static void withHelpEverywhere(CommandLine line) {
        // A @Command method's arguments are bound by position: a mixin added after construction would shift
        // them ("argument type mismatch"), so such commands declare mixinStandardHelpOptions themselves.
        if (!(line.getCommandSpec().userObject() instanceof java.lang.reflect.Method)) {
            line.getCommandSpec().mixinStandardHelpOptions(true);
        }
        for (CommandLine sub : line.getSubcommands().values()) {
            withHelpEverywhere(sub);
        }
    }

    /**
     * Parses and runs one command.
     *
     * @param args command line (sysbench spellings accepted)
     * @param env  process environment and streams
     * @return the exit code ({@link ExitCode})
     */
    public static int execute(String[] args, CliEnv env) {
        String[] normalized = ArgNormalizer.normalize(args);
        for (String dropped : ArgNormalizer.ignored(args)) {
            env.out().println("Note: sysbench option " + dropped + " has no effect in clusterbench; ignored.");
        }
        CliEnv withCommand = env.withCommand(ArgNormalizer.masked(args));
        Main main = new Main();
        CommandLine cli = tree(main, new Factory(withCommand), commandsFor(normalized));
        WorkloadCommand.install(cli);
        InertOptions.install(cli);
        SectionedHelp.install(cli);
        cli.setOut(env.out());
        cli.setErr(env.err());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setUsageHelpLongOptionsMaxWidth(30);
        cli.getCommandSpec().usageMessage().footer(ExitCode.helpList());
        withHelpEverywhere(cli);
        withExitCodes(cli.getSubcommands().values());
        cli.setOverwrittenOptionsAllowed(true); // as sysbench: a repeated option's last value wins
        List<String> secrets = ArgNormalizer.passwords(args);
        cli.setParameterExceptionHandler((ex, a) -> {
            CommandLine at = ex.getCommandLine();
            String message = ex.getMessage();
            if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
                message = unmatched(at, at == cli, u.getUnmatched().get(0), a, args);
            }
            if (ex instanceof CommandLine.MissingParameterException m && m.getMissing().stream()
                    .anyMatch(x -> "WORKLOAD".equals(x.paramLabel()))) {
                message += " (one of " + String.join(", ", io.clusterbench.runner.WorkloadRegistry.names()) + ")";
            }
            message = masked(wholeNumbers(message), secrets);
            // the full path ('clusterbench sandbox kill'), so the hint names a help page that exists
            env.err().println("error: " + message + " — see '" + at.getCommandSpec().qualifiedName() + " --help'");
            return ExitCode.USAGE.code();
        });
        cli.setExecutionExceptionHandler((ex, c, parseResult) -> {
            if (env.lifecycle().ending()) {
                // a Ctrl-C before the measured phase is ending the process and its hooks broke what the command
                // was doing (an embedded server's start): the failure is the interrupt's, not the user's
                return ExitCode.INTERRUPTED.code();
            }
            if (ex instanceof UserException ue) {
                // a command's own refusal may quote an argument too (an unknown '-pSECRET')
                env.err().println("error: " + masked(ue.line(), secrets));
                if (main.verbose) {
                    ex.printStackTrace(env.err());
                }
                return ExitCode.USAGE.code();
            }
            env.err().println("error: internal error: " + masked(String.valueOf(ex), secrets)
                    + (main.verbose ? "" : " (rerun with --verbose for details)"));
            if (main.verbose) {
                ex.printStackTrace(env.err());
            }
            return ExitCode.SOFTWARE.code();
        });
        cli.setExecutionStrategy(Main::executeWithoutStrays);
        // Help fits the terminal, but its width is asked of the terminal only when help is printed: picocli runs
        // `stty -a` (two processes) for each command declared with usageHelpAutoWidth as it builds the model,
        // on every start at a terminal
        cli.setUsageHelpAutoWidth(true);
        return cli.execute(normalized);
    }

    /** Every command's help, nested ones too ({@code probe anomalies}, {@code sandbox kill}), ends with the exit codes. */
    private static void withExitCodes(java.util.Collection<CommandLine> commands) {
        for (CommandLine sub : commands) {
            sub.getCommandSpec().usageMessage().footerHeading("%nExit codes:%n");
            List<String> footer = new ArrayList<>(List.of(sub.getCommandSpec().usageMessage().footer()));
            footer.add(ExitCode.helpList());
            sub.getCommandSpec().usageMessage().footer(footer.toArray(new String[0]));
            withExitCodes(sub.getSubcommands().values());
        }
    }

    /**
     * Runs the command parsed, after refusing arguments it did not recognise: a workload command collects them
     * (the joins options do, to name the valid scenarios) rather than letting picocli refuse them, so they are
     * refused here, before any work, in the same words as any command's ({@link #unmatched}); only for
     * {@code joins} does its family name them (an unknown scenario).
     */
    private static int executeWithoutStrays(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult last = parsed;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        boolean help = last.isUsageHelpRequested() || last.isVersionHelpRequested();
        boolean joins = last.commandSpec().userObject() instanceof WorkloadCommand w
                && io.clusterbench.workload.joins.JoinsWorkload.NAME.equals(w.workload());
        if (!help && !joins && !last.unmatched().isEmpty()) {
            throw new CommandLine.UnmatchedArgumentException(last.commandSpec().commandLine(), last.unmatched());
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /**
     * @param at    the command that met the argument
     * @param root  true when that is the top command (where a command word belongs)
     * @param first the first argument it did not recognise
     * @param args  the whole command line (normalised)
     * @param typed the command line as typed, whose spelling of an unknown option is the one named
     * @return the message: an unknown option or command with the nearest valid names ("unknown option '--thread'
     *         (did you mean --threads?)", sysbench's spellings among them: "--mysql-hots (did you mean
     *         --mysql-host?)"); for a workload first, sysbench's order without a valid command word, the word meant
     *         as the command ({@link ArgNormalizer#missingCommand}); for a first word near a workload name and no
     *         command, the workload it was near
     */
    static String unmatched(CommandLine at, boolean root, String first, String[] args, String[] typed) {
        if (first.startsWith("-")) {
            String name = ArgNormalizer.asTyped(List.of(first.split("=", 2)[0]), List.of(typed));
            List<String> names = new ArrayList<>();
            for (CommandLine.Model.OptionSpec o : at.getCommandSpec().options()) {
                names.addAll(List.of(o.names()));
            }
            names.removeIf(n -> !n.startsWith("--"));
            names.addAll(ArgNormalizer.sysbenchSpellings(names)); // --mysql-hots: did you mean --mysql-host?
            return "unknown option '" + name + "'" + DidYouMean.hint(name, names);
        }
        if (at.getSubcommands().isEmpty()) {
            return "unexpected argument '" + first + "'";
        }
        if (root && io.clusterbench.runner.WorkloadRegistry.familyOf(first) != null) {
            return ArgNormalizer.missingCommand(args, first);
        }
        List<String> workloads = io.clusterbench.runner.WorkloadRegistry.names();
        if (root && DidYouMean.nearest(first, at.getSubcommands().keySet()).isEmpty()
                && !DidYouMean.nearest(first, workloads).isEmpty()) { // sysbench's order, the workload mistyped
            return "unknown workload '" + first + "'" + DidYouMean.hint(first, workloads) + "; choose one of "
                    + String.join(", ", workloads);
        }
        // a word where a command (or a sandbox/probe/k8s subcommand) belongs
        String kind = root ? "command" : at.getCommandName() + " command";
        return "unknown " + kind + " '" + first + "'" + DidYouMean.hint(first, at.getSubcommands().keySet())
                + "; choose one of " + String.join(", ", at.getSubcommands().keySet());
    }

    /**
     * @return {@code message} with every password given on the command line replaced by {@code ***} where it stands as
     *         a word of its own (between characters that are not letters, digits or {@code _}) or right after the
     *         client's {@code -p}; not inside a longer name: with the common account sbtest/sbtest a tester found
     *         "table ***3 does not exist" for the table sbtest3
     */
    static String masked(String message, List<String> secrets) {
        String out = message;
        for (String secret : secrets) {
            if (secret.isEmpty()) {
                continue;
            }
            String q = java.util.regex.Pattern.quote(secret);
            out = java.util.regex.Pattern.compile("(?<=-p)" + q + "|(?<![\\p{Alnum}_])" + q + "(?![\\p{Alnum}_])")
                    .matcher(out).replaceAll("***");
        }
        return out;
    }

    /** @return the root command with {@code commands} as its subcommands, created through {@code factory} */
    static CommandLine tree(Main main, CommandLine.IFactory factory, List<Class<?>> commands) {
        CommandLine cli = new CommandLine(main, factory);
        for (Class<?> command : commands) {
            cli.addSubcommand(command);
        }
        return cli;
    }

    /** @return the root command with every command */
    static CommandLine tree(CommandLine.IFactory factory) {
        return tree(new Main(), factory, COMMANDS);
    }

    /**
     * @return the one command the arguments name, none when they only ask for the version ({@code --version},
     *         {@code -V}), or every command when they name none (help, errors, the listing). picocli builds the model of every command it is given by reflection over its options and
     *         mixins at every start (all of them: about 0.4 CPU s more than one; docs/loading.md), so a command
     *         line that names its command builds only that one.
     */
    static List<Class<?>> commandsFor(String[] args) {
        if (onlyVersion(args)) {
            return List.of(); // the root prints the version on its own: no command's model (0.5 CPU s less)
        }
        for (String a : args) {
            if (a.startsWith("-")) {
                continue; // root options (--verbose) come before the command
            }
            for (Class<?> c : COMMANDS) {
                Command command = c.getAnnotation(Command.class);
                if (c != CommandLine.HelpCommand.class && (command.name().equals(a)
                        || List.of(command.aliases()).contains(a))) {
                    return List.of(c);
                }
            }
            return COMMANDS;
        }
        return COMMANDS;
    }

    /** @return true when the arguments ask for the version and nothing else a command would answer */
    private static boolean onlyVersion(String[] args) {
        boolean version = false;
        for (String a : args) {
            if (a.equals("--version") || a.equals("-V")) {
                version = true;
            } else if (!a.equals("--verbose")) {
                return false;
            }
        }
        return version;
    }

    /** Creates command objects, passing the environment to those that take it. */
    record Factory(CliEnv env) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            try {
                var ctor = cls.getDeclaredConstructor(CliEnv.class);
                ctor.setAccessible(true);
                return ctor.newInstance(env);
            } catch (NoSuchMethodException e) {
                return CommandLine.defaultFactory().create(cls);
            }
        }
    }

    /**
     * picocli's "Invalid value for option '--time': '1.5' is not a long" becomes "--time takes a whole number
     * (got '1.5')", for every integer option; a whole number beyond the option's range says that range instead
     * ("--table-size is too large (got '99999999999'; at most 2147483647)").
     */
    static String wholeNumbers(String message) {
        java.util.regex.Matcher big = java.util.regex.Pattern.compile(
                "Invalid value for option '([^']+)'(?: \\([^)]*\\))?: '([+-]?\\d+)' is not an? (long|int)\\b.*",
                java.util.regex.Pattern.DOTALL).matcher(message);
        if (big.matches()) {
            // a whole number after all, only outside the option's range: say the range, not "whole number"
            boolean isInt = big.group(3).equals("int");
            boolean negative = big.group(2).startsWith("-");
            long limit = isInt ? (negative ? Integer.MIN_VALUE : Integer.MAX_VALUE)
                    : (negative ? Long.MIN_VALUE : Long.MAX_VALUE);
            return big.group(1) + " is too " + (negative ? "small" : "large") + " (got '" + big.group(2) + "'; at "
                    + (negative ? "least " : "most ") + limit + ")";
        }
        return message.replaceAll("Invalid value for option '([^']+)'(?: \\([^)]*\\))?: '([^']*)' is not an? (long|int|short|byte)\\b.*",
                "$1 takes a whole number (got '$2')")
                .replaceAll("Invalid value for option '([^']+)'(?: \\([^)]*\\))?: '([^']*)' is not a (double|float)\\b.*",
                        "$1 takes a number (got '$2')");
    }
}
