package io.clusterbench.probe;

import io.clusterbench.UserException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Where the sessions of {@code probe anomalies} run their transactions: which endpoints take writing transactions
 * ({@code --routing}) and where read-only transactions go ({@code --reads-on}). Session {@code s} writes on endpoint 0
 * (single writer) or {@code s mod n} (every node a writer); its read-only transactions run on the same endpoint, on
 * another one ({@code 1 + s mod (n − 1)} with a single writer, the writer's next endpoint with every node writing), or
 * on any endpoint, drawn per transaction. After a lost connection or a node that refuses work (1047) the session moves
 * on to the next endpoint, as {@code run} fails over.
 *
 * <p>Immutable.
 *
 * @param routing   which endpoints take writes
 * @param readsOn   where read-only transactions run
 * @param endpoints number of endpoints, &ge; 1
 */
public record Placement(Routing routing, ReadsOn readsOn, int endpoints) {
    /** {@code --routing}. */
    public enum Routing {
        /** Every writing transaction runs on the first endpoint. */
        SINGLE_WRITER("single-writer"),
        /** Sessions write on every endpoint, round-robin. */
        ALL_WRITERS("all-writers");

        private final String label;

        Routing(String label) {
            this.label = label;
        }

        /** @return the option spelling */
        public String label() {
            return label;
        }

        /**
         * @param list {@code single-writer}, {@code all-writers} (also {@code round-robin}), comma-separated
         * @throws UserException for an unknown or repeated mode
         */
        public static List<Routing> list(String list) {
            List<Routing> out = new ArrayList<>();
            for (String part : list.split(",", -1)) {
                String p = part.strip().toLowerCase(Locale.ROOT);
                Routing r = p.equals("single-writer") ? SINGLE_WRITER
                        : p.equals("all-writers") || p.equals("round-robin") ? ALL_WRITERS : null;
                if (r == null || out.contains(r)) {
                    throw new UserException("invalid --routing '" + list + "'",
                            "give single-writer, all-writers or both, each once (e.g. --routing single-writer,all-writers)");
                }
                out.add(r);
            }
            return out;
        }
    }

    /** {@code --reads-on}. */
    public enum ReadsOn {
        /** Read-only transactions run where the session writes. */
        SAME,
        /** On another endpoint than the session's writes (needs two or more endpoints). */
        OTHER,
        /** On any endpoint, drawn per transaction. */
        ANY;

        /** @return the option spelling */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** @throws UserException for anything but same, other, any */
        public static ReadsOn parse(String text) {
            for (ReadsOn r : values()) {
                if (r.label().equalsIgnoreCase(text.strip())) {
                    return r;
                }
            }
            throw new UserException("invalid --reads-on '" + text + "'", "give same, other or any");
        }
    }

    /** @throws UserException when read-only transactions are to run on another node of a single endpoint */
    public Placement {
        if (readsOn == ReadsOn.OTHER && endpoints < 2) {
            throw new UserException("--reads-on other needs two or more endpoints (got " + endpoints + ")",
                    "give every node with --host/--port, or use --reads-on same");
        }
    }

    /** @return the 0-based endpoint session {@code session} writes on, before any failover */
    public int writer(int session) {
        return routing == Routing.SINGLE_WRITER ? 0 : Math.floorMod(session, endpoints);
    }

    /**
     * @param random the session's random source (used for {@link ReadsOn#ANY})
     * @return the 0-based endpoint of the session's next read-only transaction, before any failover
     */
    public int reader(int session, SplittableRandom random) {
        return switch (readsOn) {
            case SAME -> writer(session);
            case OTHER -> routing == Routing.SINGLE_WRITER ? 1 + Math.floorMod(session, endpoints - 1)
                    : Math.floorMod(writer(session) + 1, endpoints);
            case ANY -> random.nextInt(endpoints);
        };
    }
}
