package io.clusterbench.ab;

import java.nio.file.Path;
import java.util.List;

/**
 * What an A/B comparison is asked to do besides the run settings both sides share: where each side is, how
 * the steps are ordered, and what happens between them. Built by the command line; holds no option-parser
 * type and never appears in output with its passwords. Immutable.
 *
 * @param a                   A as {@code host:port}, or null (started binary or embedded server)
 * @param b                   B as {@code host:port}, or null (A's server, or a second copy of A's binary)
 * @param aUser               A's user, or null for the shared user
 * @param aPassword           A's password, or null for the shared password
 * @param bUser               B's user, or null
 * @param bPassword           B's password, or null
 * @param aServer             A's binary, or null
 * @param bServer             B's binary, or null for A's
 * @param template            the data directory both started servers copy, or null
 * @param serverOptions       options for both started servers
 * @param aOptions            options for A's started server only
 * @param bOptions            options for B's started server only
 * @param restart             restart a side's started server before each of its steps
 * @param bufferPoolWarmup    read every table through its primary key before measuring
 * @param repeats             pairs per thread count, &gt;= 1
 * @param order               step order
 * @param orderSeed           seed of {@link OrderMode#SHUFFLE} (recorded either way)
 * @param quietTimeoutSeconds longest wait for a quiet server before a step; 0 = no wait
 */
public record AbSpec(String a, String b, String aUser, String aPassword, String bUser, String bPassword, Path aServer,
                     Path bServer, Path template, List<String> serverOptions, List<String> aOptions,
                     List<String> bOptions, boolean restart, boolean bufferPoolWarmup, int repeats, OrderMode order,
                     long orderSeed, int quietTimeoutSeconds) {

    public AbSpec {
        serverOptions = List.copyOf(serverOptions);
        aOptions = List.copyOf(aOptions);
        bOptions = List.copyOf(bOptions);
    }

    /** @return true when the sides are binaries clusterbench starts */
    public boolean binaries() {
        return aServer != null;
    }

    /**
     * Checks how the sides are given, without connecting.
     *
     * @param problems receives every problem found
     */
    public void problems(List<String> problems) {
        boolean binaries = aServer != null || bServer != null;
        if (a != null && aServer != null || b != null && bServer != null) {
            problems.add("give each side as an endpoint (--a/--b) or a binary (--a-server/--b-server), not both");
        }
        if (binaries && (a != null || b != null)) {
            problems.add("--a/--b endpoints cannot be mixed with --a-server/--b-server binaries");
        }
        if (bServer != null && aServer == null) {
            problems.add("--b-server needs --a-server");
        }
        if (binaries && template == null) {
            problems.add("--a-server needs --datadir-template DIR (the data both servers copy)");
        }
        if (!binaries && (template != null || !serverOptions.isEmpty() || !aOptions.isEmpty() || !bOptions.isEmpty()
                || restart)) {
            problems.add("--datadir-template, --server-option, --a-option, --b-option and --restart need --a-server");
        }
        for (String hostPort : new String[] {a, b}) {
            if (hostPort != null && !hostPort.matches(".+:\\d{1,5}")) {
                problems.add("'" + hostPort + "' is not HOST:PORT (e.g. --a 127.0.0.1:3306)");
            } else if (hostPort != null) {
                int port = port(hostPort);
                if (port < 1 || port > 65535) {
                    problems.add("'" + hostPort + "': " + port + " is not a TCP port (1-65535)");
                }
            }
        }
        if (b != null && a == null) {
            problems.add("--b needs --a");
        }
    }

    /**
     * @param side a side given as an endpoint (B without {@code --b} is A's endpoint)
     * @return its endpoint, from {@code --a}/{@code --b} as checked by {@link #problems}
     * @throws IllegalStateException when the sides are not endpoints
     */
    public io.clusterbench.db.Endpoint endpoint(Side side) {
        String hostPort = side == Side.A || b == null ? a : b;
        if (hostPort == null) {
            throw new IllegalStateException("the sides are not endpoints");
        }
        return new io.clusterbench.db.Endpoint(hostPort.substring(0, hostPort.lastIndexOf(':')), port(hostPort), null);
    }

    /** @return the port of a HOST:PORT that {@link #problems} accepted the shape of */
    private static int port(String hostPort) {
        return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }

    /** @return the options given to {@code side}'s started server only */
    public List<String> options(Side side) {
        return side == Side.A ? aOptions : bOptions;
    }

    @Override
    public String toString() {
        return "AbSpec[a=" + a + ", b=" + b + ", aServer=" + aServer + ", bServer=" + bServer + ", repeats=" + repeats
                + ", order=" + order + "]";
    }
}
