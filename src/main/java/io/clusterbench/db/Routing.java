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

    /**
     * The one routing rule ({@link Target#route} and {@code inspect}'s failover headroom use it).
     *
     * @param workerIndex 0-based worker number
     * @param reroutes    endpoints moved along so far (failovers of this worker), &ge; 0
     * @param writes      true when the worker's events write
     * @param endpoints   endpoints of the target, &ge; 1
     * @return the 0-based endpoint: round-robin {@code (workerIndex + reroutes) mod n}; single-writer and
     *         {@code writes}: {@code reroutes mod n}
     */
    public int endpointIndex(int workerIndex, int reroutes, boolean writes, int endpoints) {
        int i = this == SINGLE_WRITER && writes ? reroutes : workerIndex + reroutes;
        return Math.floorMod(i, endpoints);
    }

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
