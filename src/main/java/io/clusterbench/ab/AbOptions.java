package io.clusterbench.ab;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The two sides of {@code ab}: endpoints with their own credentials, or server binaries started on copies
 * of one data directory template. Picocli mixin.
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
            description = "Data directory both started servers copy (from mariadb-install-db, or a stopped "
                    + "server's datadir); never changed. Missing workload tables are made once, on a copy, "
                    + "before both sides copy that.")
    Path template;

    @Option(names = "--server-option", paramLabel = "OPTION",
            description = "Option for both started servers, e.g. --server-option=--innodb-buffer-pool-size=1G "
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

    /** @return the sides as the runner takes them; {@link AbSpec#problems} checks them */
    public AbSpec spec(int repeats, OrderMode order, long orderSeed, int quietTimeoutSeconds) {
        return new AbSpec(a, b, aUser, aPassword, bUser, bPassword, aServer, bServer, template, serverOptions, aOptions,
                bOptions, restart, bufferPoolWarmup, repeats, order, orderSeed, quietTimeoutSeconds);
    }
}
