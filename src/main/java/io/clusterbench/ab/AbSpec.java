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
