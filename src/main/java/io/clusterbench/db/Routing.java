package io.clusterbench.db;

import io.clusterbench.UserException;

import java.util.Locale;

/**
 * Which endpoint serves a worker's connection ({@code --routing}).
 *
 * <p>Immutable.
 */
public enum Routing {
    /** Worker {@code k} connects to endpoint {@code k mod n} (sysbench's behaviour); every node takes writes. */
    ROUND_ROBIN,
    /**
     * Workers of a workload that writes all connect to the first endpoint (the writer); workers of a read-only
     * workload are spread as in round-robin. After 1047 a worker moves to the next endpoint (failover).
     */
    SINGLE_WRITER;

    /** @return the option spelling, e.g. {@code single-writer} */
    public String spelling() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws UserException for an unknown name */
    public static Routing parse(String s) {
        for (Routing r : values()) {
            if (r.spelling().equalsIgnoreCase(s.strip()) || r.name().equalsIgnoreCase(s.strip())) {
                return r;
            }
        }
        throw new UserException("unknown --routing '" + s + "'", "use round-robin or single-writer");
    }
}
