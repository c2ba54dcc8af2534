package io.clusterbench.ab;

import io.clusterbench.db.Endpoint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What an {@code ab} comparison is asked to do besides the run settings every side shares: the sides (where each
 * is), the baseline, how the steps are ordered, and what happens between them. Built by the command line; holds no
 * option-parser type and never appears in output with its passwords. Immutable.
 *
 * @param sides               the sides in the order given, 2 or more (A and B without {@code --sides})
 * @param baseline            the side every other is compared with
 * @param template            the data directory every started server copies, or null
 * @param serverOptions       options for every started server
 * @param restart             restart a side's started server before each of its steps
 * @param bufferPoolWarmup    read every table through its primary key before measuring
 * @param repeats             blocks (one run of every side) per thread count, &gt;= 1
 * @param order               step order
 * @param orderSeed           seed of {@link OrderMode#SHUFFLE} (recorded either way)
 * @param quietTimeoutSeconds longest wait for a quiet server before a step; 0 = no wait
 */
public record AbSpec(List<SideSpec> sides, Side baseline, Path template, List<String> serverOptions, boolean restart,
                     boolean bufferPoolWarmup, int repeats, OrderMode order, long orderSeed, int quietTimeoutSeconds) {

    /**
     * One side as given. A side without an endpoint or binary of its own runs the first side's (an A/A run when no
     * side has one: every side is one embedded server). Immutable.
     *
     * @param side     its name
     * @param hostPort its endpoint {@code host:port} ({@code --a}, {@code --side-host NAME=HOST:PORT}), or null
     * @param user     its user, or null for the shared {@code --user}
     * @param password its password, or null for the shared one
     * @param server   its binary ({@code --a-server}, {@code --side-server NAME=PATH}), or null
     * @param options  options for its started server only, after the shared ones
     */
    public record SideSpec(Side side, String hostPort, String user, String password, Path server, List<String> options) {
        public SideSpec {
            options = List.copyOf(options);
        }

        @Override
        public String toString() {
            return side + "[" + (hostPort != null ? hostPort : server != null ? server : "-") + "]";
        }
    }

    public AbSpec {
        sides = List.copyOf(sides);
        serverOptions = List.copyOf(serverOptions);
    }

    /** @return the sides' names in the order given */
    public List<Side> sideList() {
        return sides.stream().map(SideSpec::side).toList();
    }

    /** @return the given side; @throws IllegalArgumentException for a side not in the comparison */
    public SideSpec side(Side side) {
        return sides.stream().filter(s -> s.side().equals(side)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no side " + side));
    }

    /** @return true when the sides are binaries clusterbench starts (the first side has one) */
    public boolean binaries() {
        return sides.get(0).server() != null;
    }

    /** @return true when the sides are endpoints the user runs (the first side has one) */
    public boolean endpoints() {
        return sides.get(0).hostPort() != null;
    }

    /** @return {@code side}'s binary, or the first side's when it has none of its own; null without binaries */
    public Path server(Side side) {
        Path own = side(side).server();
        return own != null ? own : sides.get(0).server();
    }

    /** @return the options given to {@code side}'s started server only */
    public List<String> options(Side side) {
        return side(side).options();
    }

    /**
     * @param side a side given as an endpoint (a side without one of its own uses the first side's)
     * @return its endpoint, as checked by {@link #problems}
     * @throws IllegalStateException when the sides are not endpoints
     */
    public Endpoint endpoint(Side side) {
        String hostPort = side(side).hostPort() != null ? side(side).hostPort() : sides.get(0).hostPort();
        if (hostPort == null) {
            throw new IllegalStateException("the sides are not endpoints");
        }
        return new Endpoint(hostPort.substring(0, hostPort.lastIndexOf(':')), port(hostPort), null);
    }

    /**
     * Checks how the sides are given, without connecting.
     *
     * @param problems receives every problem found
     */
    public void problems(List<String> problems) {
        SideSpec first = sides.get(0);
        boolean anyBinary = sides.stream().anyMatch(s -> s.server() != null);
        boolean anyEndpoint = sides.stream().anyMatch(s -> s.hostPort() != null);
        Set<String> names = new HashSet<>();
        for (SideSpec s : sides) {
            if (!names.add(s.side().name().toLowerCase(Locale.ROOT))) {
                problems.add("side " + s.side() + " is named twice (names are compared ignoring case)");
            }
            if (s.hostPort() != null && s.server() != null) {
                problems.add("give side " + s.side() + " as an endpoint (" + spelling(s.side(), "", "host") + ") or a "
                        + "binary (" + spelling(s.side(), "-server", "server") + "), not both");
            }
        }
        if (anyBinary && anyEndpoint) {
            problems.add("endpoints (--a/--b, --side-host) cannot be mixed with binaries (--a-server/--b-server, "
                    + "--side-server)");
        }
        if (anyBinary && first.server() == null) {
            problems.add(twoSides() ? "--b-server needs --a-server" : "--side-server needs the first side (" + first.side()
                    + ") to have one too: sides without one run the first side's binary");
        }
        if (!anyEndpoint && sides.stream().anyMatch(s -> s.user() != null || s.password() != null)) {
            problems.add((twoSides() ? "--a-user/--a-password/--b-user/--b-password" : "--side-user/--side-password")
                    + " need the sides as endpoints (" + (twoSides() ? "--a=HOST:PORT" : "--side-host NAME=HOST:PORT")
                    + "): servers ab starts (the embedded one, or a binary) would ignore them");
        }
        if (anyEndpoint && first.hostPort() == null) {
            problems.add(twoSides() ? "--b needs --a" : "--side-host needs the first side (" + first.side()
                    + ") to have one too: sides without one use the first side's endpoint");
        }
        if (anyBinary && template == null) {
            problems.add((twoSides() ? "--a-server" : "--side-server")
                    + " needs --datadir-template DIR (the data every started server copies)");
        }
        boolean sideOptions = sides.stream().anyMatch(s -> !s.options().isEmpty());
        if (!anyBinary && (template != null || !serverOptions.isEmpty() || sideOptions || restart)) {
            problems.add("--datadir-template, --server-option, --a-option, --b-option, --side-option and --restart "
                    + "need --a-server or --side-server");
        }
        for (SideSpec s : sides) {
            String hostPort = s.hostPort();
            if (hostPort != null && !hostPort.matches(".+:\\d{1,5}")) {
                problems.add("'" + hostPort + "' is not HOST:PORT (e.g. --a 127.0.0.1:3306)");
            } else if (hostPort != null) {
                int port = port(hostPort);
                if (port < 1 || port > 65535) {
                    problems.add("'" + hostPort + "': " + port + " is not a TCP port (1-65535)");
                }
            }
        }
    }

    private boolean twoSides() {
        return sideList().equals(List.of(Side.A, Side.B));
    }

    /** @return the two-sided spelling of a side's option ({@code --a-server}) or the named one */
    private static String spelling(Side side, String suffix, String named) {
        return side.equals(Side.A) || side.equals(Side.B) ? "--" + side.name().toLowerCase(Locale.ROOT) + suffix + " or "
                + "--side-" + named : "--side-" + named;
    }

    /** @return the port of a HOST:PORT that {@link #problems} accepted the shape of */
    private static int port(String hostPort) {
        return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }

    /** @return the sides with their endpoints or binaries, the baseline and the order; never a password */
    @Override
    public String toString() {
        return "AbSpec[sides=" + sides + ", baseline=" + baseline + ", repeats=" + repeats + ", order=" + order + "]";
    }

    /** @return every per-side option list, by side, in the order given */
    public java.util.Map<Side, List<String>> optionsBySide() {
        java.util.Map<Side, List<String>> out = new java.util.LinkedHashMap<>();
        sides.forEach(s -> out.put(s.side(), s.options()));
        return out;
    }

    /** @return every option given to one side only, all sides together */
    public List<String> allSideOptions() {
        List<String> out = new ArrayList<>();
        sides.forEach(s -> out.addAll(s.options()));
        return out;
    }
}
