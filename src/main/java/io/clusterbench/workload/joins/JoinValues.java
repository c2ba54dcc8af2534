package io.clusterbench.workload.joins;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The value domains of the joins tables and of the query parameters drawn from them (reference:
 * 7 continents, 20 colours, 3 statuses, 50 record codes, years 1999–2035).
 *
 * <p>Immutable and thread-safe; draws use only the caller's generator.
 */
final class JoinValues {
    static final List<String> CONTINENTS = List.of("Africa", "Antarctica", "Asia", "Europe", "North America",
            "Oceania", "South America");
    static final List<String> COLORS = List.of("red", "blue", "green", "yellow", "black", "white", "orange",
            "purple", "pink", "brown", "gray", "cyan", "magenta", "lime", "maroon", "navy", "olive", "teal",
            "silver", "gold");
    /** Values of both {@code record_status} (level tables) and {@code enum_field} (main tables). */
    static final List<String> STATUSES = List.of("active", "inactive", "pending");
    static final List<String> SET_VALUES = List.of("read", "write", "execute", "delete");
    static final int FIRST_YEAR = 1999;
    static final int LAST_YEAR = 2035;
    static final int RECORD_CODES = 50;

    private JoinValues() {
    }

    /** @return one element of {@code values}, uniformly */
    static String pick(SplittableRandom rng, List<String> values) {
        return values.get(rng.nextInt(values.size()));
    }

    /** @return the record code with number {@code n} (0-based, below {@link #RECORD_CODES}), e.g. {@code RC007} */
    static String recordCode(int n) {
        return String.format(java.util.Locale.ROOT, "RC%03d", n);
    }

    /** @return {@code s} as a SQL string literal; the domains above hold no quote, but quotes are escaped anyway */
    static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
    }
}
