package io.clusterbench.cli;

import io.clusterbench.DidYouMean;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Makes a sysbench 1.0.20 command line acceptable to clusterbench, before picocli parses it:
 * <ul>
 *   <li>{@code _} in an option name becomes {@code -} ({@code --table_size=10} → {@code --table-size=10});</li>
 *   <li>{@code --mysql-host/-port/-user/-password/-db/-socket/-ssl/-ssl-ca/-ssl-cert/-ssl-key/-storage-engine/-table-options} drop their
 *       {@code mysql-} prefix, and
 *       {@code --mysql-ignore-errors} becomes {@code --ignore-errors};</li>
 *   <li>sysbench's order {@code WORKLOAD [options] COMMAND [options]} becomes
 *       {@code COMMAND WORKLOAD [options]};</li>
 *   <li>a repeated list option ({@code --threads}, {@code --host}, {@code --port}, {@code --socket}) keeps its
 *       last value, as every option does (picocli would append the lists);</li>
 *   <li>the sysbench options that only select the Lua driver ({@code --db-driver=mysql}) or change nothing
 *       here ({@link #IGNORED}, e.g. {@code --verbosity}) are dropped; sysbench 0.5 names
 *       ({@code --num-threads}, {@code --max-time}, {@code --max-requests}, {@code --oltp-table-size}) are
 *       renamed.</li>
 * </ul>
 * Only the option name (before {@code =}) is rewritten; values are untouched.
 *
 * <p>Thread-safe (stateless).
 */
final class ArgNormalizer {
    /** The command words of sysbench's order ({@code WORKLOAD [options] COMMAND}): sysbench's, check and inspect. */
    private static final Set<String> COMMANDS = Set.of("prepare", "prewarm", "run", "cleanup", "check", "inspect");
    private static final Set<String> MYSQL_ALIASES = Set.of("host", "port", "user", "password", "db", "socket",
            "ignore-errors", "storage-engine", "table-options", "ssl", "ssl-ca", "ssl-cert", "ssl-key");
    /** sysbench options that change nothing about the load or its measurement here: accepted with a note. */
    static final Set<String> IGNORED = Set.of("--verbosity", "--forced-shutdown", "--thread-stack-size",
            "--thread-init-timeout", "--db-debug", "--mysql-debug", "--luajit-cmd", "--report-checkpoints");
    /** sysbench 0.5 spellings of current options. */
    private static final java.util.Map<String, String> OLD_NAMES = java.util.Map.of("--num-threads", "--threads",
            "--max-time", "--time", "--max-requests", "--events", "--oltp-table-size", "--table-size",
            "--oltp-tables-count", "--tables");

    private ArgNormalizer() {
    }

    static String[] normalize(String[] args) {
        List<String> out = new ArrayList<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || arg.equals("--")) {
                out.add(arg);
                continue;
            }
            int eq = arg.indexOf('=');
            String name = canonical(eq < 0 ? arg : arg.substring(0, eq));
            String rest = eq < 0 ? "" : arg.substring(eq);
            if (name.equals("--db-driver") || IGNORED.contains(name)) {
                continue;
            }
            out.add(name + rest);
        }
        return sysbenchOrder(lastWins(out)).toArray(new String[0]);
    }

    /**
     * @param typed an option name as typed, without its value ({@code --mysql_ignore_errors})
     * @return the name clusterbench parses ({@code --ignore-errors}): {@code _} as {@code -}, the {@code mysql-}
     *         prefix of {@link #MYSQL_ALIASES} dropped, a sysbench 0.5 name renamed
     */
    static String canonical(String typed) {
        String name = typed.replace('_', '-');
        if (name.startsWith("--mysql-") && MYSQL_ALIASES.contains(name.substring(8))) {
            name = "--" + name.substring(8);
        }
        return OLD_NAMES.getOrDefault(name, name);
    }

    /**
     * @param names the names of one option ({@code --ignore-errors})
     * @param typed the command line as typed
     * @return the name the option was typed under, the last time it was typed ({@code --mysql-ignore-errors},
     *         {@code --report_csv}), so a message names what the user wrote; the first of {@code names} when it
     *         was not typed
     */
    static String asTyped(List<String> names, List<String> typed) {
        String found = names.get(0);
        for (String arg : typed) {
            if (arg.startsWith("--")) {
                String name = arg.split("=", 2)[0];
                if (names.contains(canonical(name))) {
                    found = name;
                }
            }
        }
        return found;
    }

    /**
     * @param names every option name a command takes ({@code --host}, {@code --threads}, ...)
     * @return the sysbench spellings that lead to them: {@code --mysql-host} for {@code --host} and the other
     *         {@link #MYSQL_ALIASES}, and the sysbench 0.5 names ({@code --num-threads}), so a mistyped sysbench
     *         spelling ({@code --mysql-hots}) is offered the sysbench spelling it was near
     */
    static List<String> sysbenchSpellings(java.util.Collection<String> names) {
        List<String> out = new ArrayList<>();
        for (String alias : MYSQL_ALIASES) {
            if (names.contains("--" + alias)) {
                out.add("--mysql-" + alias);
            }
        }
        OLD_NAMES.forEach((old, current) -> {
            if (names.contains(current)) {
                out.add(old);
            }
        });
        out.sort(null);
        return out;
    }

    /**
     * sysbench's list options; picocli would append a repeated list option's values ({@code --threads=64 ...
     * --threads=1} ran two thread counts), where sysbench takes the last value as it does for every option.
     */
    private static final Set<String> LIST_OPTIONS = Set.of("--threads", "--host", "--port", "--socket");

    /** @return {@code args} with each {@link #LIST_OPTIONS} occurrence but the last left out (with its value) */
    private static List<String> lastWins(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.split("=", 2)[0];
            boolean separateValue = !a.contains("=") && i + 1 < args.size();
            if (LIST_OPTIONS.contains(name) && repeatedAfter(args, name, i + (separateValue ? 2 : 1))) {
                i += separateValue ? 1 : 0; // an earlier occurrence: dropped with its value
                continue;
            }
            out.add(a);
        }
        return out;
    }

    private static boolean repeatedAfter(List<String> args, String name, int from) {
        for (int i = from; i < args.size(); i++) {
            if (args.get(i).equals(name) || args.get(i).startsWith(name + "=")) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code oltp_read_write --threads=8 run} → {@code run oltp_read_write --threads=8}; as in sysbench, options may
     * also follow the command ({@code oltp_read_write run --threads=8}). The command is the last argument when that
     * is one, else the only command word after the workload; with none, or several and none last, the arguments
     * are left for picocli to name the problem.
     */
    private static List<String> sysbenchOrder(List<String> args) {
        if (args.size() < 2) {
            return args;
        }
        String first = args.get(0);
        if (first.startsWith("-") || first.equals("help") || COMMANDS.contains(first)) {
            return args;
        }
        int command = -1;
        if (COMMANDS.contains(args.get(args.size() - 1).toLowerCase(Locale.ROOT))) {
            command = args.size() - 1;
        } else {
            for (int i = 1; i < args.size(); i++) {
                if (COMMANDS.contains(args.get(i).toLowerCase(Locale.ROOT))) {
                    if (command >= 0) {
                        return args;
                    }
                    command = i;
                }
            }
        }
        if (command < 0) {
            return args;
        }
        List<String> reordered = new ArrayList<>();
        reordered.add(args.get(command).toLowerCase(Locale.ROOT));
        for (int i = 0; i < args.size(); i++) {
            if (i != command) {
                reordered.add(args.get(i));
            }
        }
        return reordered;
    }

    /** The command words of sysbench's order, in the order they are offered. */
    private static final List<String> COMMAND_ORDER = List.of("prepare", "prewarm", "run", "cleanup", "check",
            "inspect");

    /**
     * The message for a command line in sysbench's order ({@code WORKLOAD [options] COMMAND}) whose command word
     * is none of {@link #COMMANDS}: it names the word that was meant as the command, not the workload. That is
     * the first word after the workload near a command word ({@code runn}, {@code rnu}: {@link DidYouMean}), else
     * the last argument when it is a word that is no option's value; with neither, the command is missing.
     *
     * @param args     the normalised arguments, the workload first
     * @param workload the workload name that came first
     * @return one clause without a trailing period
     */
    static String missingCommand(String[] args, String workload) {
        String order = "; sysbench's order is WORKLOAD [OPTIONS] COMMAND, COMMAND one of "
                + String.join(", ", COMMAND_ORDER);
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("-") && !DidYouMean.nearest(args[i], COMMAND_ORDER).isEmpty()) {
                return "unknown command '" + args[i] + "'" + DidYouMean.hint(args[i], COMMAND_ORDER) + order;
            }
        }
        int last = args.length - 1;
        boolean aValue = last > 1 && args[last - 1].startsWith("-") && !args[last - 1].contains("=");
        if (last >= 1 && !args[last].startsWith("-") && !aValue) {
            return "unknown command '" + args[last] + "' after workload " + workload + order;
        }
        return "no command after workload " + workload + order;
    }

    /**
     * @return the sysbench options in {@code args} that {@link #normalize} drops as having no effect here, as typed
     *         ({@code --report_checkpoints})
     */
    static List<String> ignored(String[] args) {
        List<String> found = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("--")) {
                int eq = arg.indexOf('=');
                String typed = eq < 0 ? arg : arg.substring(0, eq);
                if (IGNORED.contains(canonical(typed))) {
                    found.add(typed);
                }
            }
        }
        return found;
    }

    /** @return the password values given on the command line ({@code --password}, sysbench's and the mysql client's
     *          spellings), to be masked in any message */
    static List<String> passwords(String[] args) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String lower = args[i].toLowerCase(Locale.ROOT).replace('_', '-');
            if (isClientShortPassword(args[i])) {
                found.add(args[i].substring(2));
            } else if (lower.startsWith("--password") || lower.startsWith("--mysql-password")) {
                int eq = args[i].indexOf('=');
                String value = eq >= 0 ? args[i].substring(eq + 1) : i + 1 < args.length ? args[i + 1] : "";
                if (!value.isEmpty()) {
                    found.add(value);
                }
            }
        }
        return found;
    }

    /** @return {@code args} with the value of any password option replaced by {@code ***} */
    static List<String> masked(String[] args) {
        List<String> out = new ArrayList<>();
        boolean maskNext = false;
        for (String arg : args) {
            if (maskNext) {
                out.add("***");
                maskNext = false;
                continue;
            }
            String lower = arg.toLowerCase(Locale.ROOT);
            if (isClientShortPassword(arg)) {
                out.add("-p***");
            } else if (lower.startsWith("--password") || lower.startsWith("--mysql-password") || lower.startsWith("--mysql_password")) {
                int eq = arg.indexOf('=');
                if (eq < 0) {
                    out.add(arg);
                    maskNext = true;
                } else {
                    out.add(arg.substring(0, eq + 1) + "***");
                }
            } else {
                out.add(arg);
            }
        }
        return out;
    }

    /**
     * @return true for the mysql client's {@code -pSECRET} (password glued to {@code -p}): no option of clusterbench,
     *         but a habit, so its value is treated as a password and never echoed
     */
    private static boolean isClientShortPassword(String arg) {
        return arg.length() > 2 && arg.startsWith("-p") && !arg.startsWith("--");
    }
}
