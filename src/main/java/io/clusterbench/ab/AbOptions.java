package io.clusterbench.ab;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sides of {@code ab}: endpoints with their own credentials, or server binaries started on copies of one data
 * directory template, each with its own options. Two sides are A and B ({@code --a}, {@code --b-server}, …); any
 * number are named with {@code --sides} and given with {@code --side-host}, {@code --side-server},
 * {@code --side-option} (A and B keep their own spellings among them). Picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
public final class AbOptions {
    @Option(names = "--a", paramLabel = "HOST:PORT",
            description = "Side A (the baseline) as an endpoint. Default: none; without --a and --a-server both "
                    + "sides are one embedded MariaDB (an A/A run that shows the noise floor).")
    String a;

    @Option(names = "--b", paramLabel = "HOST:PORT",
            description = "Side B (the candidate) as an endpoint. Default: none; without --b and --b-server, B is "
                    + "A's server (endpoint) or a second copy of A's binary (with --a-server).")
    String b;

    @Option(names = "--a-user", paramLabel = "USER", description = "A's user. Default: --user.")
    String aUser;

    @Option(names = "--a-password", paramLabel = "PASSWORD", description = "A's password. Default: --password. "
            + "Never written to any output file.")
    String aPassword;

    @Option(names = "--b-user", paramLabel = "USER", description = "B's user. Default: --user.")
    String bUser;

    @Option(names = "--b-password", paramLabel = "PASSWORD", description = "B's password. Default: --password.")
    String bPassword;

    @Option(names = "--a-server", paramLabel = "PATH",
            description = "Side A as a server binary (mariadbd or mysqld) that clusterbench starts on a copy of "
                    + "--datadir-template, on a free loopback port, with --no-defaults and --skip-grant-tables.")
    Path aServer;

    @Option(names = "--b-server", paramLabel = "PATH", description = "Side B as a server binary. Default: --a-server.")
    Path bServer;

    @Option(names = "--datadir-template", paramLabel = "DIR",
            description = "Data directory every started server copies (from mariadb-install-db, or a stopped "
                    + "server's datadir); never changed. Missing workload tables are made once, on a copy, "
                    + "before every side copies that.")
    Path template;

    @Option(names = "--server-option", paramLabel = "OPTION",
            description = "Option for every started server, e.g. --server-option=--innodb-buffer-pool-size=1G "
                    + "(repeatable). Default: none.")
    List<String> serverOptions = new ArrayList<>();

    @Option(names = "--a-option", paramLabel = "OPTION",
            description = "Option for A's started server only, after the shared ones (repeatable); the variable "
                    + "is then an intended difference, not a warning. Default: none.")
    List<String> aOptions = new ArrayList<>();

    @Option(names = "--b-option", paramLabel = "OPTION",
            description = "Option for B's started server only, e.g. a handicap (repeatable). Default: none.")
    List<String> bOptions = new ArrayList<>();

    @Option(names = "--restart", description = "Restart a started side's server before each of its steps "
            + "(cold caches each time; add --bp-warmup to fill the buffer pool). Default: off.")
    boolean restart;

    @Option(names = "--bp-warmup", description = "Read every table through its primary key before measuring: "
            + "once per side at start, or before each step with --restart. Default: off.")
    boolean bufferPoolWarmup;

    @Option(names = "--sides", split = ",", paramLabel = "NAME",
            description = "The sides, named, in order (2 or more, e.g. --sides o3,pgo1,pgo2); each is given with "
                    + "--side-host, --side-server and --side-option (sides named A and B also with --a, --b-server, "
                    + "…); a side given neither runs the first side's server or binary. Default: A,B.")
    List<String> sideNames;

    @Option(names = "--baseline", paramLabel = "NAME",
            description = "The side every other is compared with (ratios, ranking). Default: the first side.")
    String baseline;

    @Option(names = "--side-host", paramLabel = "NAME=HOST:PORT",
            description = "A side as an endpoint, e.g. --side-host pgo1=10.0.0.6:3306 (repeatable).")
    List<String> sideHosts = new ArrayList<>();

    @Option(names = "--side-user", paramLabel = "NAME=USER", description = "A side's user (repeatable). Default: --user.")
    List<String> sideUsers = new ArrayList<>();

    @Option(names = "--side-password", paramLabel = "NAME=PASSWORD",
            description = "A side's password (repeatable). Default: --password. Never written to any output file.")
    List<String> sidePasswords = new ArrayList<>();

    @Option(names = "--side-server", paramLabel = "NAME=PATH",
            description = "A side as a server binary started on a copy of --datadir-template, e.g. --side-server "
                    + "pgo1=/opt/pgo1/bin/mariadbd (repeatable). Default: the first side's binary.")
    List<String> sideServers = new ArrayList<>();

    @Option(names = "--side-option", paramLabel = "NAME=OPTION",
            description = "Option for one side's started server only, after the shared ones, e.g. --side-option "
                    + "small=--innodb-buffer-pool-size=8M (repeatable); the variable is then an intended difference.")
    List<String> sideOptions = new ArrayList<>();

    /**
     * Assembles the sides from both spellings and checks them ({@link AbSpec#problems}).
     *
     * @param repeats  {@code --repeat}, or null for {@link AbSchedule#defaultRepeats} of the number of sides
     * @param problems receives every problem found
     * @return the spec; only to be used when no problem was added
     */
    public AbSpec spec(Integer repeats, OrderMode order, long orderSeed, int quietTimeoutSeconds, List<String> problems) {
        List<Side> names = names(problems);
        Map<Side, String> hosts = named("--side-host", sideHosts, names, problems);
        Map<Side, String> users = named("--side-user", sideUsers, names, problems);
        Map<Side, String> passwords = named("--side-password", sidePasswords, names, problems);
        Map<Side, String> servers = named("--side-server", sideServers, names, problems);
        Map<Side, List<String>> options = new LinkedHashMap<>();
        for (Map.Entry<Side, String> e : pairs("--side-option", sideOptions, names, problems)) {
            options.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
        }
        two(Side.A, names, "--a", "--side-host", a, hosts, problems);
        two(Side.B, names, "--b", "--side-host", b, hosts, problems);
        two(Side.A, names, "--a-user", "--side-user", aUser, users, problems);
        two(Side.B, names, "--b-user", "--side-user", bUser, users, problems);
        two(Side.A, names, "--a-password", "--side-password", aPassword, passwords, problems);
        two(Side.B, names, "--b-password", "--side-password", bPassword, passwords, problems);
        two(Side.A, names, "--a-server", "--side-server", aServer == null ? null : aServer.toString(), servers, problems);
        two(Side.B, names, "--b-server", "--side-server", bServer == null ? null : bServer.toString(), servers, problems);
        twoOptions(Side.A, names, "--a-option", aOptions, options, problems);
        twoOptions(Side.B, names, "--b-option", bOptions, options, problems);
        List<AbSpec.SideSpec> sides = new ArrayList<>();
        for (Side s : names) {
            sides.add(new AbSpec.SideSpec(s, hosts.get(s), users.get(s), passwords.get(s),
                    servers.containsKey(s) ? Path.of(servers.get(s)) : null, options.getOrDefault(s, List.of())));
        }
        Side base = names.isEmpty() ? Side.A : names.get(0);
        if (baseline != null) {
            base = names.stream().filter(n -> n.name().equals(baseline)).findFirst().orElse(null);
            if (base == null) {
                problems.add("--baseline " + baseline + " is not one of the sides (" + String.join(", ",
                        names.stream().map(Side::name).toList()) + ")");
                base = Side.A;
            }
        }
        if (names.size() < 2) {
            return null;
        }
        AbSpec spec = new AbSpec(sides, base, template, serverOptions, restart, bufferPoolWarmup,
                repeats != null ? repeats : AbSchedule.defaultRepeats(names.size()), order, orderSeed,
                quietTimeoutSeconds);
        spec.problems(problems);
        return spec;
    }

    /** @return the sides named by {@code --sides}, or A and B */
    private List<Side> names(List<String> problems) {
        if (sideNames == null) {
            return List.of(Side.A, Side.B);
        }
        List<Side> out = new ArrayList<>();
        for (String n : sideNames) {
            String p = Side.problem(n.strip());
            if (p != null) {
                problems.add("--sides: " + p);
            } else {
                out.add(Side.of(n.strip()));
            }
        }
        if (sideNames.size() < 2) {
            problems.add("--sides needs 2 or more names (e.g. --sides o3,pgo1,pgo2)");
        }
        return out;
    }

    /** @return the NAME=VALUE entries of one repeatable option, each NAME checked against the sides */
    private static List<Map.Entry<Side, String>> pairs(String option, List<String> values, List<Side> names,
                                                      List<String> problems) {
        List<Map.Entry<Side, String>> out = new ArrayList<>();
        for (String v : values) {
            int eq = v.indexOf('=');
            Side side = eq > 0 ? names.stream().filter(n -> n.name().equals(v.substring(0, eq))).findFirst().orElse(null)
                    : null;
            if (eq <= 0 || eq == v.length() - 1) {
                problems.add(option + " takes NAME=VALUE (got '" + v + "')");
            } else if (side == null) {
                problems.add(option + " " + v.substring(0, eq) + "=…: no side " + v.substring(0, eq) + " (sides: "
                        + String.join(", ", names.stream().map(Side::name).toList()) + ")");
            } else {
                out.add(Map.entry(side, v.substring(eq + 1)));
            }
        }
        return out;
    }

    /** @return one value per side from a NAME=VALUE option; a side given twice is a problem */
    private static Map<Side, String> named(String option, List<String> values, List<Side> names, List<String> problems) {
        Map<Side, String> out = new LinkedHashMap<>();
        for (Map.Entry<Side, String> e : pairs(option, values, names, problems)) {
            if (out.put(e.getKey(), e.getValue()) != null) {
                problems.add(option + " names side " + e.getKey() + " twice");
            }
        }
        return out;
    }

    /** Adds A's or B's own spelling ({@code --a}, {@code --b-server}, …) of a value to the named ones. */
    private static void two(Side side, List<Side> names, String option, String namedOption, String value,
                            Map<Side, String> into, List<String> problems) {
        if (value == null) {
            return;
        }
        if (!names.contains(side)) {
            problems.add(option + " gives side " + side + ", which --sides does not name");
        } else if (into.containsKey(side)) {
            problems.add(option + " and " + namedOption + " both give side " + side);
        } else {
            into.put(side, value);
        }
    }

    private static void twoOptions(Side side, List<Side> names, String option, List<String> values,
                                   Map<Side, List<String>> into, List<String> problems) {
        if (values.isEmpty()) {
            return;
        }
        if (!names.contains(side)) {
            problems.add(option + " gives side " + side + ", which --sides does not name");
        } else {
            into.computeIfAbsent(side, k -> new ArrayList<>()).addAll(values);
        }
    }
}
